// The dispatch invoice (spec 2 section 9: A4, named after the dispatch number), made on the device so
// it prints offline. It carries the DID as a QR code near the top right: the receiving warehouse
// receives by scanning the paper. Text is real PDF text in jspdf's built-in Helvetica, so it can be
// searched and copied, and the file stays small; every cell is wrapped or clipped to its column. A value
// in a script Helvetica lacks (a Devanagari product name) is drawn with its Noto font on one line, shrunk
// to fit, as labels are (print/pdf-text.ts); offline before that font was ever fetched it prints '?'.
import type { jsPDF } from 'jspdf';
import { fetchFont, SCRIPT_FONTS, type FontReader, type LoadedFont } from '../../print/label-fonts.js';
import { drawQr } from '../../print/pdf-qr.js';
import { drawLine, fontsFor } from '../../print/pdf-text.js';
import { formatDateTime } from '@shared/cell-format.js';
import { dispatchInvoice, type DispatchInvoice, type InvoiceCarton, type ParsedInvoice } from './invoice-data.js';

export const INVOICE_TITLE = 'Dispatch Invoice';

const A4 = { w: 210, h: 297, margin: 12 };
const RIGHT = A4.w - A4.margin;
/** Bottom of the table area: the page footer sits below it. */
const BOTTOM = A4.h - A4.margin - 6;
/** The QR box includes its 4-module quiet zone; a DID is a 21-module code, so the symbol is 30.4 mm. */
const QR = { box: 42, x: RIGHT - 42, y: 8 };
const LOGO = { w: 36, h: 18 };
const PAD = 1.5;
const BODY_PT = 9;

// Helvetica here is the PDF's standard font with WinAnsi (cp1252) encoding: other characters would come
// out as unrelated glyphs, so they are shown as '?' (after trying their accent-free form: 'ő' -> 'o').
const CP1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const printable = (s: string) =>
  [...s].every((ch) => {
    const c = ch.codePointAt(0)!;
    return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || CP1252_EXTRA.includes(ch);
  });
const graphemes = (s: string): string[] =>
  typeof Intl.Segmenter === 'function'
    ? Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (g) => g.segment)
    : Array.from(s);

/** `value` as Helvetica can print it: one '?' per character it cannot show, whitespace as spaces. */
export function pdfText(value: string): string {
  return graphemes(value.normalize('NFC').replace(/\s/g, ' '))
    .map((g) => {
      if (printable(g)) return g;
      const bare = g.normalize('NFKD').replace(/\p{M}/gu, '');
      return bare !== '' && printable(bare) ? bare : '?';
    })
    .join('');
}

/** Line height in mm of text at `pt` points. */
const lineOf = (pt: number) => pt * 0.3528 * 1.2;

type Fonts = Map<string, LoadedFont>;
/** Each invoice's script fonts, loaded before its first line is drawn (the drawing itself is synchronous). */
const DOC_FONTS = new WeakMap<jsPDF, Fonts>();
const fontsOf = (doc: jsPDF): Fonts => DOC_FONTS.get(doc) ?? new Map();
/** The fonts of the scripts the invoice's text is in; none offline before they were first fetched. */
async function scriptFonts(data: unknown, read: FontReader): Promise<Fonts> {
  const text = JSON.stringify(data);
  if (!SCRIPT_FONTS.some((row) => row.chars.test(text))) return new Map();
  try {
    return await fontsFor([text], read);
  } catch {
    return new Map();
  }
}
/** A value drawn in its script's font rather than as Helvetica's '?'. */
const inScript = (fonts: Fonts, value: string) => fonts.size > 0 && SCRIPT_FONTS.some((r) => r.chars.test(value));

/** `value` on one line from the top at `y`, in its script's font, shrunk to `width`; Helvetica stays set. */
function drawScript(doc: jsPDF, fonts: Fonts, value: string, x: number, y: number, width: number, pt: number) {
  const { fontName, fontStyle } = doc.getFont();
  // The baseline sits about 0.8 of the size below the top, as jsPDF's 'top' places Helvetica.
  drawLine(doc, fonts, value.replace(/\s/g, ' '), x, y + pt * 0.3528 * 0.8, { size: pt, maxWidth: width });
  doc.setFont(fontName, fontStyle);
  doc.setFontSize(pt);
}

interface Column {
  title: string;
  width: number;
  /** Lines a cell may take before it is clipped with an ellipsis. */
  lines: number;
  align?: 'right';
  cell: (c: InvoiceCarton, i: number) => string;
}

/** The cartons table: 186 mm, the A4 width inside the margins. */
const INVOICE_COLUMNS: readonly Column[] = [
  { title: 'Sr.', width: 10, lines: 1, align: 'right', cell: (_, i) => String(i + 1) },
  { title: 'Carton Id', width: 34, lines: 2, cell: (c) => c.CartonId },
  { title: 'Product Name', width: 74, lines: 3, cell: (c) => c.ProductName },
  { title: 'Batch No.', width: 32, lines: 2, cell: (c) => c.BatchNo },
  { title: 'Total Qty', width: 18, lines: 1, align: 'right', cell: (c) => String(c.TotalQty) },
  { title: 'UOM', width: 18, lines: 1, cell: (c) => c.ProductUOM },
];

