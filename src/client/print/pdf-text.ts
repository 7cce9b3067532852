// One line of label text in a PDF, in any script a product uses. Latin-1 text keeps jsPDF's standard
// Helvetica. Other text is shaped by fontkit (conjuncts, and the vowel sign ि drawn before its
// consonant, which jsPDF alone gets wrong) and drawn as the glyphs' outlines; the same words go under
// them as invisible text in the embedded font, so the PDF's text extracts back as it was typed.
import type { Glyph, GlyphRun } from 'fontkit';
import type { jsPDF } from 'jspdf';
import { loadFont, SCRIPT_FONTS, STANDARD_TEXT, type FontReader, type LoadedFont } from './label-fonts.js';

export interface LineBox {
  /** Font size in points, before any shrinking to fit. */
  size: number;
  /** Where x is: the line's start or its centre. */
  align?: 'left' | 'center';
  /** A longer line is shrunk to this width (mm): a label line is never wrapped. */
  maxWidth: number;
}

/** The fonts `lines` need, by name (none when every line is Latin-1). */
export async function fontsFor(lines: readonly string[], read: FontReader): Promise<Map<string, LoadedFont>> {
  const rows = new Set(SCRIPT_FONTS.filter((row) => lines.some((l) => row.chars.test(l))));
  // Text the standard fonts lack and no row claims (₹, ā) still gets a Noto font, which has Latin too.
  if (lines.some((l) => !STANDARD_TEXT.test(l)) && rows.size === 0) rows.add(SCRIPT_FONTS[0]!);
  const loaded = await Promise.all([...rows].map((row) => loadFont(row, read)));
  return new Map(loaded.map((f) => [f.name, f]));
}

export interface Run {
  font: LoadedFont;
  text: string;
}

/** The line cut where its script changes; spaces, digits and Latin stay with the run they are in. */
function runsOf(text: string, fonts: Map<string, LoadedFont>): Run[] {
  const first = [...fonts.values()][0]!;
  const fontOf = (ch: string) => {
    const row = SCRIPT_FONTS.find((r) => r.chars.test(ch));
    return row ? fonts.get(row.script) : undefined;
  };
  const runs: Run[] = [];
  for (const ch of text) {
    const font = fontOf(ch);
    const last = runs[runs.length - 1];
    if (last && (!font || font === last.font)) last.text += ch;
    else if (!last && !font) runs.push({ font: fontOf([...text].find((c) => fontOf(c)) ?? '') ?? first, text: ch });
    else runs.push({ font: font ?? first, text: ch });
  }
  return runs;
}

const MM_PER_PT = 25.4 / 72;
const embedded = new WeakMap<jsPDF, Set<string>>();

function embed(doc: jsPDF, font: LoadedFont): void {
  const done = embedded.get(doc) ?? new Set<string>();
  embedded.set(doc, done);
  if (done.has(font.name)) return;
  let binary = '';
  for (let i = 0; i < font.bytes.length; i += 0x8000)
    binary += String.fromCharCode(...font.bytes.subarray(i, i + 0x8000));
  doc.addFileToVFS(`${font.name}.ttf`, binary);
  doc.addFont(`${font.name}.ttf`, font.name, 'normal', 'Identity-H');
  done.add(font.name);
}

const num = (v: number) => String(Math.round(v * 10) / 10);

/** A glyph's outline as PDF path operators in font units, once per glyph: a page of labels repeats the
 *  same few glyphs, and the same operators each time deflate to almost nothing. */
const outlines = new WeakMap<Glyph, string>();
function outlineOf(glyph: Glyph): string {
  let ops = outlines.get(glyph);
  if (ops !== undefined) return ops;
  const parts: string[] = [];
  let [cx, cy] = [0, 0];
  for (const { command, args: a } of glyph.path.commands) {
    if (command === 'moveTo') parts.push(`${num(a[0]!)} ${num(a[1]!)} m`);
    else if (command === 'lineTo') parts.push(`${num(a[0]!)} ${num(a[1]!)} l`);
    else if (command === 'bezierCurveTo') parts.push(`${a.map(num).join(' ')} c`);
    else if (command === 'quadraticCurveTo') {
      // PDF has cubic curves only: the same curve has its controls 2/3 of the way to the quadratic's.
      const [qx, qy, ex, ey] = a as [number, number, number, number];
      const c = [
        cx + (2 / 3) * (qx - cx),
        cy + (2 / 3) * (qy - cy),
        ex + (2 / 3) * (qx - ex),
        ey + (2 / 3) * (qy - ey),
      ];
      parts.push(`${[...c, ex, ey].map(num).join(' ')} c`);
    } else if (command === 'closePath') parts.push('h');
    if (a.length >= 2) [cx, cy] = [a[a.length - 2]!, a[a.length - 1]!];
  }
  ops = parts.length > 0 ? `${parts.join(' ')} f` : '';
  outlines.set(glyph, ops);
  return ops;
}

