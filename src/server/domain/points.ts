// The points ledger (issue 13): rows are only ever added. A farmer earns on the first genuine
// verification of a pack with a name and mobile (once per pack ever: the ledger's unique index on the
// code decides, so two verifications racing both see one winner); a dealer earns when cartons are
// dispatched to it (once per dispatch); a redemption request takes its points off at once, under a
// lock on the person, so the balance never goes below zero and a double submit cannot spend twice.
import { and, desc, eq, sql } from 'drizzle-orm';
import { ok, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { feedbackRef, POINTS_MSG, type PointsAnswer } from '../../shared/contracts/loyalty/points.js';
import { VERIFY_CODE } from '../../shared/contracts/public/verify.js';
import { pointEntries, redemptionRequests, verifications } from '../db/schema.js';
import type { Tx } from './ranges.js';
import type { SchemeInForce } from './schemes-in-force.js';
import { pointsOf } from './schemes-in-force.js';

export interface EarnedByPack {
  companyId: number;
  mobile: string;
  /** The name given with the verification. */
  name: string;
  verificationId: number;
  pack: { kind: string; prefix: string; serial: number };
  productName: string;
}

/** Books the pack's points for the farmer; 0 when the pack earned before (someone else was first). */
export async function earnForPack(tx: Tx, e: EarnedByPack, schemes: readonly SchemeInForce[]): Promise<number> {
  const { points, names, ids } = pointsOf(schemes);
  if (points <= 0) return 0;
  const done = await tx
    .insert(pointEntries)
    .values({
      companyId: e.companyId,
      party: 'farmer',
      mobile: e.mobile,
      name: e.name.slice(0, 100) || null,
      points,
      source: 'verify',
      verificationId: e.verificationId,
      kind: e.pack.kind,
      prefix: e.pack.prefix,
      serial: e.pack.serial,
      productName: e.productName.slice(0, 150),
      schemeNames: names,
      schemeIds: ids,
    })
    .onConflictDoNothing()
    .returning({ id: pointEntries.id });
  return done.length > 0 ? points : 0;
}

const farmer = (companyId: number, mobile: string) =>
  and(eq(pointEntries.companyId, companyId), eq(pointEntries.party, 'farmer'), eq(pointEntries.mobile, mobile));

async function balanceOf(tx: Tx, companyId: number, mobile: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${pointEntries.points}), 0)`.mapWith(Number) })
    .from(pointEntries)
    .where(farmer(companyId, mobile));
  return row?.n ?? 0;
}

/** The verification that vouches for a farmer: a genuine one made with this mobile, named by the
 *  FeedbackId its visitor alone received (never by its sequential id: that one is guessable). */
async function holderOf(tx: Tx, feedbackId: string, mobile: string) {
  const ref = feedbackRef(feedbackId);
  if (!ref) return null;
  const [v] = await tx
    .select({ id: verifications.id, companyId: verifications.companyId, name: verifications.name })
    .from(verifications)
    .where(
      and(
        eq(verifications.id, ref.id),
        eq(verifications.feedbackKey, ref.key),
        eq(verifications.mobile, mobile),
        eq(verifications.result, VERIFY_CODE.genuine),
      ),
    );
  return v?.companyId ? { verificationId: v.id, companyId: v.companyId, name: v.name ?? '' } : null;
}

/** A farmer's balance and ledger, newest first. */
export async function pointsOfFarmer(
  tx: Tx,
  b: { UsrId: string; MobNo: string },
): Promise<Envelope<PointsAnswer | null>> {
  const who = await holderOf(tx, b.UsrId, b.MobNo);
  if (!who) return warn(POINTS_MSG.notYours) as Envelope<null>;
  const rows = await tx
    .select({
      at: pointEntries.at,
      points: pointEntries.points,
      product: pointEntries.productName,
      schemes: pointEntries.schemeNames,
      acceptedAt: redemptionRequests.acceptedAt,
      requestId: pointEntries.requestId,
    })
    .from(pointEntries)
    .leftJoin(redemptionRequests, eq(redemptionRequests.id, pointEntries.requestId))
    .where(farmer(who.companyId, b.MobNo))
    .orderBy(desc(pointEntries.at), desc(pointEntries.id))
    .limit(200);
  return ok({
    Balance: await balanceOf(tx, who.companyId, b.MobNo),
    Entries: rows.map((r) => ({
      At: r.at.toISOString(),
      Kind: r.points < 0 ? ('redeemed' as const) : ('earned' as const),
      Points: r.points,
      ProductName: r.product,
      SchemeName: r.schemes,
      Accepted: r.requestId === null ? null : r.acceptedAt !== null,
    })),
  });
}

export interface RedeemAsk {
  UsrId: string;
  MobNo: string;
  Points: number;
  UserName: string;
  ProductName: string;
  SchemeName: string;
  Location: string;
  Totalpoints?: number | null;
  PaytmPoint?: number | string | null;
}

/** Asks to redeem: refused above the balance or while an earlier request waits; else the request and
 *  its ledger row in one go. Runs in the caller's transaction. */
export async function redeem(tx: Tx, b: RedeemAsk): Promise<Envelope<{ Balance: number; RequestId: number } | null>> {
  const who = await holderOf(tx, b.UsrId, b.MobNo);
  if (!who) return warn(POINTS_MSG.notYours) as Envelope<null>;
  // One request at a time per person: two submits queue here, the second then sees the first's row.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`points:${who.companyId}:${b.MobNo}`}))`);
  const [waiting] = await tx
    .select({ id: redemptionRequests.id })
    .from(redemptionRequests)
    .where(
      and(
        eq(redemptionRequests.companyId, who.companyId),
        eq(redemptionRequests.mobile, b.MobNo),
        sql`${redemptionRequests.acceptedAt} is null`,
      ),
    );
  if (waiting) return warn(POINTS_MSG.pending) as Envelope<null>;
  const balance = await balanceOf(tx, who.companyId, b.MobNo);
  if (b.Points > balance) return warn(POINTS_MSG.overBalance(balance)) as Envelope<null>;
  const [req] = await tx
    .insert(redemptionRequests)
    .values({
      companyId: who.companyId,
      mobile: b.MobNo,
      name: (b.UserName || who.name).slice(0, 100),
      points: b.Points,
      verificationId: who.verificationId,
      sent: {
        Totalpoints: b.Totalpoints ?? null,
        ProductName: b.ProductName,
        SchemeName: b.SchemeName,
        PaytmPoint: b.PaytmPoint ?? null,
        Location: b.Location,
      },
    })
    .returning({ id: redemptionRequests.id });
  await tx.insert(pointEntries).values({
    companyId: who.companyId,
    party: 'farmer',
    mobile: b.MobNo,
    name: (b.UserName || who.name).slice(0, 100) || null,
    points: -b.Points,
    source: 'redeem',
    requestId: req!.id,
    productName: b.ProductName.slice(0, 150),
    schemeNames: b.SchemeName.slice(0, 300),
  });
  return ok({ Balance: balance - b.Points, RequestId: req!.id }, POINTS_MSG.requested(b.Points));
}

/** The admin accepts a waiting request (its points left the balance when it was asked). */
export async function acceptRequest(
  tx: Tx,
  id: number,
  remark: string,
  by: number,
  scope: (col: typeof redemptionRequests.companyId) => ReturnType<typeof and>,
) {
  const [row] = await tx
    .select({ acceptedAt: redemptionRequests.acceptedAt })
    .from(redemptionRequests)
    .where(and(eq(redemptionRequests.id, id), scope(redemptionRequests.companyId)));
  if (!row) return warn(POINTS_MSG.notFound);
  if (row.acceptedAt) return warn(POINTS_MSG.alreadyAccepted);
  const done = await tx
    .update(redemptionRequests)
    .set({ acceptedAt: new Date(), acceptedBy: by, remark: remark.slice(0, 200) })
    .where(and(eq(redemptionRequests.id, id), sql`${redemptionRequests.acceptedAt} is null`))
    .returning({ id: redemptionRequests.id });
  return done.length > 0 ? ok(null, POINTS_MSG.accepted) : warn(POINTS_MSG.alreadyAccepted);
}
