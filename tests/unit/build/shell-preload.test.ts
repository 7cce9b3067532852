// shell.html names the signed-in shell's files that the entry does not load itself: its chunk, the
// chunks it imports, and their styles; never the entry's own files, never a chunk loaded on use.
import { describe, expect, it } from 'vitest';
import { shellPreloadLinks } from '../../../src/build/shell-preload.js';

const chunk = (fileName: string, name: string, imports: string[], css: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  name,
  isEntry,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle = {
  'assets/index-1.js': chunk('assets/index-1.js', 'index', ['assets/runtime-1.js'], ['assets/index-1.css'], true),
  'assets/runtime-1.js': chunk('assets/runtime-1.js', 'runtime', []),
  'assets/app-1.js': chunk('assets/app-1.js', 'app', ['assets/index-1.js', 'assets/runtime-1.js', 'assets/shared-1.js'], ['assets/app-1.css', 'assets/index-1.css']),
  'assets/shared-1.js': chunk('assets/shared-1.js', 'shared', [], ['assets/shared-1.css']),
  'assets/dialog-1.js': chunk('assets/dialog-1.js', 'dialog', ['assets/app-1.js'], ['assets/dialog-1.css']),
  'index.html': { type: 'asset' as const, fileName: 'index.html', source: '<html></html>' },
};

describe('shell preload links', () => {
  it('names the shell chunk, what it imports, and their styles, beyond what the entry loads', () => {
    expect(shellPreloadLinks(bundle, 'app')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/app-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/app-1.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/shared-1.css">',
    ]);
  });

  it('stops the build when the shell chunk is missing (a renamed file the group no longer matches)', () => {
    expect(() => shellPreloadLinks(bundle, 'shell')).toThrow("No 'shell' chunk beside the entry");
  });
});
