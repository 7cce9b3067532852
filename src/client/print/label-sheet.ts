// Label sheets for the printer: A4 pages of 4 x 8 slip labels (an id under its QR), of 3 x 8 product
// labels (the QR and beside it what it links to), or one 90 x 70 mm landscape label per page. QR codes
// are vector squares, sharp at any printer resolution; text in any script a product uses is shaped and
// embedded (pdf-text.ts). Runs in the browser and in Node.
import { jsPDF } from 'jspdf';
import { fetchFont, type FontReader, type LoadedFont } from './label-fonts.js';
import { drawQr, labelQrLevel } from './pdf-qr.js';
import { drawLine, fontsFor } from './pdf-text.js';

export interface Label {
  /** What the QR code holds. */
  qr: string;
  /** Lines printed beside it (the id, a product name...). */
  lines: string[];
}

export type SheetLayout = 'a4-4x8' | 'a4-3x8' | 'single-90x70';

interface Grid {
  cols: number;
  rows: number;
}
const A4 = { w: 210, h: 297, margin: 8 };
export const GRIDS: Record<Exclude<SheetLayout, 'single-90x70'>, Grid> = {
  'a4-4x8': { cols: 4, rows: 8 },
  'a4-3x8': { cols: 3, rows: 8 },
};
export const LABELS_PER_PAGE = GRIDS['a4-4x8'].cols * GRIDS['a4-4x8'].rows;

type Fonts = Map<string, LoadedFont>;

/** Each label's cell on the A4 grid, new pages as they fill; `draw` fills one cell. */
function drawGrid(doc: jsPDF, labels: Label[], grid: Grid, draw: (l: Label, x: number, y: number) => void): void {
  const cw = (A4.w - 2 * A4.margin) / grid.cols;
  const ch = (A4.h - 2 * A4.margin) / grid.rows;
  const perPage = grid.cols * grid.rows;
  labels.forEach((label, i) => {
    const onPage = i % perPage;
    if (i > 0 && onPage === 0) doc.addPage('a4', 'portrait');
    draw(label, A4.margin + (onPage % grid.cols) * cw, A4.margin + Math.floor(onPage / grid.cols) * ch);
  });
}

/** Slips: the QR centred at the top of its 48.5 x 35 mm cell, two lines under it. */
function drawSlips(doc: jsPDF, fonts: Fonts, labels: Label[]): void {
  const cw = (A4.w - 2 * A4.margin) / 4;
  const ch = (A4.h - 2 * A4.margin) / 8;
  const qrSize = Math.min(cw, ch) - 9;
  drawGrid(doc, labels, GRIDS['a4-4x8'], (label, x, y) => {
    drawQr(doc, label.qr, x + (cw - qrSize) / 2, y + 1, qrSize);
    label.lines
      .slice(0, 2)
      .forEach((line, k) =>
        drawLine(doc, fonts, line, x + cw / 2, y + qrSize + 3 + k * 3, { size: 7, align: 'center', maxWidth: cw - 2 }),
      );
  });
}

/** Product labels: a 33 mm QR square (its quiet zone inside) at the left of a 64.7 x 35 mm cell, and
 *  six lines beside it, each shrunk to the 30 mm left. */
export const PRODUCT_QR_MM = 33;
function drawProducts(doc: jsPDF, fonts: Fonts, labels: Label[]): void {
  const cw = (A4.w - 2 * A4.margin) / 3;
  const ch = (A4.h - 2 * A4.margin) / 8;
  drawGrid(doc, labels, GRIDS['a4-3x8'], (label, x, y) => {
    const top = y + (ch - PRODUCT_QR_MM) / 2;
    drawQr(doc, label.qr, x, top, PRODUCT_QR_MM, labelQrLevel(label.qr));
    const textX = x + PRODUCT_QR_MM;
    label.lines
      .slice(0, 6)
      .forEach((line, k) =>
        drawLine(doc, fonts, line, textX, top + 6 + k * 4.4, { size: 7, maxWidth: cw - PRODUCT_QR_MM - 1.5 }),
      );
  });
}

function drawSingles(doc: jsPDF, fonts: Fonts, labels: Label[]): void {
  labels.forEach((label, i) => {
    if (i > 0) doc.addPage([90, 70], 'landscape');
    drawQr(doc, label.qr, 3, 5, 60, labelQrLevel(label.qr));
    label.lines.slice(0, 6).forEach((line, k) => drawLine(doc, fonts, line, 64, 14 + k * 6, { size: 9, maxWidth: 24 }));
  });
}

/** The PDF of `labels` as bytes; fonts for text beyond Latin-1 are read with `read` (fetch in the browser). */
export async function labelSheet(
  labels: Label[],
  layout: SheetLayout = 'a4-4x8',
  read: FontReader = fetchFont,
): Promise<ArrayBuffer> {
  const fonts = await fontsFor(
    labels.flatMap((l) => l.lines),
    read,
  );
  const doc =
    layout === 'single-90x70'
      ? new jsPDF({ orientation: 'landscape', unit: 'mm', format: [90, 70], compress: true })
      : new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  if (layout === 'a4-4x8') drawSlips(doc, fonts, labels);
  else if (layout === 'a4-3x8') drawProducts(doc, fonts, labels);
  else drawSingles(doc, fonts, labels);
  return doc.output('arraybuffer');
}
