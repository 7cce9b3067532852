// The print file of a static range (Number Generation): one CSV line per code, made in chunks so a
// million codes stream out in flat memory. The QR content is the code's public URL. The file is for
// label software, which prints its cells: it starts with a UTF-8 BOM and has no spreadsheet guard (csv.ts).
import { codeUrl, visibleNumber, type Series } from '../../shared/codes.js';
import { batchFitsAi10, digitalLink, gs1Date, gtinValid } from '../../shared/digital-link.js';
import { labelCsvLine, UTF8_BOM } from '../../shared/csv.js';
import type { CodeMac } from './code-mac.js';

export interface PrintSource {
  prefix: string;
  /** The product's GTIN: with the 'gs1' label setting and a valid GTIN, the QR is a GS1 Digital Link. */
  gtin: string | null;
  productName: string;
  batchNo: string;
  mfgDate: string;
  expDate: string;
  mrp: string | number | null;
  /** The product's registration number (Insecticides Rules), printed on the label. */
  registrationNo: string;
  /** Who made it: the product's manufacturer, else the company. */
  manufacturer: string;
}

export const PRINT_FILE_HEADER = [
  'Serial',
  'Visible No',
  'QR',
  'Product Name',
  'Batch No',
  'MFG Date',
  'EXP Date',
  'MRP',
  'Registration No',
  'Manufacturer',
] as const;
const CHUNK = 4096;

/** The parts of from..to outside `skip` (sorted, non-overlapping, inside from..to). */
export function* keptParts(
  from: number,
  to: number,
  skip: readonly (readonly [number, number])[],
): Generator<[number, number]> {
  let next = from;
  for (const [a, b] of skip) {
    if (a > next) yield [next, a - 1];
    next = Math.max(next, b + 1);
  }
  if (next <= to) yield [next, to];
}

/** Chunks of at most CHUNK serials over the kept parts of from..to. */
function* chunksOver(
  from: number,
  to: number,
  skip: readonly (readonly [number, number])[],
): Generator<[number, number]> {
  for (const [a, b] of keptParts(from, to, skip)) {
    for (let start = a; start <= b; start += CHUNK) yield [start, Math.min(b, start + CHUNK - 1)];
  }
}

/** What the QR of a pack of `src` says (Config.labelLink): a GS1 Digital Link carrying the GTIN, batch and
 *  dates when asked for, the product has a valid GTIN and the batch fits AI 10 (GS1's 20 characters of
 *  set 82), else the original /P?U= form. Neither holds a comma or a quote (the batch is
 *  percent-encoded), so the URL goes into the CSV as it is. */
export function labelUrlOf(form: 'p' | 'gs1', publicBaseUrl: string, src: PrintSource): (uid: string) => string {
  const gtin = src.gtin?.trim() ?? '';
  if (form !== 'gs1' || !gtinValid(gtin) || !batchFitsAi10(src.batchNo)) return (uid) => codeUrl(publicBaseUrl, uid);
  const [mfg, exp] = [gs1Date(src.mfgDate), gs1Date(src.expDate)];
  return (uid) =>
    digitalLink(publicBaseUrl, { gtin, batch: src.batchNo, uid, mfg, exp }) ?? codeUrl(publicBaseUrl, uid);
}

/** CSV text chunks (the header first), `CHUNK` codes at a time; damaged numbers (`skip`) are void and left out. */
export function* printFileChunks(
  codes: CodeMac,
  publicBaseUrl: string,
  src: PrintSource,
  from: number,
  to: number,
  skip: readonly (readonly [number, number])[] = [],
  form: 'p' | 'gs1' = 'p',
): Generator<string> {
  const series: Series = { kind: 'S', prefix: src.prefix };
  yield UTF8_BOM + labelCsvLine([...PRINT_FILE_HEADER]);
  // The same tail on every line: quoted once.
  const tail = labelCsvLine([
    src.productName,
    src.batchNo,
    src.mfgDate,
    src.expDate,
    src.mrp === null ? '' : String(src.mrp),
    src.registrationNo,
    src.manufacturer,
  ]);
  const url = labelUrlOf(form, publicBaseUrl, src);
  for (const [start, end] of chunksOver(from, to, skip)) {
    const uids = codes.makeRange(series, start, end);
    let out = '';
    for (let i = 0; i < uids.length; i++) {
      const serial = start + i;
      out += `${serial},${visibleNumber(series, serial)},${url(uids[i]!)},${tail}`;
    }
    yield out;
  }
}

export const PREPRINTED_FILE_HEADER = ['Serial', 'Visible No', 'QR'] as const;

/** The print file of an issued preprinted range, for the outside printer: no product is known yet. */
export function* preprintedFileChunks(
  codes: CodeMac,
  publicBaseUrl: string,
  from: number,
  to: number,
  skip: readonly (readonly [number, number])[] = [],
): Generator<string> {
  const series: Series = { kind: 'P', prefix: '' };
  yield UTF8_BOM + labelCsvLine([...PREPRINTED_FILE_HEADER]);
  const base = publicBaseUrl.replace(/\/+$/, '');
  for (const [start, end] of chunksOver(from, to, skip)) {
    const uids = codes.makeRange(series, start, end);
    let out = '';
    for (let i = 0; i < uids.length; i++)
      out += `${start + i},${visibleNumber(series, start + i)},${codeUrl(base, uids[i]!)}\r\n`;
    yield out;
  }
}
