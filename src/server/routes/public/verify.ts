// ProductAuthentication/VerifyProduct: the public page's call (domain/verify.ts decides and stores),
// behind two guards kept in memory so a flood costs no database work: calls per address per minute,
// and calls at work at once (the rest wait in line, or are told to try again).
import { failure } from '../../../shared/contracts/envelope.js';
import { VERIFY_API, VERIFY_MSG } from '../../../shared/contracts/public/verify.js';
import { limitAddress } from '../../auth/rate-limit.js';
import type { Config } from '../../config.js';
import { addStreetAddress, nominatim, type Geocoder } from '../../domain/geocoder.js';
import { verifyProduct } from '../../domain/verify.js';
import { MemoryWindow, Slots } from '../../http/memory-limit.js';
import type { Router } from '../../http/route.js';

export function verifyRoutes(r: Router) {
  let guards: { perAddress: MemoryWindow; slots: Slots } | undefined;
  let geocoder: Geocoder | undefined;
  const guardsOf = (c: Config) => (guards ??= { perAddress: new MemoryWindow(c.verifyLimitPerAddress), slots: new Slots(c.verifyMaxInFlight, c.verifyQueue) });

  r.serve(VERIFY_API.verify, async ({ db, body, codes, req, reply, config }) => {
    const g = guardsOf(config);
    const refuse = (message: string) => {
      reply.code(429);
      return failure('429', message);
    };
    if (g.perAddress.hit(limitAddress(req.ip))) return refuse(VERIFY_MSG.tooMany);
    const answer = await g.slots.run(() => verifyProduct(db, codes, body, req.ip), () => refuse(VERIFY_MSG.busy));
    // The street address, when a service is named: after the answer, into the stored row.
    const id = (answer.ResponseData as { FeedbackId?: number } | null)?.FeedbackId;
    if (config.geocoderUrl && id && body.Latitude !== null && body.Longitude !== null && !body.UsrAdrs) {
      geocoder ??= nominatim(config.geocoderUrl);
      void addStreetAddress(db, geocoder, id, body.Latitude, body.Longitude).catch((e: unknown) => req.log.warn({ err: e }, 'street address not stored'));
    }
    return answer;
  });
}
