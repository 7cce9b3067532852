// ProductAuthentication/VerifyProduct: the public page's call (domain/verify.ts decides and stores),
// behind two guards kept in memory so a flood costs no database work: calls per address per minute,
// and calls at work at once (the rest wait in line, or are told to try again).
import { failure } from '../../../shared/contracts/envelope.js';
import { VERIFY_API, VERIFY_MSG } from '../../../shared/contracts/public/verify.js';
import { addStreetAddress, nominatim, type Geocoder } from '../../domain/geocoder.js';
import { verifyAndStore, type Verified } from '../../domain/verify.js';
import { Slots } from '../../http/memory-limit.js';
import { publicAddressLimit } from '../../http/public-limit.js';
import type { Router } from '../../http/route.js';

export function verifyRoutes(r: Router) {
  const limited = publicAddressLimit((c) => c.verifyLimitPerAddress, VERIFY_MSG.tooMany);
  let slots: Slots | undefined;
  let geocoder: Geocoder | undefined;

  r.serve(VERIFY_API.verify, async (ctx) => {
    const { db, body, codes, req, reply, config } = ctx;
    const over = limited(ctx);
    if (over) return over;
    slots ??= new Slots(config.verifyMaxInFlight, config.verifyQueue);
    const busy = () => {
      reply.code(429);
      return failure('429', VERIFY_MSG.busy);
    };
    const done = await slots.run<Verified | ReturnType<typeof busy>>(
      () => verifyAndStore(db, codes, body, req.ip),
      busy,
    );
    if (!('answer' in done)) return done;
    // The street address of a genuine verification, when a service is named: after the answer, into the stored row.
    const genuine = done.answer.ResponseData !== null;
    if (config.geocoderUrl && genuine && body.Latitude !== null && body.Longitude !== null && !body.UsrAdrs) {
      geocoder ??= nominatim(config.geocoderUrl);
      void addStreetAddress(db, geocoder, done.id, body.Latitude, body.Longitude).catch((e: unknown) =>
        req.log.warn({ err: e }, 'street address not stored'),
      );
    }
    return done.answer;
  });
}
