// The text of a list cell, the one rule for screens, the browser's exports and the server's CSV, so a
// screen and its export agree. Dates read DD-MM-YYYY ('datetime': DD-MM-YYYY HH:mm) in the company's
// calendar and clock (India) whatever the zone of the machine or browser. India has kept UTC+05:30
// without daylight saving since 1945, so a fixed offset is exact (a unit test holds it to Intl's
// Asia/Kolkata) and costs a few additions per cell: exports stream 50,000 rows and more.
import { INDIA_OFFSET_MINUTES } from './today.js';

export type CellFormat = 'text' | 'date' | 'datetime' | 'status' | 'yesno';

export { INDIA_OFFSET_MINUTES };
const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * 60_000;

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const stamp = (y: number, mo: number, d: number, h: number, mi: number, withTime: boolean) => {
  const day = `${two(d)}-${two(mo)}-${y}`;
  return withTime ? `${day} ${two(h)}:${two(mi)}` : day;
};

/** A moment (epoch milliseconds) as India's calendar shows it. */
function indiaStamp(ms: number, withTime: boolean): string {
  const d = new Date(ms + INDIA_OFFSET_MS);
  return stamp(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), withTime);
}

// ISO 8601 as JSON writes dates, or PostgreSQL's text ('2026-11-27 20:00:00.123+00'): a day alone, a
// wall-clock time without zone, or a moment with its zone (Z, +05:30, +0530, +05).
const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The zone's offset in minutes east of UTC. */
function zoneMinutes(zone: string): number {
  if (zone === 'Z' || zone === 'z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
}

/** Parsed by hand, not by Date.parse, which reads a zoneless time in the machine's zone and whose
 *  leniency differs between browsers. A day alone is the calendar day it names (a date column); a
 *  time without zone is taken as India's wall clock; a moment with its zone is shown in India's time. */
function stringStamp(text: string, withTime: boolean): string {
  const m = STAMP.exec(text);
  if (!m) return text;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const h = Number(m[4] ?? 0);
  const mi = Number(m[5] ?? 0);
  const utc = Date.UTC(y, mo - 1, d, h, mi, Number(m[6] ?? 0));
  const check = new Date(utc);
  // No 31-02 or 25:00: Date.UTC would roll them over into another day.
  if (
    check.getUTCDate() !== d ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi
  )
    return text;
  if (m[4] === undefined) return stamp(y, mo, d, 0, 0, false);
  if (m[7] === undefined) return stamp(y, mo, d, h, mi, withTime);
  return indiaStamp(utc - zoneMinutes(m[7]) * 60_000, withTime);
}

function dateText(value: unknown, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : indiaStamp(value.getTime(), withTime);
  if (typeof value === 'number' && Number.isFinite(value)) return indiaStamp(value, withTime);
  return typeof value === 'string' ? stringStamp(value, withTime) : String(value);
}

/** True for the ways a flag arrives as yes (true, 1, '1', 'true'): 'Active' or 'Yes'. */
export const isYes = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** The text a cell shows for its column's format (numbers as written: a negative number is data). */
export function cellText(value: unknown, format: CellFormat = 'text'): string {
  switch (format) {
    case 'date':
      return dateText(value, false);
    case 'datetime':
      return dateText(value, true);
    case 'status':
      return isYes(value) ? 'Active' : 'Inactive';
    case 'yesno':
      return isYes(value) ? 'Yes' : 'No';
    default:
      if (value === null || value === undefined) return '';
      if (value instanceof Date) return dateText(value, true);
      if (Array.isArray(value)) return value.join(', ');
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}

/** A date cell: DD-MM-YYYY in India's calendar. */
export const formatDate = (value: unknown): string => cellText(value, 'date');
/** A date and time: DD-MM-YYYY HH:mm in India's time. */
export const formatDateTime = (value: unknown): string => cellText(value, 'datetime');
