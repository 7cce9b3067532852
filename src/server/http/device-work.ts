// Which outbox entry a floor save comes from, and when the device did the work: stored on the carton
// and the event beside the server's own time (DESIGN section 5).
import type { FastifyRequest } from 'fastify';
import type { DeviceWork } from '../domain/ranges.js';
import { IDEMPOTENCY_HEADER } from './idempotency.js';

/** A clock more than a year off is not believed (the server's time stands beside it anyway). */
const BELIEVABLE_MS = 366 * 86_400_000;

/** The entry's key and the device's time (ms since the epoch), or the server's time when unbelievable. */
export function deviceWork(key: string, time: unknown): DeviceWork {
  const raw = typeof time === 'string' && time.trim() !== '' ? Number(time) : typeof time === 'number' ? time : NaN;
  const at = Number.isFinite(raw) && Math.abs(raw - Date.now()) < BELIEVABLE_MS ? new Date(raw) : new Date();
  return { entryId: key, at };
}

/** A single save's: its Idempotency-Key and `device-time` headers; undefined without a key. */
export function requestDeviceWork(req: FastifyRequest): DeviceWork | undefined {
  const key = req.headers[IDEMPOTENCY_HEADER];
  return typeof key === 'string' ? deviceWork(key, req.headers['device-time']) : undefined;
}
