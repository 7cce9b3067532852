// Idempotency keys for floor saves (DESIGN section 5; the IETF Idempotency-Key draft). A device sends
// each outbox entry with the id it made for it; the server keeps, per caller and key, a hash of the
// request and, in the same transaction as the work, the answer. A replay gets the first answer and
// changes nothing; the same key with another request is 422; a key whose first request is still being
// worked on is 409. A call without a key works as the spec's client expects.
import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { failure, warn, type Envelope } from '../../shared/contracts/envelope.js';
import type { Db } from '../db/connect.js';
import { retryable } from '../db/races.js';
import { idempotencyKeys } from '../db/schema.js';
import { RACE_MSG } from './handler.js';

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

/** Runs of a work PostgreSQL undid for a deadlock or a serialization failure before it is answered busy. */
export const WORK_TRIES = 3;

/** The work was undone WORK_TRIES times by the database (deadlocks): answered RACE_MSG.busy, kept under
 *  no key, so the device's next try runs it anew. */
class Busy extends Error {
  constructor() {
    super('busy');
  }
}
const BUSY: Answer = { status: 200, envelope: warn(RACE_MSG.busy) };

/** Runs `work` in one transaction (a savepoint when `db` is one): the refusal rolls back, the success
 *  commits. A deadlock or serialization failure undid all of it, so it runs again, up to WORK_TRIES. */
async function runWork(
  db: Db,
  work: Work,
  done?: (tx: Tx | Db, envelope: Envelope) => Promise<void>,
): Promise<Envelope> {
  for (let tries = 1; ; tries++) {
    try {
      return await db.transaction(async (tx) => {
        const envelope = await work(tx);
        if (envelope.ResponseCode !== '200') throw new Refused(envelope);
        await done?.(tx, envelope);
        return envelope;
      });
    } catch (err) {
      if (retryable(err)) {
        if (tries < WORK_TRIES) continue;
        throw new Busy();
      }
      if (!(err instanceof Refused)) throw err;
      await done?.(db, err.envelope);
      return err.envelope;
    }
  }
}

/** Key order does not change a request: {a, b} and {b, a} are the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (route: string, body: unknown) =>
  createHash('sha256')
    .update(`${route}\n${canonical(body)}`)
    .digest('hex');

/** Whose keys: the caller and its company (a key lives on its company's shard under Citus). */
export interface KeyOwner {
  userId: number;
  /** null for the administrator, whose keys go to tenant 0. */
  companyId: number | null;
}

const ownedBy = (owner: KeyOwner) => {
  const companyId = owner.companyId ?? 0;
  return { companyId, where: and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.companyId, companyId)) };
};
const KEY_TARGET = [idempotencyKeys.userId, idempotencyKeys.key, idempotencyKeys.companyId];

export interface Keyed extends KeyOwner {
  /** The header's value, or undefined when the caller sent none. */
  key: string | undefined;
  /** What the key is bound to besides the body: method and path. */
  route: string;
  body: unknown;
}

/** Answers one request once per key. */
export async function idempotent(db: Db, request: Keyed, work: Work): Promise<Answer> {
  const { userId, key, route, body } = request;
  const owner = ownedBy(request);
  if (key === undefined) {
    try {
      return { status: 200, envelope: await runWork(db, work) };
    } catch (err) {
      if (err instanceof Busy) return BUSY;
      throw err;
    }
  }
  if (!KEY_PATTERN.test(key)) return { status: 400, envelope: failure('400', IDEMPOTENCY_MSG.invalid) };
  const hash = requestHash(route, body);
  const mine = and(owner.where, eq(idempotencyKeys.key, key));

  // The claim commits on its own, before the work, so a second request with the key sees it at once.
  // A stale claim of the same request (its server died mid-work, the work rolled back) is taken over.
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      userId,
      companyId: owner.companyId,
      key,
      route,
      requestHash: hash,
      state: 'in-flight',
      claimedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: KEY_TARGET,
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
    // A failure that is no answer (the database went away, a bug, deadlocks every time): the claim
    // goes, so a retry runs anew.
    await db
      .delete(idempotencyKeys)
      .where(and(mine, eq(idempotencyKeys.state, 'in-flight')))
      .catch(() => undefined);
    if (err instanceof Busy) return BUSY;
    throw err;
  }
}

/** An entry to work on under its key, or one answered before any work (as its single call would be:
 *  a contract's refusal, a page the caller lacks), which stores nothing under its key. */
export type BatchEntry =
  (Omit<Keyed, keyof KeyOwner | 'key'> & { key: string; work: Work }) | { key: string; answer: Answer };

/** Thrown when a key was claimed by another request between this push's read and its claim: the whole
 *  push rolls back and is answered 409, to be sent again. */
export class ClaimRace extends Error {
  constructor() {
    super('claim race');
  }
}

