// Three projects: `npm test` runs unit + server, `npm run test:browser` runs browser (Chromium
// against the real built server, started once by tests/helpers/browser-server.ts).
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { LAYER_ALIASES } from './src/build/layer-aliases.js';
import { SlowFirst } from './tests/helpers/slow-first.js';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: LAYER_ALIASES },
  test: {
    // vitest's default is one worker per core but one, which on CI's two cores ran the files one at a
    // time. A server test file spends much of its time waiting on its database, so two run side by side
    // (the browser project still runs its files one after another).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files may run side by side on PostgreSQL too: tests/helpers/server-app.ts makes a database per app,
          // each a copy of the one this setup migrates and seeds.
          globalSetup: ['tests/helpers/database-image.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          // One server and one Chromium at a time on a 2-core machine; screens share the demo data.
          fileParallelism: false,
          maxWorkers: 1,
          // Budgets for a loaded machine: a test fails on what the user never sees, not on slowness.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // expect.poll waits for what the screen shows; vitest's 1 s default is a budget a busy CI misses.
          expect: { poll: { timeout: 30_000, interval: 100 } },
          globalSetup: ['tests/helpers/browser-server.ts'],
        },
      },
    ],
  },
});