// jsPDF's content writer, which its own plugins use; its typings leave it out.
type ContentWriter = { write(...ops: string[]): void };

/** Each glyph's outline is written once per PDF, as a form XObject in font units, and every label
 *  places it with a matrix: a page of 24 Devanagari labels stays a few times a Latin page's size. */
const placed = new WeakMap<jsPDF, Set<string>>();

/** Fills `glyph`'s outline with its origin at (x, y) mm (on the baseline), `scale` mm per font unit. */
function drawGlyph(doc: jsPDF, font: LoadedFont, glyph: Glyph, x: number, y: number, scale: number): void {
  const ops = outlineOf(glyph);
  if (ops === '') return;
  const key = `${font.name}:${glyph.id}`;
  const done = placed.get(doc) ?? new Set<string>();
  placed.set(doc, done);
  if (!done.has(key)) {
    const { minX, minY, maxX, maxY } = glyph.bbox;
    doc.beginFormObject(minX, minY, maxX - minX, maxY - minY, doc.unitMatrix);
    (doc.internal as unknown as ContentWriter).write(ops);
    doc.endFormObject(key);
    done.add(key);
  }
  const k = doc.internal.scaleFactor; // points per mm
  const matrix = doc.Matrix(scale * k, 0, 0, scale * k, x * k, (doc.internal.pageSize.getHeight() - y) * k);
  doc.doFormObject(key, matrix);
}

export interface ShapedRun extends Run {
  glyphs: GlyphRun;
  /** Its width in font units. */
  advance: number;
}

/** The line's runs as the shaper lays them out: glyphs in visual order, conjuncts as one glyph. */
export function shapeLine(text: string, fonts: Map<string, LoadedFont>): ShapedRun[] {
  return runsOf(text, fonts).map(shape);
}

function shape(run: Run): ShapedRun {
  const glyphs = run.font.font.layout(run.text, undefined, run.font.tag);
  return { ...run, glyphs, advance: glyphs.positions.reduce((sum, p) => sum + p.xAdvance, 0) };
}

/** Draws `text` on the baseline y, shrunk to fit `box.maxWidth`. `fonts` are those fontsFor gave. */
export function drawLine(
  doc: jsPDF,
  fonts: Map<string, LoadedFont>,
  text: string,
  x: number,
  y: number,
  box: LineBox,
): void {
  if (text === '') return;
  if (STANDARD_TEXT.test(text) || fonts.size === 0) {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(box.size);
    const width = doc.getTextWidth(text);
    const fit = Math.min(1, box.maxWidth / width);
    doc.setFontSize(box.size * fit);
    doc.text(text, box.align === 'center' ? x - (width * fit) / 2 : x, y);
    return;
  }
  const runs = shapeLine(text, fonts);
  const mmPerUnit = (r: ShapedRun) => (box.size * MM_PER_PT) / r.font.font.unitsPerEm;
  const width = runs.reduce((sum, r) => sum + r.advance * mmPerUnit(r), 0);
  const fit = Math.min(1, box.maxWidth / width);
  let pen = box.align === 'center' ? x - (width * fit) / 2 : x;
  doc.setFillColor(0, 0, 0);
  for (const run of runs) {
    const scale = mmPerUnit(run) * fit;
    let glyphX = pen;
    run.glyphs.glyphs.forEach((glyph, i) => {
      const p = run.glyphs.positions[i]!;
      drawGlyph(doc, run.font, glyph, glyphX + p.xOffset * scale, y - p.yOffset * scale, scale);
      glyphX += p.xAdvance * scale;
    });
    embed(doc, run.font);
    doc.setFont(run.font.name, 'normal');
    doc.setFontSize(box.size * fit);
    doc.text(run.text, pen, y, { renderingMode: 'invisible' });
    pen = glyphX;
  }
}
