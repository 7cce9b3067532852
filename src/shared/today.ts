// "Today" as the company reads it: the calendar date in India, whatever the clock's zone (a server in
// UTC and a tablet in IST must agree on which schemes are in force).
export const COMPANY_TIME_ZONE = 'Asia/Kolkata';

// Made once: building an Intl formatter costs far more than using one (it was a tenth of a verification).
const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of `at` in India. */
export function indiaDate(at: Date = new Date()): string {
  return DAY.format(at);
}
