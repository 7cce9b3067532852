// The one rule for text PostgreSQL can store: no NUL character and no lone UTF-16 surrogate (a
// UTF-8 database cannot hold either; the driver crashes on NUL and turns a lone surrogate into U+FFFD).
export const TEXT_UNSTORABLE = 'Text contains characters that cannot be stored.';

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not after a high one. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Deeper than any contract goes; a deeper value is refused rather than walked. */
export const MAX_DEPTH = 32;

export type TextVerdict = 'ok' | 'unstorable' | 'too-deep';

/** Walks every string of a parsed value (object keys too) without recursion. */
export function checkTexts(value: unknown): TextVerdict {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return 'unstorable';
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return 'too-deep';
      for (const [k, child] of Object.entries(v)) {
        if (!isStorableText(k)) return 'unstorable';
        stack.push([child, depth + 1]);
      }
    }
  }
  return 'ok';
}
