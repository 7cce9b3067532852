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

/** The outline of `glyph` at (ox, oy) (its origin on the baseline), `scale` mm per font unit, as a path. */
function tracePath(doc: jsPDF, glyph: Glyph, ox: number, oy: number, scale: number): boolean {
  const X = (v: number) => ox + v * scale;
  const Y = (v: number) => oy - v * scale;
  let [cx, cy] = [0, 0];
  for (const { command, args: a } of glyph.path.commands) {
    if (command === 'moveTo') doc.moveTo(X(a[0]!), Y(a[1]!));
    else if (command === 'lineTo') doc.lineTo(X(a[0]!), Y(a[1]!));
    else if (command === 'bezierCurveTo') doc.curveTo(X(a[0]!), Y(a[1]!), X(a[2]!), Y(a[3]!), X(a[4]!), Y(a[5]!));
    else if (command === 'quadraticCurveTo') {
      // PDF has cubic curves only: the same curve has its controls 2/3 of the way to the quadratic's.
      const [qx, qy, ex, ey] = a as [number, number, number, number];
      const c1 = [cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy)] as const;
      const c2 = [ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey)] as const;
      doc.curveTo(X(c1[0]), Y(c1[1]), X(c2[0]), Y(c2[1]), X(ex), Y(ey));
    } else if (command === 'closePath') doc.close();
    if (a.length >= 2) [cx, cy] = [a[a.length - 2]!, a[a.length - 1]!];
  }
  return glyph.path.commands.length > 0;
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
    let traced = false;
    run.glyphs.glyphs.forEach((glyph, i) => {
      const p = run.glyphs.positions[i]!;
      traced = tracePath(doc, glyph, glyphX + p.xOffset * scale, y - p.yOffset * scale, scale) || traced;
      glyphX += p.xAdvance * scale;
    });
    // Non-zero winding, as TrueType outlines are drawn.
    if (traced) doc.fill();
    embed(doc, run.font);
    doc.setFont(run.font.name, 'normal');
    doc.setFontSize(box.size * fit);
    doc.text(run.text, pen, y, { renderingMode: 'invisible' });
    pen = glyphX;
  }
}
