// The reference generator's dl_normaliser.py, first half: EPC URIs, EPC class URIs and EPC ID
// pattern URIs written as canonical GS1 Digital Link URIs on id.gs1.org, position for position as
// the reference slices them (its regular expressions and string offsets are kept as they are).
import { pySlice } from './event-hash-values.js';

/** GS1's check digit, as the reference computes it (GenSpecs 7.9.1). */
export function checkDigit(keyWithoutCheckDigit: string): number {
  const reversed = [...keyWithoutCheckDigit].reverse();
  let sum = 0;
  for (let i = reversed.length - 1; i >= 0; i--) sum += Number(reversed[i]) * (i % 2 !== 0 ? 1 : 3);
  return Math.ceil(sum / 10) * 10 - sum;
}

/** Characters GS1 Digital Link percent-encodes that EPC URIs may carry (Table 7-1). */
function percentEncode(text: string): string {
  return text
    .replaceAll('!', '%21')
    .replaceAll('(', '%28')
    .replaceAll(')', '%29')
    .replaceAll('*', '%2A')
    .replaceAll('+', '%2B')
    .replaceAll(',', '%2C')
    .replaceAll(':', '%3A');
}

// The EPC URI character set (percent escapes or the plain characters), as one repeatable unit.
const X = `(?:%2[125-9A-Fa-f]|%3[0-9A-Fa-f]|%4[1-9A-Fa-f]|%5[0-9AaFf]|%6[1-9A-Fa-f]|%7[0-9Aa]|[!')(*+,.0-9:;=A-Za-z_-])`;
const CPI_X = `(?:%2[3dfDF]|%3[0-9]|%4[1-9A-Fa-f]|%5[0-9Aa]|[0-9A-Z-])`;
/** Company prefix (6..12 digits) and the rest of a key of `total` digits, split by a dot. */
const split = (total: number, last12 = `\\d{${total - 12}}`) =>
  `(?:${[6, 7, 8, 9, 10, 11]
    .map((n) => `\\d{${n}}\\.\\d{${total - n}}`)
    .concat(`\\d{12}\\.${last12}`)
    .join('|')})`;
/** Company prefix and a free reference of at most `max - n` characters from `unit`. */
const free = (max: number, unit: string) =>
  `(?:${[6, 7, 8, 9, 10, 11, 12].map((n) => `\\d{${n}}\\.${unit}{1,${max - n}}`).join('|')})`;
const re = (source: string) => new RegExp(`^${source}`);

const GTIN_PARTS = split(13);
const GLN_PARTS = split(12, '');
const GRAI_PARTS = split(12, '\\.');

const SGTIN = re(`urn:epc:id:sgtin:${GTIN_PARTS}\\.${X}{1,20}$`);
const SSCC = re(`urn:epc:id:sscc:${split(17)}$`);
const SGLN = re(`urn:epc:id:sgln:${GLN_PARTS}\\.${X}{1,20}$`);
const GRAI = re(`urn:epc:id:grai:${GRAI_PARTS}\\.${X}{1,16}$`);
const GIAI = re(`urn:epc:id:giai:${free(30, X)}$`);
const GSRN = re(`urn:epc:id:gsrn:${split(17)}$`);
const GSRNP = re(`urn:epc:id:gsrnp:${split(17)}$`);
const GDTI = re(`urn:epc:id:gdti:${GRAI_PARTS}${X}{1,20}$`);
const CPI = re(`urn:epc:id:cpi:${free(30, CPI_X)}\\.\\d{1,12}$`);
const SGCN = re(`urn:epc:id:sgcn:${GLN_PARTS}\\.\\d{1,12}$`);
const GINC = re(`urn:epc:id:ginc:${free(30, X)}$`);
const GSIN = re(`urn:epc:id:gsin:${split(16)}$`);
const ITIP = re(`urn:epc:id:itip:${GTIN_PARTS}\\.\\d{2}\\.\\d{2}\\.${X}{1,20}$`);
const UPUI = re(`urn:epc:id:upui:${GTIN_PARTS}\\.${X}{1,28}$`);
const PGLN = re(`urn:epc:id:pgln:${GLN_PARTS}$`);
const LGTIN = re(`urn:epc:class:lgtin:${GTIN_PARTS}\\.${X}{1,20}$`);
const SGTIN_PAT = re(`urn:epc:idpat:sgtin:${GTIN_PARTS}\\.\\*$`);
const GRAI_PAT = re(`urn:epc:idpat:grai:${GRAI_PARTS}\\.\\*$`);
const GDTI_PAT = re(`urn:epc:idpat:gdti:${GRAI_PARTS}\\.\\*$`);
const SGCN_PAT = re(`urn:epc:idpat:sgcn:${GRAI_PARTS}\\.\\*$`);
const CPI_PAT = re(`urn:epc:idpat:cpi:${free(30, CPI_X)}\\.\\*$`);
const ITIP_PAT = re(`urn:epc:idpat:itip:${GTIN_PARTS}\\.\\d{2}\\.\\d{2}\\.\\*$`);
const UPUI_PAT = re(`urn:epc:idpat:upui:${GTIN_PARTS}\\.\\*$`);

