// Labels from a print file: the QR column is the code, the visible number and the fields the law asks
// for are printed beside it. Used by Print (small ranges) and by the test that decodes the sheet.
import Papa from 'papaparse';
import type { Label } from '../../../print/label-sheet.js';

type PrintRow = Record<string, string | undefined>;

/** `caption value`, or nothing when the file has no value. */
const field = (caption: string, value: string | undefined) => (value?.trim() ? `${caption} ${value.trim()}` : '');

/** A product label shows what its QR links to: product, batch, MFG, EXP, registration number and maker
 *  (Insecticides (First Amendment) Rules 2025), as the print file has them. */
export function labelsFromCsv(text: string): Label[] {
  const { data } = Papa.parse<PrintRow>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  return data
    .filter((r) => r.QR)
    .map((r) => ({
      qr: r.QR!,
      lines: [
        r['Visible No'] ?? '',
        r['Product Name']?.trim() ?? '',
        field('Batch:', r['Batch No']),
        [field('MFG:', r['MFG Date']), field('EXP:', r['EXP Date'])].filter(Boolean).join(' '),
        field('Reg. No:', r['Registration No']),
        field('Mfd. by:', r.Manufacturer),
      ].filter((line) => line !== ''),
    }));
}
