// The report date range's messages (spec 3 section 5): each field's own, and the toast of the field
// the user last changed, so 'To date must be greater than from date.' reaches the user.
import { describe, expect, it } from 'vitest';
import { REPORT_DATE_MSG } from '../../../src/shared/contracts/report-dates.js';
import { rangeProblems, rangeToast } from '../../../src/client/kit/report-dates.js';

const reversed = { FromDate: '11/27/2026', ToDate: '11/20/2026' };

describe('the report date range', () => {
  it('gives each field of a reversed range its own message', () => {
    expect(rangeProblems(reversed)).toEqual({
      FromDate: REPORT_DATE_MSG.fromBeforeTo,
      ToDate: REPORT_DATE_MSG.toAfterFrom,
    });
  });

  it('toasts the message of the field last changed', () => {
    const problems = rangeProblems(reversed);
    expect(rangeToast(problems, 'ToDate')).toBe(REPORT_DATE_MSG.toAfterFrom);
    expect(rangeToast(problems, 'FromDate')).toBe(REPORT_DATE_MSG.fromBeforeTo);
    expect(rangeToast(problems, null)).toBe(REPORT_DATE_MSG.fromBeforeTo);
  });

  it("toasts the other field's message when the changed one is good", () => {
    const problems = rangeProblems({ FromDate: '25/11/2026', ToDate: '11/20/2026' });
    expect(problems).toEqual({ FromDate: REPORT_DATE_MSG.onlyDate });
    expect(rangeToast(problems, 'ToDate')).toBe(REPORT_DATE_MSG.onlyDate);
  });

  it('has nothing to say of a good range', () => {
    const problems = rangeProblems({ FromDate: '11/20/2026', ToDate: '11/27/2026' });
    expect(problems).toEqual({});
    expect(rangeToast(problems, 'ToDate')).toBeNull();
  });
});
