// What every route's handler gets and answers: the context of one call, and a refusal thrown by a
// domain rule turned into its envelope. Shared by the Router and the outbox's push.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/contracts/envelope.js';
import type { DeviceWork } from '../domain/ranges.js';
import { Refusal } from '../domain/refusal.js';
import type { Services } from '../services.js';

export const FORBIDDEN = 'You do not have access to this page.';
export const UNAUTHORIZED = 'Please sign in again.';

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

/** The handler's answer, a thrown Refusal answered as its envelope ('400', the items at fault). */
export async function answerOf(run: () => Promise<Envelope | undefined>): Promise<Envelope | undefined> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Refusal) return e.envelope;
    throw e;
  }
}

