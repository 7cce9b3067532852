// A known English text in another language. The device and the server make their messages in the
// spec's English (the wire never changes); the screen shows each through `say`, which finds the key a
// text came from: a fixed text by a lookup, a message with values by its template (the English
// function called with markers, the markers turned into capture groups, most specific first). The
// values found go to the language's function as they were (a code, a count); a text value that is
// itself a known message (a server's reason inside "Server: …") is said too. Anything else (a
// server's message the floor does not know) is shown in English as it came.
import { en } from './en.js';
import type { TemplateKey, WordKey, Words } from './words.js';

/** Markers for a template's values: private-use characters for a code (a uid, a slip, a printed
 *  number: no spaces, so a code's template never swallows words), for a text (a reason, a message, a
 *  name), and nine-digit numbers for counts. */
const T = ['\uE000', '\uE001', '\uE002', '\uE003'] as const;
const W = ['\uE010', '\uE011'] as const;
const N = [900000001, 900000002, 900000003] as const;

type AllText<P> = P extends readonly string[] ? true : false;
type SampleList<K extends TemplateKey> = ReadonlyArray<Readonly<Parameters<Words[K]>>>;
/** The values each message with a number, a flag or a text is matched with (a marker, or each value
 *  that changes the words: 1 for a singular, a flag's two sides). Required by the type for every
 *  message with a value other than text; one with text values only is matched as codes, unless listed. */
type Samples = {
  [K in TemplateKey as AllText<Parameters<Words[K]>> extends true ? never : K]: SampleList<K>;
} & { [K in TemplateKey]?: SampleList<K> };

const plural = [[N[0]], [1]] as const;
const idPlural = [
  [T[0], N[0]],
  [T[0], 1],
] as const;
const twoCounts = [
  [T[0], N[0], N[1]],
  [T[0], N[0], 0],
  [T[0], 1, N[1]],
  [T[0], 1, 0],
] as const;
const countFlag = [
  [N[0], true],
  [N[0], false],
  [1, true],
  [1, false],
] as const;

