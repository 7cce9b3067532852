// GS1 Digital Link URI parser, agreeing with GS1's reference tests (gs1/gs1-syntax-engine dl.c's
// gs1_parseDLuri, and evrythng/digital-link.js): tests/unit/shared/gs1/dl-parse.test.ts runs both
// suites' cases, kept in tests/fixtures/gs1-digital-link/. The rules, in GS1's order:
// - only URI characters; scheme http:// or https:// in one case (HTTP://, HTTPS://); a domain;
// - the path is read from its end, AI/value pair by pair, back to the rightmost primary key: what lies
//   before it is the stem (the resolver's own path); no trailing slash, no empty value;
// - the AIs in the path are the key and its qualifiers in GS1's order (01: 22, 10, 21 or 235);
// - query parameters with a numeric name are AIs (an unknown one is refused); others (linkType) are
//   passed on; an AI may appear once; a query AI must be a data attribute and not belong in the path;
// - every value is checked against GS1's Barcode Syntax Dictionary (length, character set, check
//   digits, dates) after percent-decoding ('+' is a space only in the query).
import {
  aiEntry,
  aiValueError,
  isDlPath,
  isDlPrimaryKey,
  maxLength,
  minLength,
  type AiEntry,
} from './ai-dictionary.js';
import { DL_SHORT_NAMES } from './dl-short-names.js';

export interface DlElement {
  ai: string;
  value: string;
}
export type DlParse =
  | {
      ok: true;
      stem: string;
      primary: DlElement;
      qualifiers: DlElement[];
      attributes: DlElement[];
      /** query parameters that are not AIs (e.g. linkType), in order */ params: [string, string][];
    }
  | { ok: false; error: string };

/** GS1's syntax engine switches; the defaults are its own but for short names, which we read. */
export interface DlOptions {
  /** `/gtin/…/lot/…/ser/…` (GS1: permitConvenienceAlphas). */
  shortNames?: boolean;
  /** A GTIN-8, -12 or -13 in the link, padded to 14 (GS1: permitZeroSuppressedGTINinDLuris). */
  zeroSuppressedGtin?: boolean;
  /** AIs not in GS1's table (GS1: permitUnknownAIs), and as query attributes. */
  unknownAis?: boolean;
  unknownAiAttributes?: boolean;
}

const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const BAD_DOMAIN_CHARS = /[_~?#@!$&'()*+,;=%]/;

class DlRefusal extends Error {}
const refuse = (error: string): never => {
  throw new DlRefusal(error);
};

/** Percent-decoding as GS1 does it: a broken sequence stays as written; '+' is a space in the query. */
function unescape(text: string, query: boolean, ai: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      const code = parseInt(hex, 16);
      if (code === 0) refuse(`AI (${ai}) value holds a NUL character`);
      out += String.fromCharCode(code);
      i += 2;
    } else out += query && text[i] === '+' ? ' ' : text[i];
  }
  return out;
}

/** The value of an AI as decoded, padded and length-checked (dl.c does this while reading). */
function valueOf(entry: AiEntry, raw: string, query: boolean, o: DlOptions): string {
  if (raw === '') refuse(`AI (${entry.ai}) has no value`);
  let value = unescape(raw, query, entry.ai);
  if (o.zeroSuppressedGtin && entry.ai === '01' && [8, 12, 13].includes(value.length)) value = value.padStart(14, '0');
  // Length first, as GS1 does: a check-digit complaint about an over-long value helps nobody.
  if (value.length < minLength(entry)) refuse(`AI (${entry.ai}) value is too short`);
  if (value.length > maxLength(entry)) refuse(`AI (${entry.ai}) value is too long`);
  if (value.includes('^')) refuse(`AI (${entry.ai}) value holds a ^`);
  return value;
}

function pathEntry(segment: string, o: DlOptions): AiEntry | undefined {
  const ai = o.shortNames && /^\D.{2,4}$/.test(segment) ? DL_SHORT_NAMES.get(segment) : undefined;
  return aiEntry(ai ?? segment, o.unknownAis);
}

/** Parses a whole URI (scheme://domain/path?query#fragment) as GS1 Digital Link. */
export function parseDlUri(uri: string, options: DlOptions = {}): DlParse {
  try {
    return parse(uri, { shortNames: true, ...options });
  } catch (e) {
    if (e instanceof DlRefusal) return { ok: false, error: e.message };
    throw e;
  }
}

