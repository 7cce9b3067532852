// The first start's client build: `vite build` in a child process (child-step.ts). Built in the
// server's own process, vite and its bundler left the server holding 1.6 GB for its life.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ROOT, runChildStep } from './child-step.js';

/** The project's own vite, run as `node <its bin>` so no shell and no PATH lookup is involved. */
export function viteBin(): string {
  const pkgFile = createRequire(join(ROOT, 'package.json')).resolve('vite/package.json');
  return join(dirname(pkgFile), 'bin', 'vite.js');
}

/** node's arguments for the build: the PWA into `clientDir` (CLIENT_DIR), whatever vite.config.ts's default. */
export function buildArgs(clientDir: string): string[] {
  return [viteBin(), 'build', '--logLevel', 'warn', '--outDir', clientDir];
}

/** Builds the client once, when `clientDir` has no index.html; otherwise does nothing. */
export async function ensureClientBuilt(clientDir: string, log: (line: string) => void = console.log): Promise<void> {
  const index = join(clientDir, 'index.html');
  if (existsSync(index)) return;
  const started = Date.now();
  log(`No client build in ${clientDir}: building it once (vite build, in a process of its own)...`);
  await runChildStep({
    what: 'The client build (vite build)',
    args: buildArgs(clientDir),
    // Production whatever the caller's NODE_ENV (a test runner's 'test' would make a development build).
    env: { ...process.env, NODE_ENV: 'production' },
    check: () => (existsSync(index) ? undefined : `wrote no index.html into ${clientDir}`),
    hint: 'Fix the cause and start again, or build it yourself with `npm run build`.',
  });
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
