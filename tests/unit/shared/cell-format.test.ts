// The one cell formatter (src/shared/cell-format.ts): dates in India's calendar and clock whatever the
// process's zone. Node re-reads process.env.TZ when it is set, so each zone below is really in force
// (checked by the offset Date reports) while the same cells are formatted.
import { afterAll, describe, expect, it } from 'vitest';
import { cellText, formatDate, formatDateTime, INDIA_OFFSET_MINUTES } from '../../../src/shared/cell-format.js';
import { COMPANY_TIME_ZONE } from '../../../src/shared/today.js';

const LATE_EVENING_UTC = '2026-11-27T20:00:00Z';
const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

/** Minutes the process's zone is behind UTC on that day (Date.getTimezoneOffset), to prove the zone is in force. */
const behindUtc = (at: string) => new Date(at).getTimezoneOffset();

describe.each([
  ['UTC', 0],
  ['America/Los_Angeles', 480],
  ['Pacific/Kiritimati', -840],
  ['Asia/Kolkata', -330],
])('with the process in %s', (zone, offset) => {
  it('shows 2026-11-27T20:00:00Z as India shows it: 28-11-2026 01:30', () => {
    process.env.TZ = zone;
    expect(behindUtc(LATE_EVENING_UTC)).toBe(offset);
    for (const value of [
      LATE_EVENING_UTC,
      '2026-11-27T20:00:00.000Z',
      new Date(LATE_EVENING_UTC),
      Date.parse(LATE_EVENING_UTC),
      '2026-11-27 20:00:00+00',
      '2026-11-28 01:30:00.123456+05:30',
      '2026-11-27T15:00:00-0500',
    ]) {
      expect(cellText(value, 'date'), String(value)).toBe('28-11-2026');
      expect(cellText(value, 'datetime'), String(value)).toBe('28-11-2026 01:30');
    }
    expect(cellText(new Date(LATE_EVENING_UTC)), 'a Date in a text column').toBe('28-11-2026 01:30');
  });

  it("shows a calendar day as the day it names, and a time without zone as India's wall clock", () => {
    process.env.TZ = zone;
    expect(behindUtc(LATE_EVENING_UTC)).toBe(offset);
    expect(formatDate('2026-11-27')).toBe('27-11-2026');
    expect(formatDateTime('2026-11-27')).toBe('27-11-2026');
    expect(formatDateTime('2024-03-07T10:20:00')).toBe('07-03-2024 10:20');
    expect(formatDate('2024-03-07 23:59')).toBe('07-03-2024');
  });
});

describe('cells', () => {
  it("holds the fixed offset to Intl's Asia/Kolkata over the years (no daylight saving)", () => {
    const india = new Intl.DateTimeFormat('en-GB', {
      timeZone: COMPANY_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(INDIA_OFFSET_MINUTES).toBe(330);
    for (let ms = Date.UTC(1990, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 7 * 86_400_000 + 3_600_000 * 7 + 60_000 * 13) {
      const want = india.format(ms).replace(/\//g, '-').replace(', ', ' ');
      expect(formatDateTime(new Date(ms))).toBe(want);
    }
  });

  it('leaves what is no date as written, and empty as empty', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('2026-02-31')).toBe('2026-02-31');
    expect(formatDate('27-11-2026')).toBe('27-11-2026');
    expect(formatDateTime('2026-11-27T25:00:00Z')).toBe('2026-11-27T25:00:00Z');
  });

  it('writes flags as words, lists joined, numbers as written', () => {
    expect(cellText(true, 'status')).toBe('Active');
    expect(cellText(0, 'status')).toBe('Inactive');
    expect(cellText('1', 'yesno')).toBe('Yes');
    expect(cellText(false, 'yesno')).toBe('No');
    expect(cellText(['Copy', 'Far away'])).toBe('Copy, Far away');
    expect(cellText(-5)).toBe('-5');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(undefined)).toBe('');
  });
});
