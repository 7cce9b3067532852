// The AI table (ai-table.ts, generated from GS1's Barcode Syntax Dictionary) read into entries: each
// AI's format, whether an FNC1 follows it, whether it may be a Digital Link data attribute, and the
// Digital Link key-qualifier sequences. One place answers "is this a valid value of AI n".
import { AI_ROWS } from './ai-table.js';
import { CHARACTER_SETS, LINTERS } from './ai-linters.js';

export interface AiComponent {
  cset: 'N' | 'X' | 'Y' | 'Z';
  min: number;
  max: number;
  optional: boolean;
  linters: readonly string[];
}

export interface AiEntry {
  ai: string;
  /** An FNC1 separates it from the next AI in an element string (not a predefined-length AI). */
  fnc1: boolean;
  /** May be carried as a Digital Link query parameter (`?17=...`). */
  dlAttribute: boolean;
  components: readonly AiComponent[];
  /** Qualifier sequences of a Digital Link primary key; null when the AI is not one. */
  qualifiers: readonly (readonly string[])[] | null;
  title: string;
  /** Not in GS1's table, let in by the caller's option (GS1's "permit unknown AIs"). */
  unknown?: true;
}

function component(text: string): AiComponent {
  const optional = text.startsWith('[');
  const [format = '', ...linters] = text.replace(/[[\]]/g, '').split(',');
  const m = /^([NXYZ])(\d*)(?:\.\.(\d+))?$/.exec(format);
  if (!m) throw new Error(`Unknown AI component ${text}`);
  const cset = m[1] as AiComponent['cset'];
  const [min, max] = m[3] ? [m[2] ? Number(m[2]) : 1, Number(m[3])] : [Number(m[2]), Number(m[2])];
  return { cset, min, max, optional, linters };
}

const ENTRIES = new Map<string, AiEntry>();
for (const [ais, flags, spec, dlKey, title] of AI_ROWS) {
  const [from = ais, to = from] = ais.split('-');
  const components = spec.split(' ').map(component);
  // "22,10,21|235": alternative sequences, each qualifier optional but in that order.
  const qualifiers = dlKey === null ? null : dlKey.split('|').map((s) => (s ? s.split(',') : []));
  for (let n = Number(from); n <= Number(to); n++) {
    const ai = String(n).padStart(from.length, '0');
    ENTRIES.set(ai, {
      ai,
      fnc1: !flags.includes('*'),
      dlAttribute: flags.includes('?'),
      components,
      qualifiers,
      title,
    });
  }
}

const UNKNOWN: Omit<AiEntry, 'ai'> = {
  fnc1: true,
  dlAttribute: false,
  components: [{ cset: 'X', min: 1, max: 90, optional: false, linters: [] }],
  qualifiers: null,
  title: 'UNKNOWN',
  unknown: true,
};

/** The AI's entry; an unknown AI of 2 to 4 digits only when `permitUnknown`, and never one that
 *  clashes with a known AI by prefix (as GS1's syntax engine vivifies it). */
export function aiEntry(ai: string, permitUnknown = false): AiEntry | undefined {
  const known = ENTRIES.get(ai);
  if (known || !permitUnknown || !/^\d{2,4}$/.test(ai)) return known;
  for (const k of ENTRIES.keys()) if (k.startsWith(ai) || ai.startsWith(k)) return undefined;
  return { ...UNKNOWN, ai };
}

export const minLength = (e: AiEntry) => e.components.reduce((n, c) => n + (c.optional ? 0 : c.min), 0);
export const maxLength = (e: AiEntry) => e.components.reduce((n, c) => n + c.max, 0);

/** Why `value` is not a valid value of the AI (length, character set, GS1's content checks), or null. */
export function aiValueError(e: AiEntry, value: string): string | null {
  if (value.length < minLength(e)) return `AI (${e.ai}) value is too short`;
  if (value.length > maxLength(e)) return `AI (${e.ai}) value is too long`;
  let rest = value;
  for (const c of e.components) {
    const part = rest.slice(0, c.max);
    if (c.optional && part === '') continue;
    if (part.length < c.min) return `AI (${e.ai}) value is too short`;
    if (!CHARACTER_SETS[c.cset].test(part)) return `AI (${e.ai}) value has a character GS1 does not allow`;
    for (const name of c.linters) {
      const error = LINTERS[name]?.(part);
      if (error) return `AI (${e.ai}): ${error}`;
    }
    rest = rest.slice(part.length);
  }
  return rest ? `AI (${e.ai}) value is too long` : null;
}

/** Every valid Digital Link path: a primary key, then any of its qualifiers in order ("01 22 10 21"). */
const PATHS = new Set<string>();
for (const e of ENTRIES.values()) {
  for (const seq of e.qualifiers ?? []) {
    // All order-keeping subsets of the sequence, as GS1's syntax engine lists them.
    for (let mask = 0; mask < 1 << seq.length; mask++)
      PATHS.add([e.ai, ...seq.filter((_, i) => mask & (1 << i))].join(' '));
  }
}

export const isDlPath = (ais: readonly string[]) => PATHS.has(ais.join(' '));
export const isDlPrimaryKey = (ai: string) => PATHS.has(ai);
