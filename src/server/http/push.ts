// The outbox's push (shared/contracts/floor/push.ts): a device's queued floor saves in one request,
// each entry held to exactly what its own call asks (access, the text rule, its contract, its
// Idempotency-Key, its handler) and answered as that call would have answered it alone. The entries
// run in one transaction, each in its own savepoint (http/idempotency.ts `idempotentBatch`).
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { failure, ok, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { PUSH_MSG, type PUSH_API, type PushAnswer } from '../../shared/contracts/floor/push.js';
import { checkTexts } from '../../shared/contracts/text.js';
import type { Access } from '../../shared/endpoint.js';
import type { Services } from '../services.js';
import { loadCaller, type Caller } from './caller.js';
import { deviceWork } from './device-work.js';
import { noteAcked } from '../domain/devices.js';
import { gate } from './gate.js';
import { answerOf, type Handler } from './handler.js';
import { checkRequestTexts } from './text-guard.js';
import { ClaimRace, IDEMPOTENCY_MSG, idempotentBatch, type BatchEntry } from './idempotency.js';

/** An idempotent save as the Router registered it. */
export interface Save {
  /** What its keys are bound to: method and path, as a single call's are. */
  route: string;
  access: Access;
  body: z.ZodType | undefined;
  handler: Handler<unknown, Caller>;
}

type Entry = z.output<typeof PUSH_API.push.body>['Entries'][number];

/** The entry as a batch entry: its work, or the answer it gets before any work (as a single call). */
function batchEntry(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  save: Save | undefined,
  e: Entry,
): BatchEntry {
  const answered = (status: number, envelope: Envelope): BatchEntry => ({ key: e.Key, answer: { status, envelope } });
  if (!save) return answered(200, warn(PUSH_MSG.notPushable(e.Call)));
  const gated = gate(save, caller, () => checkTexts(e.Body), e.Body);
  if ('answer' in gated) return answered(gated.answer.status, gated.answer.envelope);
  const { body } = gated;
  const device = deviceWork(e.Key, e.DeviceTime);
  return {
    key: e.Key,
    route: save.route,
    body,
    work: async (tx) =>
      (await answerOf(() =>
        save.handler({
          ...services,
          db: tx as unknown as Services['db'],
          body,
          caller,
          params: {},
          query: {},
          req,
          reply,
          device,
        }),
      )) ?? failure('500', 'The save gave no answer.'),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The push with each entry's Body left out: the text rule holds the rest of the push as any request,
 *  and each Body on its own (batchEntry), so one entry's bad text refuses only that entry. */
function withoutEntryBodies(body: unknown): unknown {
  if (!isObject(body) || !Array.isArray(body.Entries)) return body;
  return { ...body, Entries: body.Entries.map((e: unknown) => (isObject(e) ? { ...e, Body: null } : e)) };
}

/** An answer the device takes as final (client/offline/outbox-rules.ts): not 401, 408, 409, 429 nor 5xx. */
const isFinal = (status: number) => status < 500 && ![401, 408, 409, 429].includes(status);

/** The highest device sequence number among the entries answered for good; 0 when none. */
function ackedSeq(entries: readonly Entry[], answers: readonly { status: number }[]): number {
  let max = 0;
  answers.forEach((a, i) => {
    const seq = entries[i]?.Seq;
    if (seq !== undefined && isFinal(a.status)) max = Math.max(max, seq);
  });
  return max;
}

export function pushRoute(
  services: Services,
  endpoint: typeof PUSH_API.push,
  url: string,
  saves: ReadonlyMap<string, Save>,
): RouteOptions {
  return {
    method: 'POST',
    url,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    handler: async (req, reply) => {
      const gated = gate(
        endpoint,
        await loadCaller(services.db, services.tokens, req),
        () => checkRequestTexts(req, withoutEntryBodies(req.body)),
        req.body,
      );
      if ('answer' in gated) return reply.code(gated.answer.status).send(gated.answer.envelope);
      const { caller, body } = gated;
      const entries = body.Entries.map((e) => batchEntry(services, req, reply, caller, saves.get(e.Call), e));
      try {
        const answers = await idempotentBatch(services.db, caller, entries);
        const data: PushAnswer[] = answers.map((a, i) => ({
          Key: entries[i]!.key,
          Status: a.status,
          Answer: a.envelope,
        }));
        // Noted before the answer goes: should this fail, the device sends the entries again (their keys
        // replay the answers) rather than prune work the server would not know it had.
        const acked = ackedSeq(body.Entries, answers);
        if (body.Device && acked > 0) await noteAcked(services.db, caller, body.Device, acked);
        return reply.send(ok(data));
      } catch (err) {
        if (err instanceof ClaimRace) return reply.code(409).send(failure('409', IDEMPOTENCY_MSG.inFlight));
        throw err;
      }
    },
  };
}