function font(doc: jsPDF, pt: number, style: 'normal' | 'bold' = 'normal'): void {
  doc.setFont('helvetica', style);
  doc.setFontSize(pt);
}

/**
 * `text` (already PDF-safe) in lines no wider than `width` at the current font: words that do not fit
 * alone are broken by characters; past `max` lines the last one ends in an ellipsis.
 */
function wrap(doc: jsPDF, text: string, width: number, max: number): string[] {
  const fits = (t: string) => doc.getTextWidth(t) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    if (lines.length > max) break; // enough to know it is clipped: a huge value costs no more
    const joined = line === '' ? word : `${line} ${word}`;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (!fits(rest) && lines.length <= max) {
      let n = 1;
      while (n < rest.length && fits(rest.slice(0, n + 1))) n++;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  if (lines.length <= max) return lines;
  let last = lines[max - 1]!;
  while (last !== '' && !fits(`${last}…`)) last = last.slice(0, -1);
  return [...lines.slice(0, max - 1), `${last.trimEnd()}…`];
}

/** Writes `value` wrapped into `width` from the top at `y`; answers the y below it. */
function write(doc: jsPDF, value: string, x: number, y: number, width: number, max: number, pt: number): number {
  if (inScript(fontsOf(doc), value)) {
    drawScript(doc, fontsOf(doc), value, x, y, width, pt);
    return y + lineOf(pt);
  }
  const lines = wrap(doc, pdfText(value), width, max);
  lines.forEach((l, i) => doc.text(l, x, y + i * lineOf(pt), { baseline: 'top' }));
  return y + lines.length * lineOf(pt);
}

/** The logo fitted in its box; answers the width drawn (0 when there is none or it cannot be read). */
function drawLogo(doc: jsPDF, dataUrl: string | undefined, x: number, y: number): number {
  if (!dataUrl) return 0;
  try {
    const { width, height } = doc.getImageProperties(dataUrl);
    if (!(width > 0 && height > 0)) return 0;
    const scale = Math.min(LOGO.w / width, LOGO.h / height);
    doc.addImage(dataUrl, x, y, width * scale, height * scale);
    return width * scale;
  } catch {
    return 0; // a damaged cached logo must not stop the invoice from printing
  }
}

const joined = (parts: string[], sep: string) => parts.filter((p) => p.trim() !== '').join(sep);

/** Company, QR, title, billing address and dispatch facts; answers where the table starts. */
function drawFirstPage(doc: jsPDF, d: ParsedInvoice): number {
  const logoW = drawLogo(doc, d.logoImage, A4.margin, A4.margin);
  const textX = A4.margin + (logoW > 0 ? logoW + 4 : 0);
  const textW = QR.x - 4 - textX;
  font(doc, 14, 'bold');
  let y = write(doc, d.CompanyName, textX, A4.margin, textW, 2, 14) + 1;
  font(doc, BODY_PT);
  y = write(doc, d.Address, textX, y, textW, 3, BODY_PT);
  y = write(doc, joined([d.City, d.Pincode], ' - '), textX, y, textW, 1, BODY_PT);
  if (d.Mobile.trim() !== '') y = write(doc, `Mobile: ${d.Mobile}`, textX, y, textW, 1, BODY_PT);

  // Level Q survives a fold or a smudge and still keeps any DID in a 21-module (version 1) code.
  drawQr(doc, d.CartonId, QR.x, QR.y, QR.box, 'Q');
  font(doc, 11, 'bold');
  doc.text(d.CartonId, QR.x + QR.box / 2, QR.y + QR.box, { align: 'center', baseline: 'top' });

  y = Math.max(y, A4.margin + LOGO.h, QR.y + QR.box + lineOf(11)) + 4;
  font(doc, 16, 'bold');
  doc.text(INVOICE_TITLE, A4.w / 2, y, { align: 'center', baseline: 'top' });
  y += lineOf(16) + 1;
  doc.setDrawColor(0, 0, 0);
  doc.setLineWidth(0.3);
  doc.line(A4.margin, y, RIGHT, y);
  y += 3;

  const t = d.userDetail;
  font(doc, BODY_PT, 'bold');
  let left = write(doc, 'Bill To', A4.margin, y, 100, 1, BODY_PT);
  font(doc, 10, 'bold');
  left = write(doc, t.FirmName, A4.margin, left, 100, 2, 10);
  font(doc, BODY_PT);
  for (const line of [
    t.bill_Address1,
    t.bill_Address2,
    joined([joined([t.bill_CityName, t.bill_StateName], ', '), t.bill_Pincode], ' - '),
    t.bill_CountryName,
  ]) {
    if (line.trim() !== '') left = write(doc, line, A4.margin, left, 100, 2, BODY_PT);
  }

  const facts: [string, string][] = [
    ['Dispatch No.', d.CartonId],
    ['Date', formatDateTime(d.CreatedDt)],
    ['Transport Mode', d.TransportMode],
    ['LR No', d.LR],
    // Printed bare: the spec does not say whether Qty counts cartons or packs; the table shows both.
    ['Qty', String(d.Qty)],
  ];
  let right = y;
  for (const [label, value] of facts) {
    font(doc, BODY_PT, 'bold');
    doc.text(label, 120, right, { baseline: 'top' });
    font(doc, BODY_PT);
    right = write(doc, value, 148, right, RIGHT - 148, 2, BODY_PT) + 0.5;
  }
  return Math.max(left, right) + 5;
}

function drawContinuation(doc: jsPDF, d: ParsedInvoice): number {
  font(doc, 11, 'bold');
  doc.text(`${INVOICE_TITLE} ${d.CartonId} (continued)`, A4.margin, A4.margin, { baseline: 'top' });
  return A4.margin + lineOf(11) + 3;
}

/** A row's cells as wrapped lines, and its height. */
function layoutRow(doc: jsPDF, cells: string[], bold: boolean): { lines: string[][]; height: number } {
  font(doc, BODY_PT, bold ? 'bold' : 'normal');
  const lines = INVOICE_COLUMNS.map((col, k) =>
    inScript(fontsOf(doc), cells[k]!) ? [cells[k]!] : wrap(doc, pdfText(cells[k]!), col.width - 2 * PAD, col.lines),
  );
  return { lines, height: Math.max(1, ...lines.map((l) => l.length)) * lineOf(BODY_PT) + 2 * PAD };
}

function drawRow(doc: jsPDF, row: { lines: string[][]; height: number }, y: number, header: boolean): void {
  if (header) {
    doc.setFillColor(225, 225, 225);
    doc.rect(A4.margin, y, RIGHT - A4.margin, row.height, 'F');
  }
  font(doc, BODY_PT, header ? 'bold' : 'normal');
  let x = A4.margin;
  INVOICE_COLUMNS.forEach((col, k) => {
    const tx = col.align === 'right' ? x + col.width - PAD : x + PAD;
    row.lines[k]!.forEach((l, i) =>
      inScript(fontsOf(doc), l)
        ? drawScript(doc, fontsOf(doc), l, x + PAD, y + PAD, col.width - 2 * PAD, BODY_PT)
        : doc.text(l, tx, y + PAD + i * lineOf(BODY_PT), { baseline: 'top', align: col.align ?? 'left' }),
    );
    x += col.width;
  });
  doc.setDrawColor(160, 160, 160);
  doc.setLineWidth(0.15);
  doc.line(A4.margin, y + row.height, RIGHT, y + row.height);
}

function drawFooters(doc: jsPDF, d: ParsedInvoice): void {
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    font(doc, 8);
    doc.text(`${INVOICE_TITLE} ${d.CartonId}`, A4.margin, A4.h - A4.margin, { baseline: 'bottom' });
    doc.text(`Page ${p} of ${pages}`, RIGHT, A4.h - A4.margin, { baseline: 'bottom', align: 'right' });
  }
}

