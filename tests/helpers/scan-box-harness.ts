// Serves the scan box harness (tests/helpers/scan-box-harness/) for the browser tests: no floor screen
// draws the ScanBox yet, and a harness route in the app would ship in its build. So the harness is built
// here, with the app's theme and styles and a production React, into a temporary folder, and served
// by its own small Fastify on 127.0.0.1 (a secure context: the camera works there).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Harness {
  url: string;
  close(): Promise<void>;
}

export async function serveScanBoxHarness(): Promise<Harness> {
  const out = mkdtempSync(join(tmpdir(), 'fieldtrace-scan-harness-'));
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(ROOT, 'tests/helpers/scan-box-harness/vite.config.ts'),
      '--outDir',
      out,
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  const app = Fastify();
  await app.register(fastifyStatic, { root: out });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async close() {
      await app.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
