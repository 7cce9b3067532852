// Serves the built PWA: hashed assets cached for good, the service worker and shell never cached,
// and any other non-API GET answered with the app shell (SPA fallback): index.html for the public
// pages, shell.html (the same page, preloading the signed-in shell: src/build/shell-preload.ts) for
// every other path. Files go out as the build's brotli or gzip copy when the browser accepts it
// (src/build/precompress.ts), Vary: Accept-Encoding.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SHELL_HTML } from '../../build/shell-preload.js';
import { failure } from '../../shared/contracts/envelope.js';
import { normalisePath, PUBLIC_PATHS } from '../../shared/pages.js';

const PUBLIC = new Set(PUBLIC_PATHS.map((p) => p.toLowerCase()));

/** The page for a path: a public page does not download the signed-in shell. */
export function pageFor(path: string, hasShellPage: boolean): string {
  return hasShellPage && !PUBLIC.has(normalisePath(path).toLowerCase()) ? SHELL_HTML : 'index.html';
}

export async function serveClient(app: FastifyInstance, clientDir: string) {
  const hasClient = existsSync(join(clientDir, 'index.html'));
  const hasShellPage = existsSync(join(clientDir, SHELL_HTML));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // Any spelling of /api is an API call gone wrong, never a page.
    if (/^\/api(\/|$)/i.test(path)) return reply.code(404).send(failure('404', 'No such API route.'));
    // A stored file that is not there is a 404, never the app shell.
    if (/^\/uploads(\/|$)/i.test(path)) return reply.code(404).send(failure('404', 'File not found.'));
    if (req.method === 'GET' && hasClient && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').sendFile(pageFor(path, hasShellPage));
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
