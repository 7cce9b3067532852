// Builds the PWA into dist/client, with the service worker (sw/sw.ts) compiled to dist/client/sw.js,
// and the public verification page (p.html, src/public-page) as a build of its own beside it, then a
// brotli and a gzip copy of every text file for the server to send.
// The dev server proxies /API to a running `npm start`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LAYER_ALIASES } from './src/build/layer-aliases.js';
import { precompressPlugin } from './src/build/precompress.js';
import { PUBLIC_ASSET_PREFIX, PUBLIC_PAGE_HTML, publicPagePlugin } from './src/build/public-page.js';
import { shellPreloadPlugin } from './src/build/shell-preload.js';

const THEME = '#2f9e44';
/** What a device reports as its app version (Devices): the package's version. */
const APP_VERSION: string = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;
const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// React Router's package exports only its development build (dev warnings on); a production build
// takes the production one it ships beside it.
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: local('./node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: local('./node_modules/react-router/dist/production/dom-export.mjs') },
];

// Fewer, larger files on a first load: over HTTP/1.1 on a mobile network each file costs a round trip,
// and the automatic split left sign-in in nine files and a master screen in 27. 'index': all that
// sign-in (every first visit) runs, in the entry. 'app': the signed-in shell and the kit every list
// screen draws with, in one file that shell.html names for a preload (src/build/shell-preload.ts).
// A screen's own declaration and all code loaded on use stay in their own chunks.
const SHELL_CHUNK = 'app';
const CHUNK_GROUPS = [
  { name: 'index', tags: ['$initial' as const], priority: 2 },
  {
    name: SHELL_CHUNK,
    test: /src[\\/]client[\\/](app[\\/]shell[\\/]app-layout|kit[\\/]resource-(page|section)|features[\\/]masters[\\/]admin-writes|styles-all)\.tsx?$/,
    priority: 1,
  },
];

export default defineConfig(({ command }) => ({
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(APP_VERSION) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page decides when to activate a new worker (UpdatePrompt), and registers it itself.
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Fieldtrace',
        short_name: 'Fieldtrace',
        description: "Trace every pack from the factory to the farmer's field.",
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: THEME,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The plugin adds the manifest and its icons itself; listing them here would precache them twice.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // Each screen's page is index.html plus preload links, for a first visit over the network only.
        // The public verification page (its own build, publicPagePlugin) needs the network anyway, and
        // the worker leaves its paths to the network (sw/sw.ts).
        globIgnores: ['screens/**', PUBLIC_PAGE_HTML, `assets/${PUBLIC_ASSET_PREFIX}*`],
        // Lazy chunks (zxing, exceljs) are large but must work offline on the floor too.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    shellPreloadPlugin(SHELL_CHUNK, local('./src/client/features/registry.ts')),
    // The public verification page, built apart into the same folder; before the compressed copies.
    publicPagePlugin(),
    precompressPlugin(),
  ],
  // Exactly 'zod': the client's zod is set jitless before any schema exists (src/client/zod-jitless.ts).
  resolve: {
    alias: [
      { find: /^zod$/, replacement: local('./src/client/zod-jitless.ts') },
      ...LAYER_ALIASES,
      ...(command === 'build' ? REACT_ROUTER_PRODUCTION : []),
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: { proxy: { '/API': 'http://localhost:8080' } },
}));
