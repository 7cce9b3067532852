// The dispatch invoice (issue 12 item 2) read back with the tools a receiver's side would use: poppler
// rasterises and extracts the text, zbar decodes the QR. Nothing here reads the PDF's own objects.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatchInvoicePdf, pdfText } from '../../../src/client/floor/dispatch/invoice-pdf.js';
import type { DispatchInvoice } from '../../../src/client/floor/dispatch/invoice-data.js';
import type { FontReader } from '../../../src/client/print/label-fonts.js';
import { pdfPageCount } from '../../helpers/decode-pdf.js';
import { readFontFile } from '../../helpers/font-files.js';

const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIXTURES = join(import.meta.dirname, '../../fixtures/uploads');
const dataUrl = (file: string, type: string) =>
  `data:${type};base64,${readFileSync(join(FIXTURES, file)).toString('base64')}`;
const tid = (n: number) => `TID26KA${String(n).padStart(5, '0')}`;

function invoice(did: string, cartons: number, over: Partial<DispatchInvoice> = {}): DispatchInvoice {
  return {
    CartonId: did,
    userDetail: {
      FirmName: 'Pune Depot',
      bill_Address1: 'Gat 220, Chakan Road',
      bill_Address2: 'Near Toll Plaza',
      bill_CityName: 'Pune',
      bill_StateName: 'Maharashtra',
      bill_Pincode: '411019',
      bill_CountryName: 'India',
    },
    TransportMode: 'Road',
    LR: 'LR-4471',
    Qty: cartons,
    cartonList: Array.from({ length: cartons }, (_, i) => ({
      CartonId: tid(i + 1),
      ProductName: `Hybrid Tomato Seeds ${i + 1}`,
      BatchNo: `B26-${i + 1}`,
      TotalQty: 20 + i,
      ProductUOM: 'PCS',
    })),
    CompanyLogo: '',
    CompanyName: 'Green Fields Agro',
    Address: 'Plot 14, MIDC Ambad',
    City: 'Nashik',
    Pincode: '422010',
    Mobile: '9876543210',
    // 10:30 in India: the invoice prints India's time whatever the device's zone.
    CreatedDt: '2026-03-14T05:00:00.000Z',
    ...over,
  };
}

/** Makes the invoice and writes it under its own file name, as the browser download would. */
async function make(
  data: DispatchInvoice,
  read?: FontReader,
): Promise<{ file: string; fileName: string; bytes: Uint8Array }> {
  const { fileName, bytes } = await dispatchInvoicePdf(data, read);
  const file = join(dir, fileName);
  writeFileSync(file, bytes);
  return { file, fileName, bytes };
}

const tool = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');
const pageText = (file: string, page?: number) =>
  tool('pdftotext', ['-layout', ...(page ? ['-f', String(page), '-l', String(page)] : []), file, '-']);

/** Page 1 rendered to 8-bit grey at `dpi`. */
function grayPage1(file: string, dpi: number): { path: string; w: number; h: number; px: Buffer } {
  const out = join(dir, `gray-${dpi}`);
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', '-f', '1', '-l', '1', file, out]);
  const buf = readFileSync(`${out}.pgm`);
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.subarray(0, 40).toString('latin1'))!;
  return { path: `${out}.pgm`, w: Number(head[1]), h: Number(head[2]), px: buf.subarray(head[0].length) };
}

function zbar(image: string): string[] {
  try {
    return tool('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', image])
      .split('\n')
      .filter((l) => l !== '');
  } catch {
    return []; // zbarimg exits 4 when it finds no code
  }
}

/**
 * The printed QR symbol on page 1, found from the pixels: starting at the rightmost dark pixel of the
 * top fifth, a box grows while dark pixels lie within 2 mm of it. Answers its size and whether the
 * 4-module quiet zone around it is blank.
 */