function parse(uri: string, o: DlOptions): DlParse {
  if (!URI_CHARS.test(uri)) refuse('The URI holds characters a URI may not');
  const scheme = /^(https?|HTTPS?):\/\//.exec(uri)?.[0] ?? refuse('The scheme must be http:// or https://');
  const rest = uri.slice(scheme.length);
  const slash = rest.indexOf('/');
  const domain = slash < 0 ? rest : rest.slice(0, slash);
  if (BAD_DOMAIN_CHARS.test(domain)) refuse('The domain holds characters a domain may not');
  if (slash < 1) refuse('The URI has no domain or no path');
  const [pathAndQuery = ''] = rest.slice(slash).split('#');
  const q = pathAndQuery.indexOf('?');
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q < 0 ? '' : pathAndQuery.slice(q + 1);

  // From the end, pair by pair, back to the rightmost primary key.
  const seg = path.split('/');
  let start = -1;
  for (let v = seg.length - 1; v >= 2; v -= 2) {
    const entry = pathEntry(seg[v - 1]!, o);
    if (!entry) break;
    if (isDlPrimaryKey(entry.ai)) {
      start = v - 1;
      break;
    }
  }
  if (start < 0) refuse('No GS1 Digital Link primary key in the path');

  const pathEls: { entry: AiEntry; value: string }[] = [];
  for (let i = start; i < seg.length; i += 2) {
    const entry = pathEntry(seg[i]!, o)!;
    pathEls.push({ entry, value: valueOf(entry, seg[i + 1]!, false, o) });
  }
  const attrs: { entry: AiEntry; value: string }[] = [];
  const params: [string, string][] = [];
  for (const part of query.split('&').filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const entry =
      eq >= 0 && /^\d*$/.test(name)
        ? (aiEntry(name, o.unknownAis) ?? refuse(`Unknown AI (${name}) in the query`))
        : null;
    if (entry) attrs.push({ entry, value: valueOf(entry, part.slice(eq + 1), true, o) });
    else params.push([decodeParam(name), eq < 0 ? '' : decodeParam(part.slice(eq + 1))]);
  }

  const pathAis = pathEls.map((e) => e.entry.ai);
  if (!isDlPath(pathAis))
    refuse(`The AIs in the path (${pathAis.join(', ')}) are not a key and its qualifiers in GS1's order`);
  const all = [...pathEls, ...attrs];
  const seen = new Set<string>();
  for (const { entry } of all) {
    if (seen.has(entry.ai)) refuse(`AI (${entry.ai}) appears more than once`);
    seen.add(entry.ai);
  }
  for (const { entry } of attrs) {
    if (!(entry.dlAttribute || (entry.unknown && o.unknownAiAttributes)))
      refuse(`AI (${entry.ai}) is not a valid Digital Link data attribute`);
    for (let j = 1; j <= pathAis.length; j++)
      if (isDlPath([...pathAis.slice(0, j), entry.ai, ...pathAis.slice(j)]))
        refuse(`AI (${entry.ai}) belongs in the path, not the query`);
  }
  for (const { entry, value } of all) {
    const error = aiValueError(entry, value);
    if (error) refuse(error);
  }
  const el = ({ entry, value }: { entry: AiEntry; value: string }): DlElement => ({ ai: entry.ai, value });
  const [primary, ...qualifiers] = pathEls.map(el);
  return {
    ok: true,
    stem: scheme + rest.slice(0, slash) + seg.slice(0, start).join('/'),
    primary: primary!,
    qualifiers,
    attributes: attrs.map(el),
    params,
  };
}

function decodeParam(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The element string GS1's syntax engine makes of a link: `^` (FNC1) first and after each AI that
 *  is not of predefined length, then AI and value, path before query (`^0109520123456788^10ABC1`). */
export function elementString(p: Extract<DlParse, { ok: true }>, options: DlOptions = {}): string {
  let out = '';
  let fnc1 = true;
  for (const { ai, value } of [p.primary, ...p.qualifiers, ...p.attributes]) {
    out += `${fnc1 ? '^' : ''}${ai}${value}`;
    fnc1 = aiEntry(ai, options.unknownAis)?.fnc1 ?? true;
  }
  return out;
}
