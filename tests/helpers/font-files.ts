// Label fonts read from disk in Node tests: under vitest a font's `?url` import is the dev server's
// path to the file ('/node_modules/...', or '/@fs/<absolute path>' outside the root).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FontReader } from '../../src/client/print/label-fonts.js';

export const readFontFile: FontReader = async (url) => {
  const path = url.startsWith('/@fs/') ? url.slice('/@fs'.length) : join(process.cwd(), url.split('?')[0]!);
  return new Uint8Array(await readFile(path));
};
