// An independent reader for printed labels: poppler rasterises each label cell of a PDF page and
// zbar decodes it, as a phone would read one label at a time. Needs poppler-utils and zbar-tools.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DPI = 150;
/** The A4 grids of label-sheet.ts: columns by rows inside an 8 mm margin. */
const GRIDS = { 'a4-4x8': [4, 8], 'a4-3x8': [3, 8] } as const;

function zbar(png: string): string[] {
  try {
    const out = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', png], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '');
  } catch {
    return []; // zbarimg exits 4 when it finds no code
  }
}

/** The text of `pdf`'s first page as pdftotext reads it, line by line, within the box [x, y, w, h] (mm)
 *  when given: what a reader's copy and a search find. */
export function pdfText(pdf: Uint8Array, box?: readonly [number, number, number, number]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdftext-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const at72 = (v: number) => String(Math.round((v * 72) / 25.4));
    const crop = box ? ['-r', '72', ...['-x', '-y', '-W', '-H'].flatMap((k, i) => [k, at72(box[i]!)])] : [];
    const out = execFileSync('pdftotext', ['-f', '1', '-l', '1', ...crop, file, '-']).toString('utf8');
    return out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && l !== '\f');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfPageCount(pdf: Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), 'pdfinfo-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file]).toString();
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Decodes every label of an A4 sheet (label-sheet.ts layouts), page by page, left to right and top to
 * bottom, rasterised at `dpi`; an empty cell gives nothing. For a single-label PDF pass layout 'single'.
 */
export function decodeLabels(pdf: Uint8Array, layout: keyof typeof GRIDS | 'single' = 'a4-4x8', dpi = DPI): string[] {
  const mm = (v: number) => Math.round((v * dpi) / 25.4);
  const dir = mkdtempSync(join(tmpdir(), 'labels-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const pages = pdfPageCount(pdf);
    const found: string[] = [];
    for (let p = 1; p <= pages; p++) {
      if (layout === 'single') {
        execFileSync('pdftoppm', [
          '-r',
          String(dpi),
          '-png',
          '-f',
          String(p),
          '-l',
          String(p),
          file,
          join(dir, `p${p}`),
        ]);
        const png = readdirSync(dir).find((f) => f.startsWith(`p${p}-`) || f === `p${p}.png`);
        found.push(...zbar(join(dir, png!)));
        continue;
      }
      const [cols, rows] = GRIDS[layout];
      const cw = (210 - 16) / cols;
      const ch = (297 - 16) / rows;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const out = join(dir, `c${p}-${r}-${c}`);
          execFileSync('pdftoppm', [
            '-r',
            String(dpi),
            '-png',
            '-singlefile',
            '-f',
            String(p),
            '-l',
            String(p),
            '-x',
            String(mm(8 + c * cw)),
            '-y',
            String(mm(8 + r * ch)),
            '-W',
            String(mm(cw)),
            '-H',
            String(mm(ch)),
            file,
            out,
          ]);
          found.push(...zbar(`${out}.png`));
        }
      }
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
