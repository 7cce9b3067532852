// The report screens' date range (spec 3 sections 2, 5 and 9): the last seven days through today on
// load, typed as MM/DD/YYYY, checked with the server's own rules, the first problem as the toast.
import { z } from 'zod';
import { addDays } from '../../shared/contracts/numbers/fields.js';
import { rangeInOrder, reportRange } from '../../shared/contracts/report-dates.js';
import { indiaDate } from '../../shared/today.js';

export interface DateRangeValues {
  FromDate: string;
  ToDate: string;
}

const range = z.object(reportRange).superRefine(rangeInOrder);

/** 'MM/DD/YYYY' of an ISO day. */
export const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The last seven days through today, India's calendar. */
export function lastSevenDays(today: string = indiaDate()): DateRangeValues {
  return { FromDate: usDay(addDays(today, -6)), ToDate: usDay(today) };
}

/** The first date message, or null when the range is good. */
export function rangeProblem(v: DateRangeValues): string | null {
  const parsed = range.safeParse({ FromDate: v.FromDate.trim(), ToDate: v.ToDate.trim() });
  return parsed.success ? null : parsed.error.issues[0]?.message ?? null;
}
