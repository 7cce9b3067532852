// The points calls: the verification page's (a farmer's balance and ledger, a redemption request, the
// feedback box: public, limited per address like VerifyProduct) and the admin's Redemption Requests.
import { and, eq, sql } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { flagOn } from '../../../shared/contracts/list.js';
import {
  feedbackRef,
  POINTS_API,
  POINTS_MSG,
  REMARK_MAX,
  REQUESTS_LIST,
} from '../../../shared/contracts/loyalty/points.js';
import { VERIFY_CODE, VERIFY_MSG } from '../../../shared/contracts/public/verify.js';
import { companyScope } from '../../auth/scope.js';
import { products, redemptionRequests, verifications } from '../../db/schema.js';
import { acceptRequest, pointsOfFarmer, redeem } from '../../domain/points.js';
import type { Caller } from '../../auth/actor.js';
import { publicAddressLimit } from '../../http/public-limit.js';
import { idParam, INVALID_ARGUMENTS, type Ctx, type Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

export function pointsRoutes(r: Router) {
  /** A public call over its address's share answers 429, before any database work. */
  const limited = publicAddressLimit((c) => c.verifyLimitPerAddress, VERIFY_MSG.tooMany);

  r.serve(POINTS_API.mine, async (ctx) => limited(ctx) ?? pointsOfFarmer(ctx.db, ctx.body));

  r.serve(POINTS_API.redeem, async (ctx) => limited(ctx) ?? ctx.db.transaction((tx) => redeem(tx, ctx.body)));

  r.serve(POINTS_API.feedback, async (ctx) => {
    const refused = limited(ctx);
    if (refused) return refused;
    const v = verifications;
    const ref = feedbackRef(ctx.body.FeedbackId);
    if (!ref) return warn(POINTS_MSG.feedbackUnknown);
    const theOne = and(eq(v.id, ref.id), eq(v.feedbackKey, ref.key));
    // Once per genuine verification, of a product whose configuration asks for feedback; the
    // verification is the one whose visitor received this FeedbackId (a guess finds none).
    const done = await ctx.db
      .update(v)
      .set({ feedback: ctx.body.UsrFeedback, feedbackAt: new Date() })
      .where(
        and(
          theOne,
          eq(v.result, VERIFY_CODE.genuine),
          sql`${v.feedback} is null`,
          sql`exists (select 1 from ${products} p where p.id = ${v.productId} and (p.config ->> 'IsFeedback') = 'true')`,
        ),
      )
      .returning({ id: v.id });
    if (done.length) return ok(null, POINTS_MSG.feedbackSaved);
    const [found] = await ctx.db
      .select({ given: sql<boolean>`${v.feedback} is not null` })
      .from(v)
      .where(theOne);
    if (!found) return warn(POINTS_MSG.feedbackUnknown);
    return warn(found.given ? POINTS_MSG.feedbackGiven : POINTS_MSG.feedbackNotAsked);
  });

  serveList(r, REQUESTS_LIST, {
    fields: {
      Id: redemptionRequests.id,
      UserName: redemptionRequests.name,
      MobileNo: redemptionRequests.mobile,
      Point: redemptionRequests.points,
      RequestDate: redemptionRequests.createdAt,
      CreatedDt: redemptionRequests.createdAt,
      Remark: redemptionRequests.remark,
      ApprovedDate: redemptionRequests.acceptedAt,
    },
    from: (db, f) => db.select(f).from(redemptionRequests).$dynamic(),
    scope: (caller) => companyScope(caller, redemptionRequests.companyId),
    filter: (body) =>
      flagOn(body.IsAccepted)
        ? sql`${redemptionRequests.acceptedAt} is not null`
        : sql`${redemptionRequests.acceptedAt} is null`,
    search: [redemptionRequests.name, redemptionRequests.mobile, redemptionRequests.remark],
    sort: { CreatedDate: redemptionRequests.createdAt },
    key: redemptionRequests.id,
  });

  const accept = async ({ db, caller, params }: Ctx<unknown, Caller>) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    const remark = (params.remark ?? '').trim();
    if (remark.length > REMARK_MAX) return warn(POINTS_MSG.remark);
    return db.transaction((tx) =>
      acceptRequest(tx, id, remark, caller.userId, (col) => and(companyScope(caller, col))),
    );
  };
  r.serve(POINTS_API.accept, accept);
  r.serve(POINTS_API.acceptPlain, accept);
}
