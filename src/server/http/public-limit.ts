// The per-address limit of a public call (VerifyProduct, the points calls): hits counted in memory
// per address (IPv6 by /64) per minute, so a flood costs no database work; over it, 429 with the
// envelope. The window is made on first use, from the running config.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failure, type Envelope } from '../../shared/contracts/envelope.js';
import { limitAddress } from '../auth/rate-limit.js';
import type { Config } from '../config.js';
import { MemoryWindow } from './memory-limit.js';

export function publicAddressLimit(limitOf: (c: Config) => number, message: string) {
  let window: MemoryWindow | undefined;
  /** The 429 answer when the caller's address is over its share, else null. */
  return ({
    req,
    reply,
    config,
  }: {
    req: FastifyRequest;
    reply: FastifyReply;
    config: Config;
  }): Envelope<null> | null => {
    window ??= new MemoryWindow(limitOf(config));
    if (!window.hit(limitAddress(req.ip))) return null;
    reply.code(429);
    return failure('429', message);
  };
}
