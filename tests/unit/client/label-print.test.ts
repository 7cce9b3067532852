// Labels carry the law (issue 28 item 5): text in Devanagari comes back out of the PDF as it was typed,
// and every code, the long GS1 Digital Link as well as the short /P?U= link, reads at 72 dpi.
import { describe, expect, it } from 'vitest';
import { labelSheet, type Label } from '../../../src/client/print/label-sheet.js';
import { fontsFor, shapeLine } from '../../../src/client/print/pdf-text.js';
import { decodeLabels, pdfText as textOf } from '../../helpers/decode-pdf.js';
import { readFontFile } from '../../helpers/font-files.js';

const pdfText = (pdf: ArrayBuffer, box?: [number, number, number, number]) => textOf(new Uint8Array(pdf), box);

const DEVANAGARI = ['जैविक खाद', 'Batch: क्षमता-12', 'कीटनाशक', 'किसान शक्ति / B-12'];

describe('label text in Devanagari', () => {
  // What a reader sees, not only what extracts: after Latin (`Batch: `) as well as alone, क्ष is one
  // conjunct glyph and the vowel sign ि is drawn before its consonant.
  it.each(['क्ष', 'Batch: क्ष', 'लि', 'Mfd. by: कृषि लि'])('%s is shaped as Devanagari', async (text) => {
    const fonts = await fontsFor([text], readFontFile);
    const glyphs = shapeLine(text, fonts).flatMap((r) => r.glyphs.glyphs.map((g) => g.codePoints));
    const chars = [...text];
    if (text.endsWith('क्ष')) expect(glyphs.length).toBe(chars.length - 2);
    else expect(glyphs.slice(-2).map((g) => g[0])).toEqual([0x093f, 'ल'.codePointAt(0)]);
  });

  it('a single label gives its lines back as typed', async () => {
    const pdf = await labelSheet([{ qr: 'SID26KA00001', lines: DEVANAGARI }], 'single-90x70', readFontFile);
    expect(pdfText(pdf)).toEqual(DEVANAGARI);
  });

  it('a product label on the A4 sheet gives its lines back as typed', async () => {
    const lines = [
      'KA7031',
      'जैविक खाद',
      'Batch: क्ष-2026/A',
      'MFG: 01-01-2026 EXP: 31-12-2027',
      'Reg. No: CIR-123/2020',
      'Mfd. by: कृषि रसायन लि.',
    ];
    const pdf = await labelSheet([{ qr: 'https://x.in/P?U=1', lines }], 'a4-3x8', readFontFile);
    expect(pdfText(pdf, [8 + 33, 8, 30, 35])).toEqual(lines);
  });

  it('a slip sheet gives its lines back as typed', async () => {
    const pdf = await labelSheet([{ qr: 'SID26KA00001', lines: ['SID26KA00001', 'कीटनाशक'] }], 'a4-4x8', readFontFile);
    expect(pdfText(pdf)).toEqual(['SID26KA00001', 'कीटनाशक']);
  });
});

// A realistic long GS1 Digital Link (GTIN, a 20-character batch, a serial, both dates) and the short form.
const gs1 = (i: number) =>
  `https://trace.example-agro.in/01/08901234567890/10/ABCD1234567890123456/21/KA${1234567890 + i}?11=260101&17=271231`;
const short = (i: number) => `https://trace.example-agro.in/P?U=KA7X${100000000 + i}Q`;
const productLabels = (qr: (i: number) => string): Label[] =>
  Array.from({ length: 24 }, (_, i) => ({
    qr: qr(i),
    lines: [
      `KA${7031 + i}`,
      'जैविक खाद',
      'Batch: ABCD1234567890123456',
      'MFG: 01-01-2026 EXP: 31-12-2027',
      'Reg. No: CIR-123/2020',
      'Mfd. by: Example Agro Chemicals Pvt Ltd',
    ],
  }));

describe('label codes at 72 dpi', () => {
  it.each([
    ['GS1 Digital Link', gs1],
    ['/P?U=', short],
  ])(
    'every %s code on a sheet of 24 product labels reads',
    async (_, qr) => {
      const labels = productLabels(qr);
      const pdf = new Uint8Array(await labelSheet(labels, 'a4-3x8', readFontFile));
      expect(decodeLabels(pdf, 'a4-3x8', 72)).toEqual(labels.map((l) => l.qr));
      if (process.env.LABEL_DPI_FIGURES) console.log(_, 60, decodeLabels(pdf, 'a4-3x8', 60).length, 'of 24 at 60 dpi');
    },
    60_000,
  );
});