/**
 * Answers many keyed requests of one caller in order, in one transaction (the outbox's push): each
 * entry as `idempotent` would answer it alone, its work in a savepoint, so a refusal (a race lost, a
 * deadlock retried in vain) undoes only its own entry and a later entry sees the earlier ones' work.
 * One read of the keys, one claim, one write of the answers, one commit, where alone each entry takes
 * all four. Stops at a key still in flight (409): the answers are then fewer than the entries, and the
 * rest were not tried. A failure that is no answer rolls back every entry (none is answered; the
 * device sends them again).
 */
export async function idempotentBatch(db: Db, owner: KeyOwner, entries: BatchEntry[]): Promise<Answer[]> {
  // The push's own statements (its claims, its answers) deadlocked with another push of the same keys:
  // all of it was undone, so it runs again; past WORK_TRIES it is answered 409, to be sent again.
  for (let tries = 1; ; tries++) {
    try {
      return await batchOnce(db, owner, entries);
    } catch (err) {
      if (!retryable(err)) throw err;
      if (tries >= WORK_TRIES) throw new ClaimRace();
    }
  }
}

async function batchOnce(db: Db, keyOwner: KeyOwner, entries: BatchEntry[]): Promise<Answer[]> {
  const { userId } = keyOwner;
  const owner = ownedBy(keyOwner);
  const answers: Answer[] = [];
  const hashes = entries.map((e) => ('work' in e ? requestHash(e.route, e.body) : ''));
  const stale = Date.now() - STALE_CLAIM_SECONDS * 1000;
  await db.transaction(async (tx) => {
    const keys = entries.flatMap((e) => ('work' in e && KEY_PATTERN.test(e.key) ? [e.key] : []));
    const known = new Map(
      (keys.length === 0
        ? []
        : await tx
            .select()
            .from(idempotencyKeys)
            .where(and(owner.where, inArray(idempotencyKeys.key, keys)))
      ).map((r) => [r.key, r]),
    );

    // What each entry gets without its work, in order, up to the first key in flight.
    const early: Array<Answer | null> = [];
    for (const [i, e] of entries.entries()) {
      const row = known.get(e.key);
      if (!('work' in e)) early.push(e.answer);
      else if (!KEY_PATTERN.test(e.key)) early.push({ status: 400, envelope: failure('400', IDEMPOTENCY_MSG.invalid) });
      else if (!row) early.push(null);
      else if (row.requestHash !== hashes[i])
        early.push({ status: 422, envelope: failure('422', IDEMPOTENCY_MSG.changed) });
      else if (row.state === 'done') early.push({ status: row.httpStatus ?? 200, envelope: row.answer as Envelope });
      else if (row.claimedAt.getTime() < stale)
        early.push(null); // its server died mid-work: taken over
      else {
        early.push({ status: 409, envelope: failure('409', IDEMPOTENCY_MSG.inFlight) });
        break;
      }
    }

    const fresh = early.flatMap((a, i) => (a === null ? [i] : []));
    if (fresh.length > 0) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values(
          fresh.map((i) => ({
            userId,
            companyId: owner.companyId,
            key: entries[i]!.key,
            route: (entries[i] as { route: string }).route,
            requestHash: hashes[i]!,
            state: 'in-flight',
            claimedAt: sql`now()`,
          })),
        )
        .onConflictDoUpdate({
          target: KEY_TARGET,
          set: { claimedAt: sql`now()` },
          setWhere: sql`${idempotencyKeys.state} = 'in-flight' and ${idempotencyKeys.requestHash} = excluded.request_hash
            and ${idempotencyKeys.claimedAt} < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`,
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length !== fresh.length) throw new ClaimRace();
    }

    const kept: Array<{ key: string; answer: Answer }> = [];
    for (const [i, a] of early.entries()) {
      if (a) {
        answers.push(a);
        continue;
      }
      let envelope: Envelope;
      try {
        envelope = await runWork(tx as unknown as Db, (entries[i] as { work: Work }).work);
      } catch (err) {
        if (!(err instanceof Busy)) throw err;
        // Undone every time by deadlocks: this entry only is answered busy, and its claim goes.
        await tx.delete(idempotencyKeys).where(and(owner.where, eq(idempotencyKeys.key, entries[i]!.key)));
        answers.push(BUSY);
        continue;
      }
      const answer = { status: 200, envelope };
      answers.push(answer);
      kept.push({ key: entries[i]!.key, answer });
    }
    if (kept.length > 0) {
      const rows = sql.join(
        kept.map((k) => sql`(${k.key}::text, ${k.answer.status}::int, ${JSON.stringify(k.answer.envelope)}::jsonb)`),
        sql`, `,
      );
      await tx.execute(sql`update idempotency_keys k set state = 'done', http_status = v.status, answer = v.answer
        from (values ${rows}) as v(key, status, answer) where k.user_id = ${userId} and k.company_id = ${owner.companyId} and k.key = v.key`);
    }
  });
  return answers;
}

/** Forgets keys older than KEEP_DAYS; returns how many. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
