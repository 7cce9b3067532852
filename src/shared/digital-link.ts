// GS1 Digital Link (the form India's Insecticides (First Amendment) Rules 2025 ask a label's QR to
// carry: GTIN, batch, dates and a web link, see ../shared/FLOOR.md "Codes on the label"):
//   {base}/01/{GTIN}/10/{batch}/21/{uid}?11={YYMMDD}&17={YYMMDD}
// The uid is the serial (AI 21), so every scan of either printed form reduces to the same uid. Links
// are read by GS1's rules (gs1/dl-parse.ts) and only links those rules accept are written.
// Dates are GS1's YYMMDD (DD 00: the month's last day), kept as printed; the server compares them
// with the code's mapping.
import { aiEntry, aiValueError } from './gs1/ai-dictionary.js';
import { parseDlUri } from './gs1/dl-parse.js';

export interface DigitalLink {
  /** 14 digits (GTIN-8, -12 and -13 are padded with zeros, as GS1 writes them in a link). */
  gtin: string;
  /** AI 10; '' when the link has none. */
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

/** An ISO date (YYYY-MM-DD) as GS1 writes it; '' for none. */
export const gs1Date = (iso: string): string =>
  /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}` : '';

const fits = (ai: string, value: string) => aiValueError(aiEntry(ai)!, value) === null;

/** The batch can be written in AI 10: GS1 allows at most 20 characters of its character set 82
 *  (A-Z a-z 0-9 and ! " % & ' ( ) * + , - . / : ; < = > ? _), so no space and no Devanagari;
 *  percent-encoding does not make them legal. */
export const batchFitsAi10 = (batch: string): boolean => fits('10', batch);

/** The GTIN, batch and dates last found fit: a print run checks them once, not once per code. */
let fitChecked = '';

/** The link printed on a pack, or null when GS1's rules would refuse it (a batch that does not fit
 *  AI 10, a GTIN without its check digit): such a pack keeps the short /P?U= link. */
export function digitalLink(publicBaseUrl: string, l: DigitalLink): string | null {
  const gtin = l.gtin.padStart(14, '0');
  const fixed = `${gtin}\n${l.batch}\n${l.mfg}\n${l.exp}`;
  if (fixed !== fitChecked) {
    const wrong =
      !fits('01', gtin) ||
      (l.batch !== '' && !batchFitsAi10(l.batch)) ||
      (l.mfg !== '' && !fits('11', l.mfg)) ||
      (l.exp !== '' && !fits('17', l.exp));
    if (wrong) return null;
    fitChecked = fixed;
  }
  if (!fits('21', l.uid)) return null;
  const batch = l.batch && `/10/${encodeURIComponent(l.batch)}`;
  const dates = [l.mfg && `11=${l.mfg}`, l.exp && `17=${l.exp}`].filter(Boolean).join('&');
  return `${publicBaseUrl.replace(/\/+$/, '')}/01/${gtin}${batch}/21/${encodeURIComponent(l.uid)}${dates ? `?${dates}` : ''}`;
}

/** A pack's link as GS1 reads it: primary key 01 with a serial (21), in any conformant form (numeric
 *  AIs or short names, with 22 or 10 or neither, behind any resolver path), dates from 11 and 17 in the
 *  query; null for anything else. A scan's surrounding spaces and one trailing slash on the path are
 *  forgiven (GS1's syntax engine refuses the slash, evrythng's accepts it; a scanner reads what it reads). */
export function parseDigitalLink(text: string): DigitalLink | null {
  // Not a web address (a bare uid, as most scans are): not a link, said without the parser's refusal
  // (an exception: under load, the dearest function of ours in the server's CPU profile).
  if (!/^https?:\/\//i.test(text.trimStart())) return null;
  const p = parseDlUri(text.trim().replace(/^([^?#]*[^/?#])\/(?=[?#]|$)/, '$1'));
  if (!p.ok || p.primary.ai !== '01') return null;
  const ai = new Map([...p.qualifiers, ...p.attributes].map((e) => [e.ai, e.value]));
  const uid = ai.get('21');
  if (!uid) return null;
  return { gtin: p.primary.value, batch: ai.get('10') ?? '', uid, mfg: ai.get('11') ?? '', exp: ai.get('17') ?? '' };
}

/** Before it followed GS1's rules this product printed any batch into AI 10, percent-encoded (a
 *  space, 50 characters, Devanagari): GS1 refuses those links, but the packs are labelled and genuine,
 *  so a link in exactly that printed form still gives its uid (and says nothing of batch or dates). */
const PRINTED_BEFORE_GS1 =
  /^https?:\/\/[^\s?#]*\/01\/\d{14}\/10\/[^\s/?#]+\/21\/([0-9A-Za-z]{1,20})(\?11=\d{6}(&17=\d{6})?|\?17=\d{6})?$/;
export const uidOfEarlierLabel = (text: string): string | null => PRINTED_BEFORE_GS1.exec(text.trim())?.[1] ?? null;

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
 *  GTIN cannot disagree on it; a link without a batch or a date says nothing of it. */
export function linkDisagrees(link: DigitalLink, r: LinkRecord): 'GTIN' | 'batch' | 'MFG date' | 'expiry date' | null {
  const gtin = (r.gtin ?? '').replace(/\D/g, '');
  if (gtin && gtin.padStart(14, '0') !== link.gtin) return 'GTIN';
  if (link.batch && link.batch.trim().toUpperCase() !== r.batch.trim().toUpperCase()) return 'batch';
  if (!sameDate(link.mfg, r.mfgDate)) return 'MFG date';
  if (!sameDate(link.exp, r.expDate)) return 'expiry date';
  return null;
}
