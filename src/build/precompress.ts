// Build step: a brotli (.br) and a gzip (.gz) copy beside every text file of the built client, made
// once at the highest levels, so the server sends them as they are (http/static-client.ts).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat();
}

async function compressFile(path: string): Promise<void> {
  const data = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file is left out; the server then sends the file itself.
  if (br.length < data.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < data.length) await writeFile(`${path}.gz`, gzipped);
}

/** Compresses every text file of `dir` (recursively) that is big enough; returns how many. */
export async function precompressDir(dir: string): Promise<number> {
  const files = [];
  for (const path of await filesUnder(dir)) {
    if (COMPRESSIBLE.test(path) && (await stat(path)).size >= MIN_BYTES) files.push(path);
  }
  await Promise.all(files.map(compressFile));
  return files.length;
}

/** Runs last, after vite-plugin-pwa has written sw.js and the manifest. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'fieldtrace:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
