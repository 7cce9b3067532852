// The verification page is its own small entry (issue 13: at most 100 KB of gzipped JS): what its
// entry reaches, following every import that is not type-only, is React and plain modules; no zod,
// Mantine, router, or admin app code (bench/public-page.bench.ts measures the built bundle).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const ENTRY = resolve(ROOT, 'src/public-page/main.tsx');
/** Value imports and re-exports (`import type` and `export type` are erased from the bundle), and
 *  imports on demand. */
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

function reach(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const specs = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!);
  seen.set(file, specs);
  for (const spec of specs.filter((s) => s.startsWith('.'))) {
    const base = resolve(dirname(file), spec).replace(/\.js$/, '');
    const found = ['.ts', '.tsx', ''].map((ext) => base + ext).find((p) => existsSync(p) && !p.endsWith('.css'));
    if (found) reach(found, seen);
  }
  return seen;
}

describe('the verification page entry', () => {
  const graph = reach(ENTRY);
  const packages = new Set([...graph.values()].flat().filter((s) => !s.startsWith('.')));
  const files = [...graph.keys()].map((f) => f.slice(ROOT.length + 1));

  it('imports React and nothing else from packages', () => {
    expect([...packages].sort()).toEqual(['react', 'react-dom/client']);
  });

  it('takes no admin app code and no zod schemas', () => {
    const admin = files.filter((f) => f.startsWith('src/client/') && f !== 'src/client/app/brand.ts');
    expect(admin).toEqual([]);
    for (const f of files) expect(readFileSync(resolve(ROOT, f), 'utf8'), f).not.toMatch(/from ['"]zod['"]/);
  });
});
