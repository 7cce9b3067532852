// shell.html names the signed-in shell's files that the entry does not load itself: its chunk, the
// chunks it imports, and their styles; never the entry's own files, never a chunk loaded on use.
// A screen's page adds its own chunk and what only it imports.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registryScreens, screenPreloadLinks, shellPreloadLinks } from '../../../src/build/shell-preload.js';
import { SCREEN_MODULES } from '../../../src/client/features/registry.js';

const chunk = (fileName: string, name: string, imports: string[], css: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  name,
  isEntry,
  facadeModuleId: `/src/${name}.tsx`,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle = {
  'assets/index-1.js': chunk('assets/index-1.js', 'index', ['assets/runtime-1.js'], ['assets/index-1.css'], true),
  'assets/runtime-1.js': chunk('assets/runtime-1.js', 'runtime', []),
  'assets/app-1.js': chunk(
    'assets/app-1.js',
    'app',
    ['assets/index-1.js', 'assets/runtime-1.js', 'assets/shared-1.js'],
    ['assets/app-1.css', 'assets/index-1.css'],
  ),
  'assets/shared-1.js': chunk('assets/shared-1.js', 'shared', [], ['assets/shared-1.css']),
  'assets/dialog-1.js': chunk('assets/dialog-1.js', 'dialog', ['assets/app-1.js'], ['assets/dialog-1.css']),
  'assets/carton-1.js': chunk(
    'assets/carton-1.js',
    'carton',
    ['assets/app-1.js', 'assets/shared-1.js', 'assets/form-1.js'],
    ['assets/shared-1.css'],
  ),
  'assets/form-1.js': chunk('assets/form-1.js', 'form', ['assets/index-1.js'], ['assets/form-1.css']),
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

  it("names a screen's chunk and what only it imports, beyond the entry's and the shell's files", () => {
    const links = screenPreloadLinks(bundle, 'app', new Map([['cartonMaster', '/src/carton']]));
    expect(links.get('cartonMaster')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/carton-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form-1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/form-1.css">',
    ]);
  });

  it('stops the build when a registered screen has no chunk', () => {
    expect(() => screenPreloadLinks(bundle, 'app', new Map([['gone', '/src/gone']]))).toThrow(
      "No chunk for the screen 'gone'",
    );
  });
});

describe('the screen registry as the build reads it', () => {
  const file = new URL('../../../src/client/features/registry.ts', import.meta.url).pathname;
  const screens = registryScreens(readFileSync(file, 'utf8'), file);

  it('finds every registered screen, each at a module that exists', () => {
    expect([...screens.keys()].sort()).toEqual(Object.keys(SCREEN_MODULES).sort());
    for (const [page, module] of screens)
      expect(existsSync(`${module}.tsx`) || existsSync(`${module}.ts`), page).toBe(true);
    expect(screens.get('cartonMaster')).toMatch(/\/src\/client\/features\/masters\/carton$/);
  });
});
