// Pick Lucky Users' form rules: the default range, the body (dates as MM/DD/YYYY) and which messages
// are toasts (dates) and which show under fields.
import { describe, expect, it } from 'vitest';
import { LUCKY_MSG } from '../../../src/shared/contracts/loyalty/lucky.js';
import { REPORT_DATE_MSG } from '../../../src/shared/contracts/report-dates.js';
import { luckyBody, luckyProblems, luckyStart, usDate } from '../../../src/client/features/loyalty/lucky-values.js';

describe('Pick Lucky Users values', () => {
  it('starts with the last seven days through today', () => {
    expect(luckyStart('2026-03-04')).toEqual({
      ProductId: null,
      Location: null,
      FromDate: '2026-02-26',
      ToDate: '2026-03-04',
      Qty: '',
    });
  });

  it('sends dates as MM/DD/YYYY', () => {
    expect(usDate('2026-03-04')).toBe('03/04/2026');
    expect(usDate('')).toBe('');
    expect(luckyBody({ ProductId: 2, Location: 27, FromDate: '2026-03-01', ToDate: '2026-03-04', Qty: 3 })).toEqual({
      ProductId: 2,
      Location: 27,
      FromDate: '03/01/2026',
      ToDate: '03/04/2026',
      Qty: 3,
    });
  });

  it('passes a full form', () => {
    expect(
      luckyProblems(luckyBody({ ProductId: 2, Location: 27, FromDate: '2026-03-01', ToDate: '2026-03-04', Qty: 3 })),
    ).toBeNull();
  });

  it('shows the missing choices under their fields', () => {
    expect(luckyProblems(luckyBody(luckyStart('2026-03-04')))).toEqual({
      fields: { ProductId: LUCKY_MSG.product, Location: LUCKY_MSG.location, Qty: LUCKY_MSG.qty },
    });
    expect(
      luckyProblems(luckyBody({ ProductId: 2, Location: 27, FromDate: '2026-03-01', ToDate: '2026-03-04', Qty: '-' }))
        ?.fields,
    ).toEqual({ Qty: LUCKY_MSG.qty });
  });

  it('gives date problems as one toast message', () => {
    const base = { ProductId: 2, Location: 27, Qty: 3 };
    expect(luckyProblems(luckyBody({ ...base, FromDate: '', ToDate: '2026-03-04' }))).toEqual({
      toast: REPORT_DATE_MSG.fromRequired,
      fields: {},
    });
    expect(luckyProblems(luckyBody({ ...base, FromDate: '2026-03-05', ToDate: '2026-03-04' }))).toEqual({
      toast: REPORT_DATE_MSG.fromBeforeTo,
      fields: {},
    });
  });
});
