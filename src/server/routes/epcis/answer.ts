// How the EPCIS calls answer: an EPCIS document streamed as application/ld+json with the binding's
// version headers, or an RFC 7807 problem as application/problem+json.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { EpcisEvent } from '../../epcis/epcis-event.js';
import { documentText, LD_JSON, problem, VERSION_HEADERS } from '../../epcis/document.js';

export function sendDocument(
  reply: FastifyReply,
  type: 'EPCISDocument' | 'EPCISQueryDocument',
  events: AsyncIterable<EpcisEvent>,
  extra: { file?: string; headers?: Record<string, string> } = {},
) {
  reply.headers({ ...VERSION_HEADERS, ...extra.headers, 'cache-control': 'no-store' });
  reply.header('content-type', `${LD_JSON}; charset=utf-8`);
  if (extra.file) reply.header('content-disposition', `attachment; filename="${extra.file}.jsonld"`);
  return reply.send(Readable.from(documentText(type, events), { objectMode: false }));
}

export function sendProblem(reply: FastifyReply, status: number, type: string, title: string, detail?: string) {
  reply.headers(VERSION_HEADERS).header('content-type', 'application/problem+json; charset=utf-8');
  return reply.code(status).send(JSON.stringify(problem(status, type, title, detail)));
}

/** A refused query (400, QueryParameterException). */
export const badQuery = (reply: FastifyReply, detail: string) =>
  sendProblem(reply, 400, 'QueryParameterException', 'EPCIS query exception', detail);

/** Nothing of the caller's has this id (404, NoSuchResourceException): another company's is the same. */
export const notFound = (reply: FastifyReply, detail: string) =>
  sendProblem(reply, 404, 'NoSuchResourceException', 'Resource not found', detail);

/** Events already in memory, as an async source. */
export async function* listed(events: readonly EpcisEvent[]): AsyncGenerator<EpcisEvent> {
  yield* events;
}
