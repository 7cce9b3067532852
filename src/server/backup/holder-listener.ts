// The holder's listener (holder.ts), on 127.0.0.1 only: `GET /holder` says who holds the folder, and
// `POST /dump`, on a running server, streams PGlite's own dump of its data folder (dumpDataDir, taken
// while no query runs, so it is one consistent image). Both need the token from the lock file; any
// other caller gets a bare status and no detail.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import type { HolderRole } from './holder.js';
import type { SecretSources } from './manifest.js';

interface ListenerOptions {
  token: string;
  role: HolderRole;
  secrets: SecretSources;
  database: () => Database | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

function end(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/** The bearer token matches, compared in constant time. */
function authorised(req: IncomingMessage, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export function serveHolder(o: ListenerOptions): RequestListener {
  return (req, res) => {
    void answer(req, res, o).catch(() => {
      if (!res.headersSent) end(res, 500, 'The dump failed.');
      else res.destroy();
    });
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, o: ListenerOptions) {
  // Bound to 127.0.0.1, so this holds already; checked again so a change of address cannot open it.
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return end(res, 403, 'Forbidden.');
  if (!authorised(req, o.token)) return end(res, 401, 'Unauthorised.');
  if (req.method === 'GET' && req.url === '/holder') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return res.end(JSON.stringify({ pid: process.pid, role: o.role, secrets: o.secrets }));
  }
  if (req.method === 'POST' && req.url === '/dump') {
    const database = o.database();
    if (o.role !== 'server' || !database?.dump) return end(res, 503, 'The server is starting: try again.');
    // A checkpoint first keeps the restored copy's recovery short; the dump itself is consistent anyway.
    await database.db.execute(sql`checkpoint`);
    const image = await database.dump();
    res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': String(image.size) });
    return pipeline(Readable.fromWeb(image.stream() as import('node:stream/web').ReadableStream), res);
  }
  return end(res, 404, 'Not found.');
}
