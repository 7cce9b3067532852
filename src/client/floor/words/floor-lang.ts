// The floor's language, chosen per device: kept in localStorage (read before the first screen draws,
// with no wait for IndexedDB), English until someone picks another. Every floor screen, the header and
// Pending work read it through useFloorWords; a switch on any of them redraws them all, and another tab
// of the app follows through the storage event.
import { useSyncExternalStore } from 'react';
import { sayIn, type Say } from './say.js';
import { DEFAULT_LANG, isFloorLang, LANGS, type FloorLang, type Words } from './words.js';

const KEY = 'fieldtrace:floor-lang';

function stored(): FloorLang {
  try {
    const kept = localStorage.getItem(KEY);
    if (isFloorLang(kept)) return kept;
  } catch {
    // storage refused (private mode): English
  }
  return DEFAULT_LANG;
}

export interface FloorWords {
  lang: FloorLang;
  /** The language's words, by key. */
  w: Words;
  /** A known English message (the device's, the server's, the spec's) in this language, else as it is. */
  say: Say;
}

const made = new Map<FloorLang, FloorWords>();
const wordsOf = (lang: FloorLang): FloorWords => {
  let f = made.get(lang);
  if (!f) made.set(lang, (f = { lang, w: LANGS[lang].words, say: sayIn(LANGS[lang].words) }));
  return f;
};

let current: FloorLang | undefined;
const listeners = new Set<() => void>();
const now = () => (current ??= stored());

export function setFloorLang(lang: FloorLang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // not kept: the switch still holds until the page reloads
  }
  current = lang;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return;
    current = stored();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The floor's words in the device's language (outside React: floorWords()). */
export const floorWords = (): FloorWords => wordsOf(now());
export const useFloorWords = (): FloorWords => wordsOf(useSyncExternalStore(subscribe, now, now));
