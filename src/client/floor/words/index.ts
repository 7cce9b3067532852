export { en } from './en.js';
export { floorWords, setFloorLang, useFloorWords, type FloorWords } from './floor-lang.js';
export { LANGS, type FloorLang, type WordKey, type Words } from './words.js';
