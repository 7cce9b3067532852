// The code formats of DESIGN section 4, structure only: the PWA reads a code's series and serial
// offline; only the server holds the secret that makes and checks a code's MAC (server/domain/code-mac.ts).
//
// uid = kind + [prefix] + serial + mac, Crockford base32 (so lower case, O for 0 and I/L for 1 read the same):
//   preprinted  P + serial(7) + mac(8)                   16 characters
//   static      S + prefix(3) + serial(7) + mac(8)       19 characters
// The mac is 40 bits of a keyed PRF over the 16-byte block of `macBlock`.

import { parseDigitalLink, uidOfEarlierLabel } from './digital-link.js';

export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SERIAL_CHARS = 7;
export const MAC_CHARS = 8;
export const MAC_BYTES = 5;
/** The largest serial seven base32 characters hold. */
export const MAX_SERIAL = 32 ** SERIAL_CHARS - 1;

export type SeriesKind = 'P' | 'S';
export interface Series {
  kind: SeriesKind;
  prefix: string;
}
export interface ParsedUid extends Series {
  serial: number;
  mac: string;
  uid: string;
}

const PREFIX_PATTERN = /^[A-Z0-9]{2}$/;
const PREFIX_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Upper case, separators dropped, O -> 0 and I/L -> 1; null when a character is not Crockford. */
export function normaliseBase32(text: string): string | null {
  const s = text.trim().toUpperCase().replace(/[-\s]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  for (const c of s) if (!CROCKFORD.includes(c)) return null;
  return s;
}

export function encodeBase32(n: number, width: number): string {
  let out = '';
  let v = n;
  for (let i = 0; i < width; i++) {
    out = CROCKFORD[v % 32] + out;
    v = Math.floor(v / 32);
  }
  return out;
}

export function decodeBase32(s: string): number {
  let v = 0;
  for (const c of s) v = v * 32 + CROCKFORD.indexOf(c);
  return v;
}

/** A two-character site prefix (letters and digits, any case) as three base32 characters. */
function encodePrefix(prefix: string): string {
  const p = prefix.toUpperCase();
  return encodeBase32(PREFIX_CHARS.indexOf(p[0]!) * 36 + PREFIX_CHARS.indexOf(p[1]!), 3);
}

function decodePrefix(s: string): string | null {
  const v = decodeBase32(s);
  if (v >= 36 * 36) return null;
  return PREFIX_CHARS[Math.floor(v / 36)]! + PREFIX_CHARS[v % 36]!;
}

export function isPrefix(prefix: string): boolean {
  return PREFIX_PATTERN.test(prefix.toUpperCase());
}

export function validSerial(serial: number): boolean {
  return Number.isSafeInteger(serial) && serial >= 1 && serial <= MAX_SERIAL;
}

/** The uid without its mac. Throws on a serial or prefix no code can hold (a programming error). */
export function uidBody({ kind, prefix }: Series, serial: number): string {
  if (!validSerial(serial)) throw new RangeError(`serial ${serial} is outside 1..${MAX_SERIAL}`);
  if (kind === 'P') return 'P' + encodeBase32(serial, SERIAL_CHARS);
  if (!isPrefix(prefix)) throw new RangeError(`prefix '${prefix}' is not two letters or digits`);
  return 'S' + encodePrefix(prefix) + encodeBase32(serial, SERIAL_CHARS);
}

/** The 16 bytes the mac is made over: a label, the kind, the prefix and the serial (big-endian). */
export function macBlock({ kind, prefix }: Series, serial: number, out = new Uint8Array(16), at = 0): Uint8Array {
  out[at] = 0x46; // 'F'
  out[at + 1] = 1; // format version
  out[at + 2] = kind.charCodeAt(0);
  const p = kind === 'S' ? prefix.toUpperCase() : '\0\0';
  out[at + 3] = p.charCodeAt(0);
  out[at + 4] = p.charCodeAt(1);
  out[at + 5] = 0;
  out[at + 6] = 0;
  out[at + 7] = 0;
  let v = serial;
  for (let i = 15; i >= 8; i--) {
    out[at + i] = v % 256;
    v = Math.floor(v / 256);
  }
  return out;
}

/** Five mac bytes as eight base32 characters. */
export function macText(bytes: Uint8Array, at = 0): string {
  let v = 0;
  for (let i = 0; i < MAC_BYTES; i++) v = v * 256 + bytes[at + i]!;
  return encodeBase32(v, MAC_CHARS);
}

/** The parts of a uid, read without the secret; null when it cannot be a code of ours. */
export function parseUid(text: string): ParsedUid | null {
  const s = normaliseBase32(text);
  if (!s) return null;
  if (s.length === 1 + SERIAL_CHARS + MAC_CHARS && s[0] === 'P') {
    const serial = decodeBase32(s.slice(1, 1 + SERIAL_CHARS));
    if (!validSerial(serial)) return null;
    return { kind: 'P', prefix: '', serial, mac: s.slice(1 + SERIAL_CHARS), uid: s };
  }
  if (s.length === 4 + SERIAL_CHARS + MAC_CHARS && s[0] === 'S') {
    const prefix = decodePrefix(s.slice(1, 4));
    const serial = decodeBase32(s.slice(4, 4 + SERIAL_CHARS));
    if (!prefix || !validSerial(serial)) return null;
    return { kind: 'S', prefix, serial, mac: s.slice(4 + SERIAL_CHARS), uid: s };
  }
  return null;
}

/** A scan of the whole URL is reduced to the uid: a GS1 Digital Link in any conformant form
 *  (digital-link.ts) to its serial, the original form ({PUBLIC_BASE_URL}/P?U={uid}) to the part after
 *  the last '='. */
export function scannedUid(scan: string): string {
  const s = scan.trim();
  const link = parseDigitalLink(s);
  if (link) return link.uid;
  const earlier = uidOfEarlierLabel(s);
  if (earlier) return earlier;
  // Written as a GTIN's Digital Link but refused by GS1's rules (a serial twice, out of order) and not
  // as we once printed one: no pack is read from it, not even from its last '='.
  if (/\/(01|gtin)\/\d/.test(s)) return s;
  const at = s.lastIndexOf('=');
  return (at >= 0 ? s.slice(at + 1) : s).split(/[&#\s]/)[0]!.trim();
}

/** The QR content printed on a pack. */
export function codeUrl(publicBaseUrl: string, uid: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/P?U=${uid}`;
}

/** The number printed beside the QR: the prefix (static) and the serial. */
export function visibleNumber({ kind, prefix }: Series, serial: number): string {
  return kind === 'S' ? `${prefix.toUpperCase()}${serial}` : String(serial);
}

/** The readable form of a primary code where a screen needs one. */
export const pidText = (serial: number) => `PID${serial}`;

// ---- Carton and dispatch ids: SID26KA00042 ----

export type SlipType = 'SID' | 'TID' | 'DID';
export const SLIP_TYPES: readonly SlipType[] = ['SID', 'TID', 'DID'];
export const MAX_SLIP_NUMBER = 99_999_999;
const SLIP_PATTERN = /^(SID|TID|DID)(\d{2})([A-Z0-9]{2})(\d{5,8})$/;

export interface SlipId {
  type: SlipType;
  year: number;
  prefix: string;
  number: number;
  text: string;
}

export function makeSlipId(type: SlipType, year: number, prefix: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_SLIP_NUMBER)
    throw new RangeError(`slip number ${n} is out of range`);
  if (!isPrefix(prefix)) throw new RangeError(`prefix '${prefix}' is not two letters or digits`);
  return `${type}${String(year % 100).padStart(2, '0')}${prefix.toUpperCase()}${String(n).padStart(5, '0')}`;
}

/** A slip id as scanned (any case, surrounding spaces, or the tail of a URL); null when malformed. */
export function parseSlipId(scan: string): SlipId | null {
  const s = scannedUid(scan).toUpperCase();
  const m = SLIP_PATTERN.exec(s);
  if (!m) return null;
  const number = Number(m[4]);
  if (number < 1) return null;
  return { type: m[1] as SlipType, year: Number(m[2]), prefix: m[3]!, number, text: s };
}
