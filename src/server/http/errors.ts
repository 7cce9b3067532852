// One error handler for the whole API: protocol failures keep their HTTP status and wear the
// envelope; anything unexpected is a 500 with a plain message, its detail only in the log.
import type { FastifyError, FastifyInstance } from 'fastify';
import { failure } from '../../shared/contracts/envelope.js';

export const CRASH_MESSAGE = 'Something went wrong on the server. Please try again.';

const KNOWN: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'The request body type is not supported.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request body length is wrong.'],
};

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const known = err.code ? KNOWN[err.code] : undefined;
    if (known) return reply.code(known[0]).send(failure(String(known[0]), known[1]));
    if (err instanceof SyntaxError || err.statusCode === 400) {
      return reply.code(400).send(failure('400', 'The request could not be read.'));
    }
    if (err.statusCode === 413) return reply.code(413).send(failure('413', 'The request body is too large.'));
    if (err.statusCode === 415) return reply.code(415).send(failure('415', 'The request body type is not supported.'));
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(failure('500', CRASH_MESSAGE));
  });
}
