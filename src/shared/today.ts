// "Today" as the company reads it: the calendar date in India, whatever the clock's zone (a server in
// UTC and a tablet in IST must agree on which schemes are in force).
export const COMPANY_TIME_ZONE = 'Asia/Kolkata';

/** Asia/Kolkata from UTC, in minutes: 5 h 30 min all year (no daylight saving since 1945), so a fixed
 *  offset is exact (a unit test holds it to Intl's Asia/Kolkata). Arithmetic, not an Intl formatter:
 *  formatting was a visible share of every verification. */
export const INDIA_OFFSET_MINUTES = 330;
const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * 60_000;

/** 'YYYY-MM-DD' of `at` in India. */
export function indiaDate(at: Date = new Date()): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}