function qrOnPaper(file: string) {
  const dpi = 150;
  const g = grayPage1(file, dpi);
  const mm = (px: number) => (px * 25.4) / dpi;
  const dark = (x: number, y: number) => g.px[y * g.w + x]! < 128;
  let seed: [number, number] | null = null;
  for (let x = g.w - 1; x >= 0 && !seed; x--)
    for (let y = 0; y < g.h / 5; y++)
      if (dark(x, y)) {
        seed = [x, y];
        break;
      }
  if (!seed) return null;
  let [x0, x1, y0, y1] = [seed[0], seed[0], seed[1], seed[1]];
  const reach = Math.round((2 * dpi) / 25.4);
  for (let grew = true; grew;) {
    grew = false;
    const [a, b, c, d] = [
      Math.max(0, x0 - reach),
      Math.min(g.w - 1, x1 + reach),
      Math.max(0, y0 - reach),
      Math.min(g.h - 1, y1 + reach),
    ];
    for (let y = c; y <= d; y++)
      for (let x = a; x <= b; x++) {
        if ((x < x0 || x > x1 || y < y0 || y > y1) && dark(x, y)) {
          [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
          grew = true;
        }
      }
  }
  const side = mm(x1 - x0 + 1);
  const ring = Math.ceil(((x1 - x0 + 1) * 4) / 21); // a DID is a 21-module code
  let quiet = x0 - ring >= 0 && y0 - ring >= 0 && x1 + ring < g.w;
  for (let y = y0 - ring; quiet && y <= y1 + ring; y++)
    for (let x = x0 - ring; x <= x1 + ring; x++) {
      const inside = x >= x0 - 1 && x <= x1 + 1 && y >= y0 - 1 && y <= y1 + 1; // 1 px of anti-aliasing
      if (!inside && g.px[y * g.w + x]! < 200) {
        quiet = false;
        break;
      }
    }
  return { width: side, height: mm(y1 - y0 + 1), centreX: mm((x0 + x1) / 2), top: mm(y0), quiet };
}

interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** pdftotext's word boxes (points), page by page. */
function wordBoxes(file: string): Word[][] {
  const xml = tool('pdftotext', ['-bbox', file, '-']);
  return xml
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
        (m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: m[5]! }),
      ),
    );
}

/** Words that overlap another word, words outside the margins, and table words crossing into the next column. */
function layoutFaults(words: Word[]): string[] {
  const faults: string[] = [];
  const margin = (12 * 72) / 25.4 - 0.5;
  for (const w of words) if (w.x0 < margin || w.x1 > 595.28 - margin) faults.push(`outside the margins: ${w.text}`);
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j < words.length; j++) {
      const [a, b] = [words[i]!, words[j]!];
      if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.1 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.1)
        faults.push(`${a.text} overlaps ${b.text}`);
    }
  const head = (t: string) => words.find((w) => w.text === t)!;
  const edges = [head('Carton').x0, head('Product').x0, head('Batch').x0, head('Total').x0];
  for (const w of words.filter((v) => v.y0 > head('Carton').y1)) {
    const k = edges.findIndex((e, i) => i < 3 && w.x0 >= e && w.x0 < edges[i + 1]!);
    if (k >= 0 && w.x1 > edges[k + 1]!) faults.push(`crosses its column: ${w.text}`);
  }
  return faults;
}

const HEADER_ROW = /Sr\.\s+Carton Id\s+Product Name\s+Batch No\.\s+Total Qty\s+UOM/;

