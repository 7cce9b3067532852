// Build step: the public verification page (/P?U=..., GS1 Digital Link paths; src/public-page) as a
// build of its own, into the same dist/client: p.html and assets/public-*.{js,css}. A second entry in
// the admin build would share its chunks: the admin's chunk groups put every module an entry loads at
// start into one 'index' chunk, so the page would download Mantine and the router with React. Built
// apart, it carries its own React and nothing else (issue 13: at most 100 KB of gzipped JS).
// It runs after the service worker's precache list is made (the page needs the network anyway, and
// the worker never answers its paths: sw/sw.ts) and before the brotli and gzip copies are made
// (precompress.ts), so it must come before precompressPlugin in vite.config.ts.
// In development, /P and /01/... are answered with p.html by the dev server.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { LAYER_ALIASES } from './layer-aliases.js';

/** The page's HTML file, at the project root and in the built client. */
export const PUBLIC_PAGE_HTML = 'p.html';
/** Its files in assets/: the service worker's precache leaves them out (vite.config.ts). */
export const PUBLIC_ASSET_PREFIX = 'public-';

const isPagePath = (path: string) => /^\/p\/?$/i.test(path) || /^\/01\/[^/]/.test(path);

/** p.html preloads what its entry imports on demand (React and the page, render.tsx): the entry is
 *  small and starts the check, and those download beside it rather than after it has run. */
function preloadPagePlugin(): Plugin {
  return {
    name: 'fieldtrace:public-page-preload',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = ctx.chunk?.type === 'chunk' ? ctx.chunk.dynamicImports : [];
        return files.map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export function publicPagePlugin(): Plugin {
  let root = '';
  let outDir = '';
  let mode = 'production';
  let building = false;
  return {
    name: 'fieldtrace:public-page',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
      building = config.command === 'build' && !config.build.ssr;
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path = '', query] = (req.url ?? '').split('?');
        if (req.method === 'GET' && isPagePath(path))
          req.url = `/${PUBLIC_PAGE_HTML}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // The dev server calls closeBundle when it stops: nothing to build then.
        if (!building) return;
        // Loaded here, not at the top: the server reads PUBLIC_PAGE_HTML from this file.
        const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          publicDir: false,
          plugins: [react(), preloadPagePlugin()],
          // The layers' aliases, as the app's build has them (the page imports client files).
          resolve: { alias: LAYER_ALIASES },
          build: {
            outDir,
            emptyOutDir: false,
            // No preload helper around the page's one dynamic import: p.html preloads its chunk (below).
            modulePreload: false,
            reportCompressedSize: false,
            rolldownOptions: {
              input: { p: resolve(root, PUBLIC_PAGE_HTML) },
              output: {
                entryFileNames: `assets/${PUBLIC_ASSET_PREFIX}[hash].js`,
                chunkFileNames: `assets/${PUBLIC_ASSET_PREFIX}[name]-[hash].js`,
                assetFileNames: `assets/${PUBLIC_ASSET_PREFIX}[name]-[hash][extname]`,
              },
            },
          },
        });
      },
    },
  };
}
