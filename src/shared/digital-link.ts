// GS1 Digital Link (the form India's Insecticides (First Amendment) Rules 2025 ask a label's QR to
// carry: GTIN, batch, dates and a web link, see ../shared/FLOOR.md "Codes on the label"):
//   {base}/01/{GTIN}/10/{batch}/21/{uid}?11={YYMMDD}&17={YYMMDD}
// The uid is the serial (AI 21), so every scan of either printed form reduces to the same uid.
// Dates are GS1's YYMMDD (DD 00: the month's last day), kept as printed; the server compares them
// with the code's mapping.

export interface DigitalLink {
  /** 14 digits (GTIN-8, -12 and -13 are padded with zeros, as GS1 writes them in a link). */
  gtin: string;
  batch: string;
  uid: string;
  /** AI 11, production date, YYMMDD; '' when the link has none. */
  mfg: string;
  /** AI 17, expiry date, YYMMDD; '' when the link has none. */
  exp: string;
}

/** GS1's mod-10 check digit holds (a mistyped GTIN is not a link to anything). */
export function gtinValid(gtin: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(gtin)) return false;
  const digits = [...gtin].map(Number);
  const check = digits.pop()!;
  // From the right, the digits before the check digit weigh 3, 1, 3, ...
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

const YYMMDD = /^\d{2}(0[1-9]|1[0-2])(0\d|[12]\d|3[01])$/;

/** An ISO date (YYYY-MM-DD) as GS1 writes it; '' for none. */
export const gs1Date = (iso: string): string =>
  /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}` : '';

/** The link printed on a pack. */
export function digitalLink(publicBaseUrl: string, l: DigitalLink): string {
  const dates = [l.mfg && `11=${l.mfg}`, l.exp && `17=${l.exp}`].filter(Boolean).join('&');
  return `${publicBaseUrl.replace(/\/+$/, '')}/01/${l.gtin.padStart(14, '0')}/10/${encodeURIComponent(l.batch)}/21/${encodeURIComponent(l.uid)}${dates ? `?${dates}` : ''}`;
}

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** The link's parts, or null when the text is not a Digital Link with a valid GTIN, a batch and a
 *  serial (any path before `/01/` is the resolver's own). Dates that are present must be YYMMDD. */
export function parseDigitalLink(text: string): DigitalLink | null {
  const s = text.trim();
  const at = s.search(/\/01\/\d/);
  if (at < 0) return null;
  const [path = '', query = ''] = s
    .slice(at + 1)
    .split('#')[0]!
    .split('?');
  const parts = path.split('/');
  if (parts.length !== 6 || parts[0] !== '01') return null;
  const keys: Record<string, string> = {};
  for (let i = 2; i < parts.length; i += 2) {
    const value = decode(parts[i + 1]!);
    if (!value || keys[parts[i]!] !== undefined) return null;
    keys[parts[i]!] = value;
  }
  const gtin = parts[1]!;
  const batch = keys['10'];
  const uid = keys['21'];
  if (!gtinValid(gtin) || !batch || !uid) return null;
  const params = new URLSearchParams(query);
  const mfg = params.get('11') ?? '';
  const exp = params.get('17') ?? '';
  if ((mfg && !YYMMDD.test(mfg)) || (exp && !YYMMDD.test(exp))) return null;
  return { gtin: gtin.padStart(14, '0'), batch, uid, mfg, exp };
}

/** What a pack's record says, as a link on its label must say it. */
export interface LinkRecord {
  gtin: string | null;
  batch: string;
  mfgDate: string;
  expDate: string | null;
}

const sameDate = (printed: string, iso: string | null) =>
  // DD 00 is GS1's "the last day of the month": the month must agree.
  printed === '' ||
  (iso !== null &&
    (printed === gs1Date(iso) || (printed.endsWith('00') && printed.slice(0, 4) === gs1Date(iso).slice(0, 4))));

/** The first of the link's fields that disagrees with the pack's record, or null. A record without a
 *  GTIN cannot disagree on it; a link without a date says nothing of it. */
export function linkDisagrees(link: DigitalLink, r: LinkRecord): 'GTIN' | 'batch' | 'MFG date' | 'expiry date' | null {
  const gtin = (r.gtin ?? '').replace(/\D/g, '');
  if (gtin && gtin.padStart(14, '0') !== link.gtin) return 'GTIN';
  if (link.batch.trim().toUpperCase() !== r.batch.trim().toUpperCase()) return 'batch';
  if (!sameDate(link.mfg, r.mfgDate)) return 'MFG date';
  if (!sameDate(link.exp, r.expDate)) return 'expiry date';
  return null;
}
