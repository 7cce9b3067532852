// Label sheets for the printer: A4 pages of 4 x 8 labels (carton slips, code labels), or one
// 90 x 70 mm landscape label per page. QR codes are drawn as vector squares, so they stay sharp at
// any printer resolution and a page of 32 codes stays a few kilobytes. Runs in the browser and in Node.
import { jsPDF } from 'jspdf';
import { drawQr } from './pdf-qr.js';

export interface Label {
  /** What the QR code holds. */
  qr: string;
  /** Lines printed beside it (the id, a product name...). */
  lines: string[];
}

export type SheetLayout = 'a4-4x8' | 'single-90x70';

const A4 = { w: 210, h: 297, cols: 4, rows: 8, margin: 8 };
export const LABELS_PER_PAGE = A4.cols * A4.rows;

function drawA4(doc: jsPDF, labels: Label[]): void {
  const cw = (A4.w - 2 * A4.margin) / A4.cols;
  const ch = (A4.h - 2 * A4.margin) / A4.rows;
  labels.forEach((label, i) => {
    const onPage = i % LABELS_PER_PAGE;
    if (i > 0 && onPage === 0) doc.addPage('a4', 'portrait');
    const x = A4.margin + (onPage % A4.cols) * cw;
    const y = A4.margin + Math.floor(onPage / A4.cols) * ch;
    const qrSize = Math.min(cw, ch) - 9;
    drawQr(doc, label.qr, x + (cw - qrSize) / 2, y + 1, qrSize);
    doc.setFontSize(7);
    label.lines
      .slice(0, 2)
      .forEach((line, k) => doc.text(line, x + cw / 2, y + qrSize + 3 + k * 3, { align: 'center', maxWidth: cw - 2 }));
  });
}

function drawSingles(doc: jsPDF, labels: Label[]): void {
  labels.forEach((label, i) => {
    if (i > 0) doc.addPage([90, 70], 'landscape');
    drawQr(doc, label.qr, 3, 5, 60);
    doc.setFontSize(9);
    label.lines.slice(0, 6).forEach((line, k) => doc.text(line, 64, 14 + k * 6, { maxWidth: 24 }));
  });
}

/** The PDF of `labels` as bytes. */
export function labelSheet(labels: Label[], layout: SheetLayout = 'a4-4x8'): ArrayBuffer {
  const doc =
    layout === 'a4-4x8'
      ? new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true })
      : new jsPDF({ orientation: 'landscape', unit: 'mm', format: [90, 70], compress: true });
  if (layout === 'a4-4x8') drawA4(doc, labels);
  else drawSingles(doc, labels);
  return doc.output('arraybuffer');
}
