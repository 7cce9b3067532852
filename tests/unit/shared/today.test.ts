// indiaDate is arithmetic (UTC+05:30): held here to Intl's Asia/Kolkata calendar at every day's edge
// (18:29:59.999 and 18:30 UTC) over years, and in between.
import { describe, expect, it } from 'vitest';
import { COMPANY_TIME_ZONE, indiaDate } from '../../../src/shared/today.js';

const intl = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('indiaDate', () => {
  it("is Intl's Asia/Kolkata date at each day's edge and in between, 1990 to 2040", () => {
    const wrong: string[] = [];
    for (let day = Date.UTC(1990, 0, 1); day < Date.UTC(2040, 0, 1); day += 86_400_000 * 3) {
      const edge = day + (18 * 60 + 30) * 60_000;
      for (const at of [edge - 1, edge, day, day + 43_200_000]) {
        const d = new Date(at);
        if (indiaDate(d) !== intl.format(d)) wrong.push(d.toISOString());
      }
    }
    expect(wrong).toEqual([]);
    expect(indiaDate(new Date('2026-11-29T18:29:59.999Z'))).toBe('2026-11-29');
    expect(indiaDate(new Date('2026-11-29T18:30:00.000Z'))).toBe('2026-11-30');
  });
});