// Each test runs the real poppler and zbar tools over real files: seconds, more on a busy machine.
describe('dispatch invoice', { timeout: 60_000 }, () => {
  it('is named after the dispatch number and prints every field of the invoice data', async () => {
    const { fileName, file } = await make(invoice('DID26KA00001', 3));
    expect(fileName).toBe('DID26KA00001.pdf');
    expect(pdfPageCount(readFileSync(file))).toBe(1);
    const text = pageText(file);
    for (const s of [
      'Green Fields Agro',
      'Plot 14, MIDC Ambad',
      'Nashik - 422010',
      'Mobile: 9876543210',
      'Dispatch Invoice',
      'Pune Depot',
      'Gat 220, Chakan Road',
      'Near Toll Plaza',
      'Pune, Maharashtra - 411019',
      'India',
    ])
      expect(text).toContain(s);
    expect(text).toMatch(/Dispatch No\.\s+DID26KA00001/);
    expect(text).toMatch(/Date\s+14-03-2026 10:30/);
    expect(text).toMatch(/Transport Mode\s+Road/);
    expect(text).toMatch(/LR No\s+LR-4471/);
    expect(text).toMatch(/Qty\s+3\s*$/m);
    for (let i = 1; i <= 3; i++) {
      // One line per carton: id, product, batch, quantity and UOM side by side.
      expect(text).toMatch(new RegExp(`${tid(i)}\\s+Hybrid Tomato Seeds ${i}\\s+B26-${i}\\s+${19 + i}\\s+PCS`));
    }
    expect(layoutFaults(wordBoxes(file)[0]!)).toEqual([]);
  });

  it('carries the DID as a QR code of at least 30 mm, with its quiet zone, at the top right', async () => {
    const { file } = await make(invoice('DID26KA00002', 2));
    expect(zbar(grayPage1(file, 150).path)).toEqual(['DID26KA00002']);
    // A coarse camera still reads it: 72 dpi is under 5 pixels a module.
    expect(zbar(grayPage1(file, 72).path)).toEqual(['DID26KA00002']);
    const qr = qrOnPaper(file)!;
    expect(qr.width).toBeGreaterThanOrEqual(30);
    expect(Math.abs(qr.width - qr.height)).toBeLessThan(1);
    expect(qr.centreX).toBeGreaterThan(140);
    expect(qr.top).toBeLessThan(30);
    expect(qr.quiet).toBe(true);
    expect(pageText(file, 1)).toMatch(/^\s*DID26KA00002\s*$/m); // printed under it, on a line of its own
  });

  it('spreads 500 cartons over pages, each with the header row, every carton exactly once', async () => {
    const data = invoice('DID26KA00500', 500);
    // Every seventh name wraps, so rows differ in height across page breaks.
    data.cartonList.forEach((c, i) => {
      if (i % 7 === 0) c.ProductName = `Hybrid Tomato Seeds ${i + 1} ${'long name '.repeat(14)}`;
    });
    const { file, bytes } = await make(data);
    const pages = pdfPageCount(bytes);
    expect(pages).toBeGreaterThan(5);
    const all = pageText(file);
    for (let i = 1; i <= 500; i++) expect(all.match(new RegExp(`\\b${tid(i)}\\b`, 'g')), tid(i)).toHaveLength(1);
    const boxes = wordBoxes(file);
    for (let p = 1; p <= pages; p++) {
      const text = pageText(file, p);
      expect(text, `page ${p}`).toMatch(HEADER_ROW);
      expect(text).toContain(`Page ${p} of ${pages}`);
      expect(layoutFaults(boxes[p - 1]!), `page ${p}`).toEqual([]);
    }
    // Only page 1 has a code: the receiver scans the first sheet.
    expect(zbar(grayPage1(file, 150).path)).toEqual(['DID26KA00500']);
  });

  it('keeps hostile values inside their columns and shows what Helvetica cannot print as ?', async () => {
    const longName = `Seeds <A&B> "best" 'new' ${'Extraordinarily long product name '.repeat(30)} END-OF-NAME`;
    const data = invoice('DID26KA00003', 3, {
      CompanyLogo: null,
      CompanyName: `Green Fields ${'Agro Industries '.repeat(20)}`,
      Address: 'x'.repeat(600),
      City: null,
      Pincode: '422010',
      Mobile: null,
      userDetail: {
        FirmName: 'हरित कृषि Depot',
        bill_Address1: null,
        bill_Address2: '',
        bill_CityName: 'Pune',
        bill_StateName: null,
        bill_Pincode: null,
        bill_CountryName: 'India',
      },
      TransportMode: 'Road 🚚',
      LR: 'L'.repeat(120),
    });
    data.cartonList[0]!.ProductName = longName;
    data.cartonList[1]!.ProductName = 'Neem तेल oil';
    data.cartonList[1]!.BatchNo = 'B'.repeat(80);
    data.cartonList[2]!.ProductUOM = 'Kilograms per carton';
    const { file } = await make(data);
    const text = pageText(file);
    expect(text).toContain(`Seeds <A&B> "best" 'new'`);
    expect(text).not.toContain('END-OF-NAME'); // clipped after three lines...
    expect(text).toMatch(/…/); // ...visibly
    expect(text).toMatch(/Neem \?+ oil/);
    expect(text).toMatch(/\?+ \?+ Depot/);
    expect(text).toMatch(/Transport Mode\s+Road \?/);
    for (const id of [tid(1), tid(2), tid(3)]) expect(text).toContain(id);
    expect(layoutFaults(wordBoxes(file)[0]!)).toEqual([]);
    const qr = qrOnPaper(file)!;
    expect(qr.quiet).toBe(true); // the long company name stops short of the code
    expect(zbar(grayPage1(file, 150).path)).toEqual(['DID26KA00003']);
  });

  it('prints Devanagari names in their own font when it can be had, and as ? when it cannot (offline)', async () => {
    const data = invoice('DID26KA00004', 2, {
      userDetail: { ...invoice('DID26KA00004', 1).userDetail, FirmName: 'हरित कृषि Depot' },
    });
    data.cartonList[0]!.ProductName = 'जैविक खाद';
    data.cartonList[1]!.ProductName = 'Neem तेल oil';
    // Offline before the font was ever fetched (a font, once loaded, stays for the page's life).
    const offline = await make(data, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(pageText(offline.file)).toMatch(/Neem \?+ oil/);
    const { file } = await make(data, readFontFile);
    const text = pageText(file);
    expect(text).toContain('हरित कृषि Depot');
    expect(text).toMatch(/जैविक खाद\s+B26-1\s+20\s+PCS/);
    expect(text).toContain('Neem तेल oil');
    expect(text).toMatch(/Transport Mode\s+Road/); // Helvetica is back after a Devanagari line
    expect(layoutFaults(wordBoxes(file)[0]!)).toEqual([]);
    expect(zbar(grayPage1(file, 150).path)).toEqual(['DID26KA00004']);
  });

  it('draws the logo it is given, and none when it is absent or unreadable', async () => {
    const images = (file: string) =>
      tool('pdfimages', ['-list', file])
        .split('\n')
        .slice(2)
        .filter((l) => l.trim() !== '');
    const withLogo = await make(invoice('DID26KA00010', 1, { logoImage: dataUrl('sample.png', 'image/png') }));
    expect(images(withLogo.file)).toHaveLength(1);
    expect(images(withLogo.file)[0]).toMatch(/^\s*1\s/); // on page 1
    const bare = await make(invoice('DID26KA00011', 1));
    expect(images(bare.file)).toHaveLength(0);
    // A damaged cached copy, and a JPEG whose size jspdf misreads: the invoice prints without a logo.
    for (const [did, logo] of [
      ['DID26KA00012', 'data:image/png;base64,AAAA'],
      ['DID26KA00013', dataUrl('sample.jpg', 'image/jpeg')],
    ] as const) {
      const made = await make(invoice(did, 1, { logoImage: logo }));
      expect(images(made.file)).toHaveLength(0);
      expect(pageText(made.file)).toContain('Green Fields Agro');
      expect(zbar(grayPage1(made.file, 150).path)).toEqual([did]);
    }
  });

  it('refuses a dispatch number that is not a DID, since it names the file', async () => {
    await expect(dispatchInvoicePdf(invoice('TID26KA00001', 1))).rejects.toThrow(/DID/);
    await expect(dispatchInvoicePdf(invoice('../DID26KA00001', 1))).rejects.toThrow(/DID/);
  });
});

describe('pdfText', () => {
  it('keeps what WinAnsi Helvetica shows and turns the rest into one ? per character', () => {
    expect(pdfText(`<>&"' € – é ß Ž`)).toBe(`<>&"' € – é ß Ž`);
    expect(pdfText('ő Ａ ﬁ')).toBe('o A fi'); // accent-free or compatibility forms where they exist
    expect(pdfText('तेल 👍🏽 ł')).toBe('?? ? ?');
    expect(pdfText('a\tb\nc\u0007')).toBe('a b c?');
  });
});
