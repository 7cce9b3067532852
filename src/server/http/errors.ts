// One error handler for the whole API: protocol failures keep their HTTP status and wear the
// envelope; anything unexpected is a 500 with a plain message, its detail only in the log.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { failure, warn } from '../../shared/contracts/envelope.js';
import { TEXT_UNSTORABLE } from '../../shared/contracts/text.js';
import { unstorableText } from '../db/errors.js';

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
    // A safety net behind the Router's text rule: the database's own refusal answers the same '400'.
    if (unstorableText(err)) {
      req.log.warn({ err }, 'unstorable text reached the database');
      return reply.code(200).send(warn(TEXT_UNSTORABLE));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(failure('500', CRASH_MESSAGE));
  });
}

const BAD_ADDRESS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The request address is not valid.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The request address is too long.'],
};

/** Failures inside the router (before any route or the auth check): the envelope, never the URL. */
function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const [status, message] = BAD_ADDRESS[err.code] ?? [400, 'The request could not be read.'];
  return reply.code(status).send(failure(String(status), message));
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};

/** Requests Node's HTTP parser refuses (bad headers, a broken length, an unknown method). */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, message] = (err.code && CLIENT_ERRORS[err.code]) || [
    400,
    'Bad Request',
    'The request could not be read.',
  ];
  const body = JSON.stringify(failure(String(status), message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Constructor options that keep the router's and the HTTP parser's own answers in the envelope. */
export const envelopeOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors,
  clientErrorHandler,
};
