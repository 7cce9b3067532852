// ProductAuthentication/VerifyProduct: the public page's call (domain/verify.ts decides, and
// domain/verify-groups.ts stores in group commits), behind guards kept in memory so a flood costs no
// database work: calls per address per minute, and a line for the reads (domain/verify-reads.ts: at
// most VERIFY_MAX_IN_FLIGHT statements at work, the static codes waiting looked up together, and past
// VERIFY_QUEUE waiting, try again later). Rows waiting for their commit are bounded too
// (VERIFY_QUEUE): past that a request waits for room before it reads, and past as many waiting for
// room it is told to try again, so a stalled table holds the line instead of gathering requests.
import { failure } from '../../../shared/contracts/envelope.js';
import { VERIFY_API, VERIFY_MSG } from '../../../shared/contracts/public/verify.js';
import { addStreetAddress, nominatim, type Geocoder } from '../../domain/geocoder.js';
import { decideVerification, type Verified } from '../../domain/verify.js';
import { VerifyGroups } from '../../domain/verify-groups.js';
import { VerifyBusy, VerifyReads } from '../../domain/verify-reads.js';
import { publicAddressLimit } from '../../http/public-limit.js';
import type { Router } from '../../http/route.js';

export function verifyRoutes(r: Router) {
  const limited = publicAddressLimit((c) => c.verifyLimitPerAddress, VERIFY_MSG.tooMany);
  let reads: VerifyReads | undefined;
  let groups: VerifyGroups | undefined;
  let geocoder: Geocoder | undefined;

  r.serve(VERIFY_API.verify, async (ctx) => {
    const { db, body, codes, req, reply, config } = ctx;
    const over = limited(ctx);
    if (over) return over;
    reads ??= new VerifyReads(db, {
      maxInFlight: Math.max(1, config.verifyMaxInFlight),
      maxRows: Math.max(1, config.verifyGroupRows),
      queue: config.verifyQueue,
    });
    groups ??= new VerifyGroups(db, {
      windowMs: config.verifyGroupMs,
      maxRows: Math.max(1, config.verifyGroupRows),
      maxPending: Math.max(1, config.verifyQueue),
    });
    let stored: Promise<Verified>;
    try {
      await groups.room();
      stored = groups.store(await decideVerification(db, codes, body, req.ip, reads));
    } catch (e) {
      if (!(e instanceof VerifyBusy)) throw e;
      reply.code(429);
      return failure('429', VERIFY_MSG.busy);
    }
    const done = await stored;
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
