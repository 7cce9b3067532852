// The floor's languages: the type every language file fills, and the list the switch offers. A new
// language is one file typed `Words` (a missing or extra key fails `tsc`) and one line in LANGS.
import { en } from './en.js';
import { hi } from './hi.js';

type Fn = (...args: never[]) => string;
/** A language's words: a text for each of English's texts, a function of the same parameters for each
 *  message with values (its numbers and codes written as given, in Latin digits). */
export type Words = {
  [K in keyof typeof en]: (typeof en)[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type WordKey = keyof Words;
/** The keys of the messages with values. */
export type TemplateKey = { [K in WordKey]: Words[K] extends Fn ? K : never }[WordKey];

export const LANGS = {
  en: { name: 'English', words: en },
  hi: { name: 'हिन्दी', words: hi },
} as const satisfies Record<string, { name: string; words: Words }>;

export type FloorLang = keyof typeof LANGS;
export const DEFAULT_LANG: FloorLang = 'en';
export const isFloorLang = (v: unknown): v is FloorLang => typeof v === 'string' && Object.hasOwn(LANGS, v);
