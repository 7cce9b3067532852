// Builds the scan box harness alone (no PWA, no service worker): `vite build --config` this file
// with `--outDir` a temporary folder (tests/helpers/scan-box-harness.ts).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  // The app's PostCSS set-up (Mantine's preset and breakpoints) for its stylesheets.
  css: { postcss: root },
  build: { emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  logLevel: 'warn',
});
