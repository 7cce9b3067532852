// The date range of the report screens (spec 3 section 5, "Date filters"): MM/DD/YYYY, both required,
// from not after to. The messages show as error toasts on screen and come back from the server alike.
import { z } from 'zod';
import { toIsoDate } from './numbers/fields.js';

export const REPORT_DATE_MSG = {
  fromRequired: 'Please select from date.',
  toRequired: 'Please select to date.',
  onlyDate: 'Please enter only date.',
  fromBeforeTo: 'From date must be less than to date.',
  toAfterFrom: 'To date must be greater than from date.',
} as const;

const US_DATE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

/** A report date: m/d/yyyy (the spec's form; YYYY-MM-DD is taken too), answered as 'YYYY-MM-DD'. */
const reportDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((v, ctx) => {
      const iso = US_DATE.test(v) || /^\d{4}-\d{2}-\d{2}$/.test(v) ? toIsoDate(v) : null;
      return iso ?? (ctx.addIssue({ code: 'custom', message: REPORT_DATE_MSG.onlyDate }), z.NEVER);
    });

/** FromDate and ToDate of a report request, checked together. */
export const reportRange = {
  FromDate: reportDate(REPORT_DATE_MSG.fromRequired),
  ToDate: reportDate(REPORT_DATE_MSG.toRequired),
};

/** The order rule, for a schema holding `reportRange`. */
export function rangeInOrder(b: { FromDate: string; ToDate: string }, ctx: z.RefinementCtx) {
  if (b.FromDate > b.ToDate) {
    ctx.addIssue({ code: 'custom', message: REPORT_DATE_MSG.fromBeforeTo, path: ['FromDate'] });
    ctx.addIssue({ code: 'custom', message: REPORT_DATE_MSG.toAfterFrom, path: ['ToDate'] });
  }
}
