// The page's language: English (the spec's texts as written) or Hindi, chosen with the switch in the
// header and kept on the phone for the next scan. Without a choice, a phone set to Hindi gets Hindi.
import { createContext, useContext } from 'react';
import { say, WORDS, type Lang } from './words.js';

const KEY = 'fieldtrace:lang';

export function storedLang(): Lang {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept === 'en' || kept === 'hi') return kept;
  } catch {
    // storage refused (private mode): the phone's language decides
  }
  return /^hi\b/i.test(navigator.language ?? '') ? 'hi' : 'en';
}

export function keepLang(lang: Lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // not kept: the switch still works for this visit
  }
  document.documentElement.lang = lang;
}

export interface Language {
  lang: Lang;
  w: (typeof WORDS)[Lang];
  /** A server message in this language (words.ts hindiMessage). */
  say: (message: string) => string;
}

export const language = (lang: Lang): Language => ({ lang, w: WORDS[lang], say: (m) => say(lang, m) });

export const LangContext = createContext<Language>(language('en'));
export const useLang = () => useContext(LangContext);
