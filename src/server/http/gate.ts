// The one gate every call passes before its handler, whether it came alone (the Router) or as an
// entry of an outbox push: who may call (401, 403), the text rule, the contract, and the contract's
// first message. A call turned away gets the answer its single call would have got.
import type { z } from 'zod';
import { failure, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { BODY_TOO_DEEP, firstMessage } from '../../shared/contracts/issues.js';
import { TEXT_UNSTORABLE, type TextVerdict } from '../../shared/contracts/text.js';
import type { Access } from '../../shared/endpoint.js';
import { mayUse, type Caller } from '../auth/actor.js';
import { FORBIDDEN, UNAUTHORIZED } from './handler.js';

export type CallerOf<A> = A extends 'public' ? Caller | null : Caller;
export type BodyOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Turned away with an HTTP status and the envelope, or let through with the caller and the parsed body. */
export type Gated<S, A> = { answer: { status: number; envelope: Envelope } } | { caller: CallerOf<A>; body: BodyOf<S> };

const away = (status: number, envelope: Envelope) => ({ answer: { status, envelope } });

/**
 * Who may call first, then the text rule (`texts`: the request's own verdict, asked only of a caller
 * let in), then the contract. Validation failures are '200' with '400' and the first failing
 * field's message, as the spec's client expects.
 */
export function gate<S extends z.ZodType | undefined, A extends Access>(
  rule: { access: A; body?: S },
  caller: Caller | null,
  texts: () => TextVerdict,
  raw: unknown,
): Gated<S, A> {
  if (rule.access !== 'public') {
    if (!caller) return away(401, failure('401', UNAUTHORIZED));
    if (
      rule.access !== 'signed-in' &&
      !mayUse(
        caller,
        (rule.access as Exclude<Access, string>).pages.map((p) => p.key),
      )
    ) {
      return away(403, failure('403', FORBIDDEN));
    }
  }
  const verdict = texts();
  if (verdict !== 'ok') return away(200, warn(verdict === 'too-deep' ? BODY_TOO_DEEP : TEXT_UNSTORABLE));
  if (!rule.body) return { caller: caller as CallerOf<A>, body: undefined as BodyOf<S> };
  const parsed = rule.body.safeParse(raw ?? {});
  if (!parsed.success) return away(200, warn(firstMessage(parsed.error)));
  return { caller: caller as CallerOf<A>, body: parsed.data as BodyOf<S> };
}
