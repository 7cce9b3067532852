// GS1's content checks ("linters") that the Barcode Syntax Dictionary names after a component's
// format, written after gs1/gs1-syntax-engine src/c-lib/syntax/lint_*.c. A linter not written here
// (ISO codes, coupons, IBAN, ...) passes: none of them is on an AI a label of ours carries.

type Linter = (value: string) => string | null;

const digits = (s: string) => /^\d*$/.test(s);

/** GS1's mod-10 check digit over the whole component (GTIN, GLN, SSCC, ...). */
const csum: Linter = (v) => {
  if (!digits(v) || v.length < 2) return 'The numeric check digit is incorrect';
  const body = [...v.slice(0, -1)].reverse().map(Number);
  const sum = body.reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(v.at(-1)) ? null : 'The numeric check digit is incorrect';
};

/** The shortest GS1 Company Prefix (4 digits) must be digits, from the component's start or its second place. */
const gcpAt =
  (from: number): Linter =>
  (v) =>
    v.length - from >= 4 && digits(v.slice(from, from + 4)) ? null : 'The GS1 Company Prefix is invalid';

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** YYYYMMDD, with DD 00 allowed when `zeroDay` (the month's last day). */
const fullDate =
  (zeroDay: boolean): Linter =>
  (v) => {
    if (v.length !== 8 || !digits(v)) return 'The date is not YYYYMMDD';
    const [y, m, d] = [Number(v.slice(0, 4)), Number(v.slice(4, 6)), Number(v.slice(6))];
    if (m < 1 || m > 12) return 'The month is invalid';
    const last = m === 2 && !leap(y) ? 28 : DAYS[m - 1]!;
    return d > last || (d === 0 && !zeroDay) ? 'The day is invalid' : null;
  };

/** YYMMDD: the century is the one that puts the year within 50 years of this one, as GS1 rules. */
const shortDate =
  (zeroDay: boolean): Linter =>
  (v) => {
    if (v.length !== 6 || !digits(v)) return 'The date is not YYMMDD';
    const yy = Number(v.slice(0, 2));
    const now = new Date().getUTCFullYear() % 100;
    const century = yy - now >= 51 ? '19' : yy - now > -50 ? '20' : '21';
    return fullDate(zeroDay)(`${century}${v}`);
  };

const range =
  (max: number, what: string): Linter =>
  (v) =>
    digits(v) && Number(v) <= max ? null : `The ${what} is invalid`;

export const LINTERS: Readonly<Record<string, Linter>> = {
  csum,
  gcppos1: gcpAt(0),
  gcppos2: gcpAt(1),
  yymmd0: shortDate(true),
  yymmdd: shortDate(false),
  yyyymmd0: fullDate(true),
  yyyymmdd: fullDate(false),
  hh: range(23, 'hour'),
  mi: range(59, 'minute'),
  ss: range(59, 'second'),
  hhmi: (v) => range(23, 'hour')(v.slice(0, 2)) ?? range(59, 'minute')(v.slice(2)),
  zero: (v) => (v === '0' ? null : 'The digit must be zero'),
  nonzero: (v) => (/^0*$/.test(v) ? 'The value must not be zero' : null),
  yesno: (v) => (v === '0' || v === '1' ? null : 'The value must be 0 or 1'),
  nozeroprefix: (v) => (v.length > 1 && v.startsWith('0') ? 'The value must not start with zero' : null),
  hasnondigit: (v) => (digits(v) ? 'The value must hold a character that is not a digit' : null),
  // Percent sequences inside a value (AI 8200's URL and the like) must be whole.
  pcenc: (v) => (/%(?![0-9A-Fa-f]{2})/.test(v) ? 'The value has an invalid percent sequence' : null),
};

/** GS1's character sets: N digits, X set 82, Y set 39, Z base64url. */
export const CHARACTER_SETS: Readonly<Record<'N' | 'X' | 'Y' | 'Z', RegExp>> = {
  N: /^\d*$/,
  X: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/,
  Y: /^[#\-/0-9A-Z]*$/,
  Z: /^[\-0-9A-Z_a-z]*={0,2}$/,
};
