// Build step: shell.html, which is index.html plus preload links for the signed-in shell's chunk and
// its styles, and screens/{page}.html, which adds the links for one screen's own chunk. Without them a
// signed-in page finds the shell only after the entry has downloaded and run, and its screen only after
// that; with them all three download at once. The server sends a screen's page for its path, shell.html
// for any other path inside the shell, and index.html for the public pages (http/static-client.ts), so
// sign-in downloads none of it.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const SHELL_HTML = 'shell.html';
export const SCREENS_DIR = 'screens';
export const screenHtml = (page: string) => `${SCREENS_DIR}/${page}.html`;

interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId?: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type Output = Chunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

/** The chunk and every chunk it imports statically, by file name. */
function withImports(bundle: Record<string, Output>, start: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[start];
  if (seen.has(start) || chunk?.type !== 'chunk') return seen;
  seen.add(start);
  for (const dep of chunk.imports) withImports(bundle, dep, seen);
  return seen;
}

const chunksOf = (bundle: Record<string, Output>) =>
  Object.values(bundle).filter((o): o is Chunk => o.type === 'chunk');
const cssOf = (bundle: Record<string, Output>, files: Iterable<string>) =>
  new Set([...files].flatMap((f) => [...((bundle[f] as Chunk).viteMetadata?.importedCss ?? [])]));

/** Links for the chunk `start` and what it imports, beyond the files in `loaded`. */
function linksFor(bundle: Record<string, Output>, start: string, loaded: Set<string>): string[] {
  const files = [...withImports(bundle, start)].filter((f) => !loaded.has(f));
  const css = cssOf(bundle, files);
  for (const c of cssOf(bundle, loaded)) css.delete(c);
  return [
    ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    // A preload, not a stylesheet: the header placeholder paints without waiting for the shell's styles.
    ...[...css].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ];
}

function entryAndShell(bundle: Record<string, Output>, chunkName: string): { entry: Chunk; shell: Chunk } {
  const chunks = chunksOf(bundle);
  const shell = chunks.find((c) => c.name === chunkName && !c.isEntry);
  const entry = chunks.find((c) => c.isEntry);
  if (!shell || !entry)
    throw new Error(`No '${chunkName}' chunk beside the entry: see the chunk groups in vite.config.ts.`);
  return { entry, shell };
}

/** The preload links for `chunkName`'s files that the entry does not already load. */
export function shellPreloadLinks(bundle: Record<string, Output>, chunkName: string): string[] {
  const { entry, shell } = entryAndShell(bundle, chunkName);
  return linksFor(bundle, shell.fileName, withImports(bundle, entry.fileName));
}

/** The screen registry's lazy imports (src/client/features/registry.ts), as page name to module path
 *  without its extension: `cartonMaster: () => import('./masters/carton.js')...`. */
export function registryScreens(source: string, registryFile: string): Map<string, string> {
  const found = source.matchAll(/^\s*(\w+):\s*\(\)\s*=>\s*import\('([^']+)'\)/gm);
  return new Map(
    [...found].map(([, page, path]) => [
      page as string,
      resolve(dirname(registryFile), path as string).replace(/\.[jt]sx?$/, ''),
    ]),
  );
}

/** Per screen: the links for its own chunk beyond what the entry and the shell load. A screen whose
 *  chunk is not in the bundle stops the build (the registry and this parse have drifted apart). */
export function screenPreloadLinks(
  bundle: Record<string, Output>,
  chunkName: string,
  screens: Map<string, string>,
): Map<string, string[]> {
  const { entry, shell } = entryAndShell(bundle, chunkName);
  const loaded = new Set([...withImports(bundle, entry.fileName), ...withImports(bundle, shell.fileName)]);
  const byModule = new Map(
    chunksOf(bundle)
      .filter((c) => c.facadeModuleId)
      .map((c) => [(c.facadeModuleId as string).replace(/\.[jt]sx?$/, ''), c]),
  );
  return new Map(
    [...screens].map(([page, module]) => {
      const chunk = byModule.get(module);
      if (!chunk)
        throw new Error(`No chunk for the screen '${page}' (${module}): see src/client/features/registry.ts.`);
      return [page, linksFor(bundle, chunk.fileName, loaded)];
    }),
  );
}

const withLinks = (html: string, links: string[]) => html.replace('</head>', `  ${links.join('\n  ')}\n</head>`);

/** `registry`: the screen registry's file, whose lazy imports name each screen's chunk. */
export function shellPreloadPlugin(chunkName: string, registry: string): Plugin {
  return {
    name: 'fieldtrace:shell-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const output = bundle as unknown as Record<string, Output>;
        const shell = withLinks(String(index.source), shellPreloadLinks(output, chunkName));
        this.emitFile({ type: 'asset', fileName: SHELL_HTML, source: shell });
        const screens = registryScreens(readFileSync(registry, 'utf8'), registry);
        for (const [page, links] of screenPreloadLinks(output, chunkName, screens)) {
          this.emitFile({ type: 'asset', fileName: screenHtml(page), source: withLinks(shell, links) });
        }
      },
    },
  };
}
