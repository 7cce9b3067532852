// A QR code drawn into a PDF as vector squares: sharp at any printer resolution, a few hundred bytes.
// The carton labels and the dispatch invoice draw theirs with it.
import type { jsPDF } from 'jspdf';
import QRCode from 'qrcode';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

/** The most modules a label's code may have across (version 5) so that, in the labels' squares, a module
 *  stays big enough to read at 72 dpi (docs/numbers-and-codes.md, Labels, has the figures measured). */
export const LABEL_MAX_MODULES = 37;

/** Error correction for a label's code: M (15 %) when the text fits in LABEL_MAX_MODULES with it, else L
 *  (7 %), which keeps a long GS1 Digital Link's modules as large as the short link's. */
export function labelQrLevel(text: string): QrLevel {
  return QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size <= LABEL_MAX_MODULES ? 'M' : 'L';
}

/** Draws `text` in a square of `size` mm at (x, y), the standard quiet zone of four modules inside it
 *  (so neighbouring labels never read as one code). */
export function drawQr(doc: jsPDF, text: string, x: number, y: number, size: number, level: QrLevel = 'M'): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  const cell = size / (modules.size + 8);
  doc.setFillColor(0, 0, 0);
  for (let r = 0; r < modules.size; r++) {
    // Runs of dark modules in a row become one rectangle: fewer operators, smaller file.
    let c = 0;
    while (c < modules.size) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < modules.size && modules.get(r, c)) c++;
      doc.rect(x + (start + 4) * cell, y + (r + 4) * cell, (c - start) * cell, cell, 'F');
    }
  }
}
