// Value rules of the CBV 2.0 event hash, as the reference generator (RalphTro/epcis-event-hash-generator,
// Python) applies them: Python's strip, string order, float() and str(), and dateutil's timestamps.
// Each helper reproduces the Python behaviour the published hashes were made with.

/** Python's str.strip(): Unicode whitespace plus the separators U+001C..U+001F, not U+FEFF. */
export function pyStrip(text: string): string {
  return text.replace(PY_TRIM, '');
}
const PY_TRIM = /^[\p{White_Space}\x1c-\x1f]+|[\p{White_Space}\x1c-\x1f]+$/gu;

/** Python's string order: by code point (JavaScript's < compares UTF-16 units). */
export function comparePy(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Units and code points order alike unless a surrogate meets a unit above it.
    if ((x & 0xf800) === 0xd800 || (y & 0xf800) === 0xd800) return a.codePointAt(i)! - b.codePointAt(i)!;
    return x - y;
  }
  return a.length - b.length;
}

/** Python's s[start:end] (negative indexes count from the end). */
export function pySlice(s: string, start: number, end?: number): string {
  const at = (i: number) => (i < 0 ? Math.max(0, s.length + i) : Math.min(i, s.length));
  return s.slice(at(start), end === undefined ? s.length : at(end));
}

const NON_ASCII = /[^\x00-\x7f]/;

// Python's float() reads any Unicode decimal digit (a Devanagari lot "२६" is the number 26).
function asciiDigits(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text.replace(/\p{Nd}/gu, (ch) => {
    let cp = ch.codePointAt(0)!;
    let steps = 0;
    while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) {
      cp--;
      steps++;
    }
    return String(steps % 10);
  });
}

const HAS_DIGIT = /\p{Nd}/u;
const PY_FLOAT = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;

/** Python's repr() of a finite float that is not a whole number. */
function floatRepr(value: number): string {
  if (Math.abs(value) >= 1e-4) return String(value);
  const [mantissa, exponent] = value.toExponential().split('e');
  const sign = exponent!.startsWith('-') ? '-' : '+';
  return `${mantissa}e${sign}${exponent!.replace(/^[+-]/, '').padStart(2, '0')}`;
}

/**
 * The reference's _try_format_numeric: float(text), whole numbers without ".0", else Python's str().
 * Infinity crashes the reference (int(inf)); like NaN, its text is kept here (docs/epcis.md).
 */
export function formatNumeric(text: string): string {
  if (!HAS_DIGIT.test(text)) return text; // most values (URIs aside) hold no digit: skip the parse
  const ascii = asciiDigits(pyStrip(text));
  if (!PY_FLOAT.test(ascii)) return text;
  const value = Number(ascii.replaceAll('_', ''));
  if (!Number.isFinite(value)) return text;
  return Number.isInteger(value) ? BigInt(value).toString() : floatRepr(value);
}

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Python's round(n, -3) on an integer: to the nearest thousand, halves to even. */
function roundHalfEvenThousand(micros: number): number {
  const low = Math.floor(micros / 1000) * 1000;
  const rest = micros - low;
  if (rest > 500 || (rest === 500 && (low / 1000) % 2 === 1)) return low + 1000;
  return low;
}

/**
 * The reference's _fix_time_stamp_format: UTC at millisecond precision with "Z". dateutil keeps six
 * fraction digits and the reference rounds them to milliseconds, halves to even. A time without a
 * zone is read as UTC (the reference reads it in the server's zone). Only ISO 8601 is read (dateutil
 * reads more, the export writes nothing else); other text is kept, as the reference keeps what
 * dateutil cannot read.
 */
export function fixTimestamp(text: string): string {
  const m = ISO_TIME.exec(text);
  if (!m) return text;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const micros = Number(frac.padEnd(6, '0').slice(0, 6));
  const rounded = roundHalfEvenThousand(micros);
  // The reference cannot hold 1,000,000 microseconds (Python raises): such a time has no reference hash.
  if (rounded >= 1_000_000) throw new Error(`The reference event hash cannot round the time ${text}`);
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    if (zone.startsWith('-')) offsetMinutes = -offsetMinutes;
  }
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as number[];
  // What Python's datetime refuses, dateutil cannot read: the reference keeps the text.
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day!) return text;
  if (hour! > 23 || minute! > 59 || second! > 59) return text;
  date.setUTCHours(hour!, minute! - offsetMinutes, second!, rounded / 1000);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${date.toISOString().slice(-19, -1)}Z`;
}
