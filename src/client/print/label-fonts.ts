// The fonts labels embed for text the 14 standard PDF fonts cannot write (their WinAnsi covers Latin-1
// only). One row per script: another Indian script is one more row with its Noto font's file.
// Noto fonts are under the SIL Open Font License 1.1 (the package's LICENSE_FONT).
import type { Font } from 'fontkit';

export interface ScriptFont {
  /** The script's name, also the font's name inside the PDF. */
  script: string;
  /** The characters of the script (a line holding none of any row's keeps the standard font). */
  chars: RegExp;
  /** Its OpenType script tag, given to the shaper: left to guess, fontkit takes `Batch: क्ष` for Latin. */
  tag: string;
  /** The TTF file's URL, imported only when a label needs it (the app's first screens stay small). */
  url: () => Promise<string>;
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  {
    script: 'NotoSansDevanagari',
    // Devanagari, its extended block and the Vedic signs.
    chars: /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/u,
    tag: 'deva',
    url: () =>
      import('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?url').then(
        (m) => m.default,
      ),
  },
];

/** What the standard fonts write: printable ASCII and Latin-1. */
export const STANDARD_TEXT = /^[\x20-\x7E\xA0-\xFF]*$/;

/** Reads a font file's bytes; the browser fetches the URL, Node tests read the file it names. */
export type FontReader = (url: string) => Promise<Uint8Array>;

export const fetchFont: FontReader = async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer());

/** A font ready to draw with: fontkit's for shaping and outlines, the bytes for jsPDF to embed. */
export interface LoadedFont {
  name: string;
  tag: string;
  font: Font;
  bytes: Uint8Array;
}

const loaded = new Map<string, Promise<LoadedFont>>();

/** The font of `row`, loaded once per page life (fontkit too is loaded only here). */
export function loadFont(row: ScriptFont, read: FontReader): Promise<LoadedFont> {
  let got = loaded.get(row.script);
  if (!got) {
    got = (async () => {
      const [{ create }, bytes] = await Promise.all([import('fontkit'), row.url().then(read)]);
      const font = create(bytes as Buffer) as Font;
      return { name: row.script, tag: row.tag, font, bytes };
    })();
    got.catch(() => loaded.delete(row.script));
    loaded.set(row.script, got);
  }
  return got;
}