/** Loads jspdf ahead of need (the dispatch screen calls it on opening): without a service worker in
 *  control, a Submit made offline could not fetch the chunk then. */
export const preloadInvoicePdf = (): Promise<unknown> => import('jspdf');

/** The invoice of a dispatch as a PDF, and its file name (the dispatch number). Rejects malformed data. */
export async function dispatchInvoicePdf(
  data: DispatchInvoice,
  read: FontReader = fetchFont,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const d = dispatchInvoice.parse(data);
  // Loaded on first use: the dispatch screen opens without jspdf; the service worker precaches the chunk.
  const [{ jsPDF }, fonts] = await Promise.all([import('jspdf'), scriptFonts(d, read)]);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  DOC_FONTS.set(doc, fonts);
  doc.setProperties({ title: `${INVOICE_TITLE} ${d.CartonId}`, creator: 'Fieldtrace' });

  const header = layoutRow(
    doc,
    INVOICE_COLUMNS.map((c) => c.title),
    true,
  );
  let y = drawFirstPage(doc, d);
  drawRow(doc, header, y, true);
  y += header.height;
  d.cartonList.forEach((carton, i) => {
    const row = layoutRow(
      doc,
      INVOICE_COLUMNS.map((c) => c.cell(carton, i)),
      false,
    );
    if (y + row.height > BOTTOM) {
      doc.addPage('a4', 'portrait');
      y = drawContinuation(doc, d);
      drawRow(doc, header, y, true);
      y += header.height;
    }
    drawRow(doc, row, y, false);
    y += row.height;
  });
  drawFooters(doc, d);
  return { fileName: `${d.CartonId}.pdf`, bytes: new Uint8Array(doc.output('arraybuffer')) };
}
