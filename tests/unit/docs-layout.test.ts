// The README stays a newcomer's page and docs/architecture.md's Layout stays the tree as it is: a new
// folder under src/ (or a new route area) fails here until the layout names it, and no link in the
// README or docs/ points at a file or heading that is not there.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const foldersOf = (path: string) =>
  readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** The fenced block under "## Layout" in docs/architecture.md. */
function layout(): string {
  const section = read('docs/architecture.md').split('\n## Layout\n')[1] ?? '';
  return section.split('```')[1] ?? '';
}

/** Folders the layout names at one indent (`  build/`), the way a tree line starts. */
const named = (block: string, indent: number) =>
  [...block.matchAll(new RegExp(`^ {${indent}}([\\w.-]+)/`, 'gm'))].map((m) => m[1]);

describe('docs/architecture.md', () => {
  it('names every top-level folder of src/ in its Layout, and none that is gone', () => {
    const block = layout();
    const src = block.split('\nsrc/\n')[1]?.split(/\n(?=\S)/)[0] ?? '';
    expect(named(src, 2).sort()).toEqual(foldersOf('src'));
  });

  it('names every route area of src/server/routes', () => {
    expect(
      named(layout(), 6)
        .filter((f) => foldersOf('src/server/routes').includes(f))
        .sort(),
    ).toEqual(foldersOf('src/server/routes'));
  });
});

describe('README.md', () => {
  it('is at most 300 lines', () => {
    expect(read('README.md').replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(300);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (text: string) => new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));

describe('links in the README and docs/', () => {
  const files = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  it.each(files)('%s links only to files and headings that exist', (file) => {
    const text = read(file);
    const broken = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const to = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), path);
        if (!existsSync(to)) return true;
        return anchor !== undefined && !anchorsOf(readFileSync(to, 'utf8')).has(anchor);
      });
    expect(broken).toEqual([]);
  });
});
