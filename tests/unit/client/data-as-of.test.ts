// The report screens' "Data as of" line (client/api/data-as-of.ts): an answer read from a standby more
// than a few seconds behind shows its time on India's clock, measured against the answer's own Date;
// a current answer, or one from the primary (no header), clears it; each call path keeps its own.
import { describe, expect, it, vi } from 'vitest';
import { dataAsOfText, noteAnswer, onDataAsOf, STALE_AFTER_MS, staleAsOf } from '../../../src/client/api/data-as-of.js';
import { DATA_AS_OF_HEADER } from '../../../src/shared/endpoint.js';

const SERVER_NOW = Date.UTC(2026, 10, 29, 5, 12, 30); // 10:42:30 in India
const answer = (asOf: number | null, date: number | null = SERVER_NOW) =>
  new Headers({
    ...(asOf === null ? {} : { [DATA_AS_OF_HEADER]: new Date(asOf).toISOString() }),
    ...(date === null ? {} : { date: new Date(date).toUTCString() }),
  });

describe('the data-as-of line', () => {
  it("shows a standby answer older than a few seconds, on India's clock", () => {
    noteAnswer('/SecondaryReport/GetSecondaryReport', answer(SERVER_NOW - 25_000));
    const at = staleAsOf('SecondaryReport/GetSecondaryReport');
    expect(at).toBe(SERVER_NOW - 25_000);
    expect(dataAsOfText(at!)).toBe('Data as of 10:42:05');
  });

  it('clears on a fresh answer and on one from the primary; each path keeps its own', () => {
    const seen = vi.fn();
    const off = onDataAsOf(seen);
    noteAnswer('A/List', answer(SERVER_NOW - 60_000));
    noteAnswer('B/List', answer(SERVER_NOW - 60_000));
    noteAnswer('A/List', answer(SERVER_NOW - STALE_AFTER_MS + 1000));
    expect(staleAsOf('A/List')).toBeNull();
    expect(staleAsOf('B/List')).toBe(SERVER_NOW - 60_000);
    noteAnswer('B/List?x=1', answer(null));
    expect(staleAsOf('B/List')).toBeNull();
    expect(seen).toHaveBeenCalledTimes(4);
    off();
  });

  it("measures the age by the server's Date, so a device clock hours off changes nothing", () => {
    vi.useFakeTimers({ now: SERVER_NOW + 3 * 3_600_000 });
    try {
      noteAnswer('C/List', answer(SERVER_NOW - 2000));
      expect(staleAsOf('C/List')).toBeNull();
      // No Date header: the device's clock is all there is.
      noteAnswer('C/List', answer(SERVER_NOW - 2000, null));
      expect(staleAsOf('C/List')).toBe(SERVER_NOW - 2000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores a header that is not a time', () => {
    noteAnswer('D/List', new Headers({ [DATA_AS_OF_HEADER]: 'yesterday', date: new Date(SERVER_NOW).toUTCString() }));
    expect(staleAsOf('D/List')).toBeNull();
  });
});
