// What every route's handler gets and answers: the context of one call, and a refusal thrown by a
// domain rule turned into its envelope. Shared by the Router and the outbox's push.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { warn, type Envelope } from '../../shared/contracts/envelope.js';
import { lostKey } from '../db/races.js';
import type { DeviceWork } from '../domain/ranges.js';
import { Refusal } from '../domain/refusal.js';
import type { Services } from '../services.js';

export const FORBIDDEN = 'You do not have access to this page.';
export const UNAUTHORIZED = 'Please sign in again.';

/** A save that lost a race the rule itself did not foresee (the last net: the rules lock what they
 *  take, and name it), and one the database kept undoing (a deadlock, again and again). */
export const RACE_MSG = {
  taken: 'Another save took part of this at the same moment, so nothing was saved. Scan again to see what is left.',
  busy: 'Other saves of the same items kept this one waiting, so nothing was saved. Please try again.',
} as const;

export interface Ctx<B, C> extends Services {
  body: B;
  caller: C;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  req: FastifyRequest;
  reply: FastifyReply;
  /** A floor save's outbox entry and the device's time of the work (its Idempotency-Key). */
  device?: DeviceWork;
}

export type Handler<B, C> = (ctx: Ctx<B, C>) => Promise<Envelope | undefined>;

/** The handler's answer, a thrown Refusal answered as its envelope ('400', the items at fault). A
 *  unique key taken by another transaction meanwhile is a refusal too, never a 500 or the SQL's text;
 *  a deadlock is thrown on, for the work's transaction to run again (http/idempotency.ts). */
export async function answerOf(run: () => Promise<Envelope | undefined>): Promise<Envelope | undefined> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Refusal) return e.envelope;
    if (lostKey(e) !== null) return warn(RACE_MSG.taken);
    throw e;
  }
}