const SAMPLES: Samples = {
  itemsRefused: plural,
  secondarySaved: idPlural,
  tertiarySaved: idPlural,
  closed: idPlural,
  damageDone: idPlural,
  cartonsRefused: plural,
  dispatchQueued: idPlural,
  dispatchSaved: idPlural,
  receiveItemsRefused: plural,
  receivedWith: twoCounts,
  nothingToReturn: [
    [T[0], true],
    [T[0], false],
  ],
  returnItemsRefused: plural,
  returnDone: countFlag,
  otherBatch: [[T[0], W[0], T[2], T[3]]],
  scansWaiting: plural,
  secondaryLabel: idPlural,
  tertiaryLabel: idPlural,
  dispatchLabel: idPlural,
  receiveConfirm: twoCounts,
  receiveLoaded: idPlural,
  receiveLabel: twoCounts,
  returnAddedOf: [
    [N[0], T[0]],
    [1, T[0]],
  ],
  returnQueued: countFlag,
  replaceScanNew: [
    [T[0], true],
    [T[0], false],
  ],
  pendingLink: [
    [N[0], N[1]],
    [N[0], 0],
  ],
  heldWaiting: plural,
  nRefused: plural,
  counts: [[N[0], N[1]]],
  otherUsers: plural,
  showSent: plural,
  attempts: plural,
  lossCount: plural,
  deviceOldWork: [[N[0]]],
  signOutCount: [
    [N[0], N[1]],
    [N[0], 0],
    [1, N[1]],
    [1, 0],
  ],
  signOutKept: [
    [N[0], W[0]],
    [1, W[0]],
    [N[0], ''],
    [1, ''],
  ],
  sessionEndedWaiting: plural,
  // Values that are words: a reason, a message, a label, a name, a list.
  damagedReason: [[W[0]]],
  codeDamaged: [[T[0], W[0]]],
  codeProblem: [[T[0], W[0]]],
  notInUse: [[T[0], W[0]]],
  damageLabel: [[T[0], W[0]]],
  replaceQueued: [[W[0]]],
  sentAgain: [[W[0]]],
  discarded: [[W[0]]],
  sendWithout: [[W[0]]],
  sendWithoutAsk: [[W[0]]],
  takeOut: [[W[0]]],
  serverRefusedIt: [[W[0]]],
  serverSaid: [[W[0]]],
  lastTry: [[W[0]]],
  stateRetryAt: [[W[0]]],
  heldKeep: [[W[0]]],
  welcome: [[W[0]]],
  reasonLength: [[N[0], N[1]]],
  arrivedCount: [
    [N[0], N[1], N[2]],
    [N[0], N[1], 0],
  ],
  fromPlace: [[W[0]]],
  nScanned: plural,
  returnLabel: [
    [W[0], N[0], true, W[1]],
    [W[0], N[0], false, W[1]],
    [W[0], 0, true, W[1]],
    [W[0], 0, false, W[1]],
  ],
  dataAsOf: [
    [W[0], true],
    [W[0], false],
  ],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Template {
  re: RegExp;
  /** The sample, whose markers the captures replace. */
  sample: readonly unknown[];
  key: TemplateKey;
  /** Letters outside the values: the more, the more specific. */
  weight: number;
}

function templateOf(key: TemplateKey, sample: readonly unknown[]): Template {
  const text = (en[key] as (...a: unknown[]) => string)(...sample);
  let re = escape(text);
  let literal = text;
  sample.forEach((v, i) => {
    const isCode = (T as readonly unknown[]).includes(v);
    const isText = isCode || (W as readonly unknown[]).includes(v);
    const isCount = (N as readonly unknown[]).includes(v);
    if (!isText && !isCount) return;
    const marker = String(v);
    literal = literal.split(marker).join('');
    // The first place a value shows captures it; a value shown again must be the same text.
    const first = re.indexOf(marker);
    if (first < 0) return;
    const group = isCode ? `(?<v${i}>\\S+?)` : isText ? `(?<v${i}>.+?)` : `(?<v${i}>\\d+)`;
    re =
      re.slice(0, first) +
      group +
      re
        .slice(first + marker.length)
        .split(marker)
        .join(`\\k<v${i}>`);
  });
  return { re: new RegExp(`^${re}$`, 's'), sample, key, weight: literal.length };
}

function templates(): Template[] {
  const all: Template[] = [];
  for (const key of Object.keys(en) as WordKey[]) {
    const value = en[key];
    if (typeof value !== 'function') continue;
    const k = key as TemplateKey;
    const samples: readonly (readonly unknown[])[] = (
      SAMPLES as Partial<Record<TemplateKey, readonly (readonly unknown[])[]>>
    )[k] ?? [T.slice(0, value.length)];
    for (const sample of samples) all.push(templateOf(k, sample));
  }
  return all.sort((a, b) => b.weight - a.weight);
}

export type Say = (text: string) => string;

/** `say` for a language: English is said as it is. */
export function sayIn(words: Words): Say {
  if ((words as unknown) === en) return (text) => text;
  const fixed = new Map<string, string>();
  for (const key of Object.keys(en) as WordKey[]) {
    const text = en[key];
    if (typeof text === 'string' && !fixed.has(text)) fixed.set(text, words[key] as string);
  }
  let known: Template[] | undefined;
  const say: Say = (text) => {
    const f = fixed.get(text);
    if (f !== undefined) return f;
    known ??= templates();
    for (const t of known) {
      const m = t.re.exec(text);
      if (!m) continue;
      const args = t.sample.map((v, i) => {
        const got = m.groups?.[`v${i}`];
        if (got === undefined) return v;
        return (N as readonly unknown[]).includes(v) ? Number(got) : say(got);
      });
      return (words[t.key] as (...a: unknown[]) => string)(...args);
    }
    return text;
  };
  return say;
}
