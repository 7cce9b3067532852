// Builds the PWA into dist/client. The dev server proxies /API to a running `npm start`.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/API': 'http://localhost:8080' } },
});