const DL = 'https://id.gs1.org/';

/** A GTIN from "company prefix" and "indicator + item reference" (the indicator goes first). */
function gtin(uri: string, prefixStart: number, dot: number): string {
  const prefix = uri.slice(prefixStart, dot);
  const itemRef = pySlice(uri, dot + 1, dot + 1 + (13 - prefix.length));
  const raw = itemRef.slice(0, 1) + prefix + itemRef.slice(1);
  return raw + checkDigit(raw);
}

/** A 12-digit key (GLN, GDTI, GRAI, SGCN) from company prefix and reference. */
function key12(uri: string, prefixStart: number, dot: number, lead = ''): string {
  const prefix = uri.slice(prefixStart, dot);
  const raw = lead + prefix + pySlice(uri, dot + 1, dot + 1 + (12 - prefix.length));
  return raw + checkDigit(raw);
}

function cpi(uri: string, prefixStart: number, dot: number): string {
  return percentEncode(uri.slice(prefixStart, dot) + uri.slice(dot + 1, uri.lastIndexOf('.')));
}

/** The Digital Link of an EPC (class or pattern) URI, or null when the URI is not one. */
export function epcUriToDigitalLink(uri: string, dot: number): string | null {
  if (SGTIN.test(uri)) return `${DL}01/${gtin(uri, 17, dot)}/21/${percentEncode(uri.slice(32))}`;
  if (SSCC.test(uri)) {
    const raw = uri.slice(dot + 1, dot + 2) + uri.slice(16, dot) + uri.slice(dot + 2);
    return `${DL}00/${raw}${checkDigit(raw)}`;
  }
  if (SGLN.test(uri)) {
    const extension = uri.slice(30);
    const gln = `${DL}414/${key12(uri, 16, dot)}`;
    return extension === '0' ? gln : `${gln}/254/${percentEncode(extension)}`;
  }
  if (GRAI.test(uri)) return `${DL}8003/${key12(uri, 16, dot, '0')}${percentEncode(uri.slice(30))}`;
  if (GIAI.test(uri)) return `${DL}8004/${uri.slice(16, dot)}${percentEncode(uri.slice(dot + 1))}`;
  if (GSRN.test(uri)) return `${DL}8018/${withCheck(uri.slice(16, dot) + uri.slice(dot + 1))}`;
  if (GSRNP.test(uri)) return `${DL}8017/${withCheck(uri.slice(17, dot) + uri.slice(dot + 1))}`;
  if (GDTI.test(uri)) return `${DL}253/${key12(uri, 16, dot)}${percentEncode(uri.slice(30))}`;
  if (CPI.test(uri)) return `${DL}8010/${cpi(uri, 15, dot)}/8011/${uri.slice(uri.lastIndexOf('.') + 1)}`;
  if (SGCN.test(uri)) return `${DL}255/${key12(uri, 16, dot)}${uri.slice(30)}`;
  if (GINC.test(uri)) return `${DL}401/${uri.slice(16, dot)}${percentEncode(uri.slice(dot + 1))}`;
  if (GSIN.test(uri)) return `${DL}402/${withCheck(uri.slice(16, dot) + uri.slice(dot + 1))}`;
  if (ITIP.test(uri))
    return `${DL}8006/${gtin(uri, 16, dot)}${uri.slice(31, 33)}${uri.slice(34, 36)}/21/${percentEncode(uri.slice(37))}`;
  if (UPUI.test(uri)) return `${DL}01/${gtin(uri, 16, dot)}/235/${percentEncode(uri.slice(31))}`;
  if (PGLN.test(uri)) return `${DL}417/${key12(uri, 16, dot)}`;
  if (LGTIN.test(uri)) return `${DL}01/${gtin(uri, 20, dot)}/10/${percentEncode(uri.slice(35))}`;
  if (SGTIN_PAT.test(uri)) return `${DL}01/${gtin(uri, 20, dot)}`;
  if (GRAI_PAT.test(uri)) return `${DL}8003/${key12(uri, 19, dot, '0')}`;
  if (GDTI_PAT.test(uri)) return `${DL}253/${key12(uri, 19, dot)}`;
  if (SGCN_PAT.test(uri)) return `${DL}255/${key12(uri, 19, dot)}`;
  if (CPI_PAT.test(uri)) return `${DL}8010/${cpi(uri, 18, dot)}`;
  if (ITIP_PAT.test(uri)) return `${DL}8006/${gtin(uri, 19, dot)}${uri.slice(34, 36)}${uri.slice(37, 39)}`;
  if (UPUI_PAT.test(uri)) return `${DL}01/${gtin(uri, 19, dot)}`;
  return null;
}

function withCheck(raw: string): string {
  return raw + checkDigit(raw);
}
