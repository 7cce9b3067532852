// Build step: shell.html, which is index.html plus preload links for the signed-in shell's chunk and
// its styles. Without them a signed-in page finds the shell only after the entry has downloaded and run;
// with them both download at once. The server sends shell.html for every path inside the shell, and
// index.html for the public pages (http/static-client.ts), so sign-in downloads none of it.
import type { Plugin } from 'vite';

export const SHELL_HTML = 'shell.html';

interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
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

/** The preload links for `chunkName`'s files that the entry does not already load. */
export function shellPreloadLinks(bundle: Record<string, Output>, chunkName: string): string[] {
  const chunks = Object.values(bundle).filter((o): o is Chunk => o.type === 'chunk');
  const shell = chunks.find((c) => c.name === chunkName && !c.isEntry);
  const entry = chunks.find((c) => c.isEntry);
  if (!shell || !entry) throw new Error(`No '${chunkName}' chunk beside the entry: see the chunk groups in vite.config.ts.`);
  const loaded = withImports(bundle, entry.fileName);
  const files = [...withImports(bundle, shell.fileName)].filter((f) => !loaded.has(f));
  const css = new Set(files.flatMap((f) => [...((bundle[f] as Chunk).viteMetadata?.importedCss ?? [])]));
  for (const f of loaded) for (const c of (bundle[f] as Chunk).viteMetadata?.importedCss ?? []) css.delete(c);
  return [
    ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    // A preload, not a stylesheet: the header placeholder paints without waiting for the shell's styles.
    ...[...css].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ];
}

export function shellPreloadPlugin(chunkName: string): Plugin {
  return {
    name: 'fieldtrace:shell-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const links = shellPreloadLinks(bundle as unknown as Record<string, Output>, chunkName);
        const source = String(index.source).replace('</head>', `  ${links.join('\n  ')}\n</head>`);
        this.emitFile({ type: 'asset', fileName: SHELL_HTML, source });
      },
    },
  };
}
