// Serves the built PWA: hashed assets cached for good, the service worker and shell never cached,
// and any other non-API GET or HEAD answered with the app shell (SPA fallback): p.html, the public
// verification page's own small entry (src/public-page, src/build/public-page.ts), for /P in any case
// (a GS1 Digital Link path, /01/{gtin}/..., is the resolver's: src/server/resolver, which sends the
// pack's link to /P?U={link}); index.html for the other public pages; a screen's
// own page for its path (the same page, preloading the signed-in shell and that screen's chunk:
// src/build/shell-preload.ts), and shell.html (the shell alone) for any other path.
// Files go out as the build's brotli or gzip copy when the browser accepts it (src/build/precompress.ts),
// Vary: Accept-Encoding.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_PAGE_HTML } from '../../build/public-page.js';
import { SCREENS_DIR, screenHtml, SHELL_HTML } from '../../build/shell-preload.js';
import { failure } from '../../shared/contracts/envelope.js';
import { normalisePath, PAGE, PUBLIC_PAGE, PUBLIC_PATHS } from '../../shared/pages.js';

const PUBLIC = new Set(PUBLIC_PATHS.map((p) => p.toLowerCase()));
/** Exact case, as the router matches screen paths. */
const SCREEN_BY_PATH = new Map(Object.entries(PAGE).map(([name, page]) => [normalisePath(page.path), name]));

/** The pages a client build has beside index.html. */
export interface ClientPages {
  shell: boolean;
  /** The verification page's own entry (p.html) is there. */
  verify?: boolean;
  /** Page names with their own page in screens/. */
  screens: ReadonlySet<string>;
}

export function clientPages(clientDir: string): ClientPages {
  const dir = join(clientDir, SCREENS_DIR);
  const screens = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.html'))
        .map((f) => f.slice(0, -5))
    : [];
  return {
    shell: existsSync(join(clientDir, SHELL_HTML)),
    verify: existsSync(join(clientDir, PUBLIC_PAGE_HTML)),
    screens: new Set(screens),
  };
}

/** The path the verification page answers: /P in any case (a printed `/P?U={uid}`, whatever the
 *  camera app did to its case, and the resolver's redirect of a Digital Link, `/P?U={link}`). */
export function isVerifyPath(path: string): boolean {
  return normalisePath(path).toLowerCase() === PUBLIC_PAGE.verify.toLowerCase();
}

/** The page for a path: a public page does not download the signed-in shell; a screen preloads its own chunk. */
export function pageFor(path: string, pages: ClientPages): string {
  const normal = normalisePath(path);
  if (pages.verify && isVerifyPath(path)) return PUBLIC_PAGE_HTML;
  if (!pages.shell || PUBLIC.has(normal.toLowerCase())) return 'index.html';
  const screen = SCREEN_BY_PATH.get(normal);
  return screen && pages.screens.has(screen) ? screenHtml(screen) : SHELL_HTML;
}

/** What the client answers beyond its files: whether a path is one of its pages (the SPA fallback). */
export interface ServedClient {
  isPage(path: string): boolean;
}

export async function serveClient(app: FastifyInstance, clientDir: string): Promise<ServedClient> {
  const hasClient = existsSync(join(clientDir, 'index.html'));
  const pages = clientPages(clientDir);
  // Any spelling of /api or /uploads is never a page.
  const isPage = (path: string) =>
    hasClient && !/^\/(api|uploads)(\/|$)/i.test(path) && !/\.[a-z0-9]{1,8}$/i.test(path);
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
    // HEAD answers as GET does, without the body (Node leaves it out).
    if ((req.method === 'GET' || req.method === 'HEAD') && isPage(path)) {
      return reply.header('cache-control', 'no-cache').sendFile(pageFor(path, pages));
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
  return { isPage };
}
