// A route declared to read the standby (Endpoint.reads): its handler's db is the standby's while the
// standby is healthy, and the answer says what time its data is as of in a header (the envelope stays
// the spec's). A standby lost mid-call answers from the primary instead: a warning in the log, never
// an error to the caller. The handlers are reads, so running one again changes nothing.
import type { FastifyReply } from 'fastify';
import type { Envelope } from '../../shared/contracts/envelope.js';
import { DATA_AS_OF_HEADER } from '../../shared/endpoint.js';
import type { Db } from '../db/connect.js';
import type { Services } from '../services.js';

export async function readingStandby(
  services: Pick<Services, 'db' | 'standby'>,
  reply: FastifyReply,
  run: (db: Db) => Promise<Envelope | undefined>,
): Promise<Envelope | undefined> {
  const standby = services.standby.reading();
  if (!standby) return run(services.db);
  reply.header(DATA_AS_OF_HEADER, standby.asOf.toISOString());
  try {
    return await run(standby.db);
  } catch (err) {
    if (reply.sent || reply.raw.headersSent || !services.standby.failed(err)) throw err;
    reply.removeHeader(DATA_AS_OF_HEADER);
    return run(services.db);
  }
}
