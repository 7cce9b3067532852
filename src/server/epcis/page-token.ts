// nextPageToken and the feed's page tokens: a position in the export's order, bound to whom it was
// given (the company, or the partner) and to the query it pages, sealed with a server secret. A
// token altered, made for another company or partner, or for another query is refused (400), so a
// token never opens what its holder could not ask for.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ensureSecret } from '../auth/secrets.js';
import type { Db } from '../db/connect.js';
import { SOURCE, type Position } from './order.js';

const keys = new WeakMap<object, Promise<string>>();

/** The sealing key, made once per database and shared by every instance on it. */
function keyOf(db: Db): Promise<string> {
  let k = keys.get(db);
  if (!k) {
    k = ensureSecret(db, 'epcis-page-token', undefined);
    keys.set(db, k);
  }
  return k;
}

const sealed = z.object({
  m: z.number().int().nonnegative(),
  s: z.union([z.literal(SOURCE.log), z.literal(SOURCE.recall)]),
  i: z.number().int().nonnegative(),
  k: z.number().int().nonnegative(),
  /** Whose: 'c12' a company's query, 'p3' partner 3's feed, 'all' an admin's query. */
  w: z.string(),
  /** The query it pages (its parameters, normalised), or the feed page's end. */
  q: z.string(),
});

const mac = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url').slice(0, 32);

export async function makeToken(db: Db, p: Position, whose: string, query: string): Promise<string> {
  const body = Buffer.from(
    JSON.stringify({ m: p.micros, s: p.source, i: p.id, k: p.skip, w: whose, q: query }),
  ).toString('base64url');
  return `${body}.${mac(await keyOf(db), body)}`;
}

/** The position a token holds, or null when it is not one of ours for this holder and query. */
export async function readToken(db: Db, token: string, whose: string, query: string): Promise<Position | null> {
  const [body, seal, extra] = token.split('.');
  if (!body || !seal || extra !== undefined || token.length > 2000) return null;
  const want = Buffer.from(mac(await keyOf(db), body));
  const got = Buffer.from(seal);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  let parsed: z.infer<typeof sealed>;
  try {
    parsed = sealed.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  if (parsed.w !== whose || parsed.q !== query) return null;
  return { micros: parsed.m, source: parsed.s, id: parsed.i, skip: parsed.k };
}
