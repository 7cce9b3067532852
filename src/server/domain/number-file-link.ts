// Signed, short-lived links to a print file. A plain link (no bearer header) must work for the
// browser's download and for a printer PC, so the link itself carries the range and an HMAC made
// with a server secret of its own; nobody can widen the range or extend the time without it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '../../shared/api-prefix.js';
import type { SeriesKind } from '../../shared/codes.js';
import { FILE_ROUTE } from '../../shared/contracts/numbers/generation.js';
import { ensureSecret } from '../auth/secrets.js';
import type { Db } from '../db/connect.js';

export const LINK_SECONDS = 15 * 60;
const SECRET_NAME = 'number-file-link';

export interface FileLink {
  kind: SeriesKind;
  prefix: string;
  fromNo: number;
  toNo: number;
  /** The generations row (static) or the number issue (preprinted) the file was made for. */
  ref: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

// One secret per database (links live minutes, so it never needs to leave it): every instance
// sharing the database checks links alike.
const secrets = new WeakMap<Db, Promise<string>>();
function secretOf(db: Db): Promise<string> {
  let s = secrets.get(db);
  if (!s) {
    s = ensureSecret(db, SECRET_NAME, undefined);
    secrets.set(db, s);
    s.catch(() => secrets.delete(db));
  }
  return s;
}

// 128 bits of HMAC-SHA256 (22 characters): the link must stay under the router's 100-character
// path-parameter limit, and a 128-bit tag is far past any guessing.
const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`numfile.${body}`).digest().subarray(0, 16).toString('base64url');

/** 'SGA-1011-1030-7-1763800000': kind, prefix, from, to, ref, expiry; readable in a log. */
const bodyOf = (l: FileLink) =>
  `${l.kind}${l.kind === 'S' ? l.prefix.toUpperCase() : ''}-${l.fromNo}-${l.toNo}-${l.ref}-${l.exp}`;
const TOKEN = /^([SP])([A-Z0-9]{2})?-(\d{1,15})-(\d{1,15})-(\d{1,12})-(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/** The link's path under the API, valid for LINK_SECONDS. */
export async function signFileLink(db: Db, link: Omit<FileLink, 'exp'>, now = Date.now()): Promise<string> {
  const body = bodyOf({ ...link, exp: Math.floor(now / 1000) + LINK_SECONDS });
  return `${API_PREFIX}${FILE_ROUTE}/${body}.${mac(await secretOf(db), body)}`;
}

export type LinkCheck = FileLink | 'bad' | 'expired';

/** The link a token names: 'bad' when malformed or tampered with, 'expired' after its time. */
export async function readFileLink(db: Db, token: string, now = Date.now()): Promise<LinkCheck> {
  const m = TOKEN.exec(token);
  if (!m) return 'bad';
  const body = token.slice(0, token.lastIndexOf('.'));
  const want = Buffer.from(mac(await secretOf(db), body));
  const got = Buffer.from(m[7]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'bad';
  const kind = m[1] as SeriesKind;
  if ((kind === 'S') !== (m[2] !== undefined)) return 'bad';
  const link: FileLink = {
    kind,
    prefix: m[2] ?? '',
    fromNo: Number(m[3]),
    toNo: Number(m[4]),
    ref: Number(m[5]),
    exp: Number(m[6]),
  };
  return link.exp * 1000 < now ? 'expired' : link;
}
