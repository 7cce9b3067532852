// A QR code drawn into a PDF as vector squares: sharp at any printer resolution, a few hundred bytes.
// The carton labels and the dispatch invoice draw theirs with it.
import type { jsPDF } from 'jspdf';
import QRCode from 'qrcode';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

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
