// Idempotency keys for floor saves (DESIGN section 5; the IETF Idempotency-Key draft). A device sends
// each outbox entry with the id it made for it; the server keeps, per caller and key, a hash of the
// request and, in the same transaction as the work, the answer. A replay gets the first answer and
// changes nothing; the same key with another request is 422; a key whose first request is still being
// worked on is 409. A call without a key works as the spec's client expects.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { failure, type Envelope } from '../../shared/contracts/envelope.js';
import type { Db } from '../db/connect.js';
import { idempotencyKeys } from '../db/schema.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A device's ids are UUIDs; anything of 8 to 64 URL-safe characters is accepted. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A device may stay offline for a week or more before it sends its entries; a month covers it. */
export const KEEP_DAYS = 30;
/** A claim older than this belongs to a request that died with its server: the next one takes it over. */
export const STALE_CLAIM_SECONDS = 120;

export const IDEMPOTENCY_MSG = {
  invalid: 'Idempotency-Key must be 8 to 64 letters, digits, - or _.',
  changed: 'This Idempotency-Key was used with a different request.',
  inFlight: 'This request is still being processed; try again shortly.',
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Answer {
  status: number;
  envelope: Envelope;
}

/** The work of one request, inside its transaction. An answer other than '200' is a refusal: the
 *  transaction rolls back, so nothing of the work is half-applied, and the refusal is what is kept. */
export type Work = (tx: Tx) => Promise<Envelope>;

class Refused extends Error {
  constructor(readonly envelope: Envelope) {
    super('refused');
  }
}

/** Runs `work` in one transaction: the refusal rolls back, the success commits. */
async function runWork(db: Db, work: Work, done?: (tx: Tx | Db, envelope: Envelope) => Promise<void>): Promise<Envelope> {
  try {
    return await db.transaction(async (tx) => {
      const envelope = await work(tx);
      if (envelope.ResponseCode !== '200') throw new Refused(envelope);
      await done?.(tx, envelope);
      return envelope;
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    await done?.(db, err.envelope);
    return err.envelope;
  }
}

/** Key order does not change a request: {a, b} and {b, a} are the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (route: string, body: unknown) => createHash('sha256').update(`${route}\n${canonical(body)}`).digest('hex');

export interface Keyed {
  userId: number;
  /** The header's value, or undefined when the caller sent none. */
  key: string | undefined;
  /** What the key is bound to besides the body: method and path. */
  route: string;
  body: unknown;
}

/** Answers one request once per key. */
export async function idempotent(db: Db, request: Keyed, work: Work): Promise<Answer> {
  const { userId, key, route, body } = request;
  if (key === undefined) return { status: 200, envelope: await runWork(db, work) };
  if (!KEY_PATTERN.test(key)) return { status: 400, envelope: failure('400', IDEMPOTENCY_MSG.invalid) };
  const hash = requestHash(route, body);
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  // The claim commits on its own, before the work, so a second request with the key sees it at once.
  // A stale claim of the same request (its server died mid-work, the work rolled back) is taken over.
  const claimed = await db.insert(idempotencyKeys)
    .values({ userId, key, route, requestHash: hash, state: 'in-flight', claimedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { claimedAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.state} = 'in-flight' and ${idempotencyKeys.requestHash} = ${hash}
        and ${idempotencyKeys.claimedAt} < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`,
    })
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [row] = await db.select().from(idempotencyKeys).where(mine);
    if (!row) return idempotent(db, request, work); // purged between the two statements
    if (row.requestHash !== hash) return { status: 422, envelope: failure('422', IDEMPOTENCY_MSG.changed) };
    if (row.state !== 'done') return { status: 409, envelope: failure('409', IDEMPOTENCY_MSG.inFlight) };
    return { status: row.httpStatus ?? 200, envelope: row.answer as Envelope };
  }

  try {
    const envelope = await runWork(db, work, async (tx, answer) => {
      await tx.update(idempotencyKeys).set({ state: 'done', httpStatus: 200, answer }).where(mine);
    });
    return { status: 200, envelope };
  } catch (err) {
    // A failure that is no answer (the database went away, a bug): the claim goes, so a retry runs anew.
    await db.delete(idempotencyKeys).where(and(mine, eq(idempotencyKeys.state, 'in-flight'))).catch(() => undefined);
    throw err;
  }
}

/** Forgets keys older than KEEP_DAYS; returns how many. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
  return gone.length;
}
