// The report screens' date range (spec 3 sections 2, 5 and 9): the last seven days through today on
// load, typed as MM/DD/YYYY, checked with the server's own rules: each field's problem under it, and
// the toast of the field the user last changed (so 'To date must be greater than from date.' shows
// when the To date was moved before the From date).
import { z } from 'zod';
import { addDays } from '@shared/contracts/numbers/fields.js';
import { rangeInOrder, reportRange } from '@shared/contracts/report-dates.js';
import { indiaDate } from '@shared/today.js';

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

export type DateField = keyof DateRangeValues;
export type RangeProblems = Partial<Record<DateField, string>>;

/** Each field's first message; empty when the range is good. */
export function rangeProblems(v: DateRangeValues): RangeProblems {
  const parsed = range.safeParse({ FromDate: v.FromDate.trim(), ToDate: v.ToDate.trim() });
  const out: RangeProblems = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'FromDate' || field === 'ToDate') && out[field] === undefined) out[field] = issue.message;
  }
  return out;
}

/** The toast's message: the problem of the field last changed, else the first; null when the range is good. */
export function rangeToast(problems: RangeProblems, lastChanged: DateField | null): string | null {
  return (lastChanged && problems[lastChanged]) || problems.FromDate || problems.ToDate || null;
}
