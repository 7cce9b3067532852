// ProductAuthentication/VerifyProduct: the public page's call (domain/verify.ts decides, and
// domain/verify-groups.ts stores in group commits), behind two guards kept in memory so a flood costs
// no database work: calls per address per minute, and calls at work at once (the rest wait in line,
// or are told to try again). A slot is held while the verification reads (its lookup), not while its
// row waits for its group's commit: a group would otherwise never hold more rows than there are
// slots. Rows waiting for their commit are bounded too (VERIFY_QUEUE): past that, a slot is held
// until there is room, so a stalled table holds the line instead of gathering requests without end.
import { failure } from '../../../shared/contracts/envelope.js';
import { VERIFY_API, VERIFY_MSG } from '../../../shared/contracts/public/verify.js';
import { addStreetAddress, nominatim, type Geocoder } from '../../domain/geocoder.js';
import { decideVerification, type Verified } from '../../domain/verify.js';
import { VerifyGroups } from '../../domain/verify-groups.js';
import { Slots } from '../../http/memory-limit.js';
import { publicAddressLimit } from '../../http/public-limit.js';
import type { Router } from '../../http/route.js';

export function verifyRoutes(r: Router) {
  const limited = publicAddressLimit((c) => c.verifyLimitPerAddress, VERIFY_MSG.tooMany);
  let slots: Slots | undefined;
  let groups: VerifyGroups | undefined;
  let geocoder: Geocoder | undefined;

  r.serve(VERIFY_API.verify, async (ctx) => {
    const { db, body, codes, req, reply, config } = ctx;
    const over = limited(ctx);
    if (over) return over;
    slots ??= new Slots(config.verifyMaxInFlight, config.verifyQueue);
    groups ??= new VerifyGroups(db, {
      windowMs: config.verifyGroupMs,
      maxRows: Math.max(1, config.verifyGroupRows),
      maxPending: Math.max(1, config.verifyQueue),
    });
    const busy = () => {
      reply.code(429);
      return failure('429', VERIFY_MSG.busy);
    };
    const taken = await slots.run<{ stored: Promise<Verified> } | ReturnType<typeof busy>>(async () => {
      const decided = await decideVerification(db, codes, body, req.ip);
      await groups!.room();
      return { stored: groups!.store(decided) };
    }, busy);
    if (!('stored' in taken)) return taken;
    const done = await taken.stored;
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
