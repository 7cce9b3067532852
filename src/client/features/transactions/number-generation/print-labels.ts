// Labels from a print file: the QR column is the code, the visible number and the product and batch
// are printed beside it. Used by Print (small ranges) and by the test that decodes the sheet.
import Papa from 'papaparse';
import type { Label } from '../../../print/label-sheet.js';

type PrintRow = Record<string, string | undefined>;

export function labelsFromCsv(text: string): Label[] {
  const { data } = Papa.parse<PrintRow>(text, { header: true, skipEmptyLines: true });
  return data
    .filter((r) => r.QR)
    .map((r) => {
      const productLine = [r['Product Name'], r['Batch No']].filter((s) => s && s.trim() !== '').join(' / ');
      return { qr: r.QR!, lines: [r['Visible No'] ?? '', ...(productLine ? [productLine] : [])] };
    });
}
