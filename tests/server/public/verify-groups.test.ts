// VerifyProduct's group commits (issue 29 item 5), on PGlite and PostgreSQL: 200 verifications at
// once (genuine, forged, details asked, and details given that earn points) are each answered once
// their row is stored: every answer's row is in the table (a genuine one's FeedbackId finds it and
// takes feedback), the rows match the answers exactly, and each pack's points are booked once, in the
// transaction of the verification that earned them. A group whose insert fails answers each of its
// requests with the server's error and stores none of them; the next group is stored.
// Groups are written at 20 rows (or after a second), so 20 requests sent at once are one group.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pointEntries, products, verifications } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { POINTS_API } from '../../../src/shared/contracts/loyalty/points.js';
import { VERIFY_MSG, type VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import { send } from '../../helpers/endpoint-call.js';
import { verificationOf } from '../../helpers/feedback-id.js';
import { farmer, loyaltyFactory, masterScheme, saveScheme, verifyFrom } from '../../helpers/factories-loyalty.js';
import { appCodes, insertFactory, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../../helpers/factories-sites.js';
import type { Answer } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';

const GROUP = 20;
/** Not on the fdw layout (TEST_LAYOUT=fdw): the proofs read xmin and add a check constraint, and a
 *  foreign partition has neither. */
const local = !inject('shardPort');
const t = useApp({ verifyGroupMs: 1000, verifyGroupRows: GROUP, verifyMaxInFlight: 8, verifyLimitPerAddress: 100_000 });
let codes: CodeMac;
/** A's product pays 10 points a pack to the farmer; B's pays nothing and asks for feedback. */
let A: Factory;
let B: Factory;
const HERE = 'Maharashtra';
const mobile = (i: number) => `98766${String(10_000 + i).slice(-5)}`;
const forgedOf = (uid: string) => uid.slice(0, -1) + (uid.endsWith('0') ? '1' : '0');
const countOf = async (where = sql`true`) =>
  Number(
    (
      await t.db
        .select({ n: sql<number>`count(*)` })
        .from(verifications)
        .where(where)
    )[0]!.n,
  );

beforeAll(async () => {
  await insertReference(t.db);
  codes = await appCodes(t);
  A = await loyaltyFactory(t, nextPrefix());
  B = await insertFactory(t, nextPrefix());
  await t.db
    .update(products)
    .set({ config: { IsFeedback: true } })
    .where(eq(products.id, B.productId));
  for (const f of [A, B])
    await insertMapping(t.db, {
      companyId: f.companyId,
      productId: f.productId,
      series: staticSeries(f.prefix),
      fromNo: 1,
      toNo: 1000,
      batchNo: 'KH-1',
    });
  expect(await saveScheme(t, A, masterScheme(A, { SchemeName: 'Kharif 10', LoyaltyPoints: 10 }))).toMatchObject({
    ResponseCode: '200',
  });
}, 60_000);

describe.runIf(local)('200 verifications at once', () => {
  it('answers each once its row is stored: rows and answers match, points booked once a pack', async () => {
    const SA = (n: number) => codes.make(staticSeries(A.prefix), n);
    const SB = (n: number) => codes.make(staticSeries(B.prefix), n);
    type Sent = { kind: 'genuine' | 'forged' | 'details' | 'earn'; uid: string; serial: number };
    const sent: Sent[] = [
      // 80 genuine (B pays nothing): 60 packs, 20 of them twice.
      ...Array.from({ length: 80 }, (_, i) => ({
        kind: 'genuine' as const,
        uid: SB(1 + (i % 60)),
        serial: 1 + (i % 60),
      })),
      ...Array.from({ length: 40 }, (_, i) => ({ kind: 'forged' as const, uid: forgedOf(SB(500 + i)), serial: 0 })),
      // A's packs without the visitor's details: the details form.
      ...Array.from({ length: 40 }, (_, i) => ({ kind: 'details' as const, uid: SA(100 + i), serial: 100 + i })),
      // A's packs with details: 20 packs, two farmers each, one of whom earns.
      ...Array.from({ length: 40 }, (_, i) => ({ kind: 'earn' as const, uid: SA(1 + (i % 20)), serial: 1 + (i % 20) })),
    ];
    expect(await countOf()).toBe(0);
    const answers: Answer[] = await Promise.all(
      sent.map((s, i) => verifyFrom(t, s.uid, HERE, s.kind === 'earn' ? farmer(mobile(i)) : {})),
    );
    const codesOf = (kind: Sent['kind']) =>
      answers.filter((_, i) => sent[i]!.kind === kind).map((a) => `${a.status} ${a.body.ResponseCode}`);
    expect(codesOf('genuine')).toEqual(Array(80).fill('200 200'));
    expect(codesOf('forged')).toEqual(Array(40).fill('200 -1'));
    expect(codesOf('details')).toEqual(Array(40).fill('200 -3'));
    expect(codesOf('earn')).toEqual(Array(40).fill('200 200'));

    // Exactly one row per answer, of the answer's kind.
    expect(await countOf()).toBe(200);
    const byResult = await t.db
      .select({ result: verifications.result, n: sql<number>`count(*)`.mapWith(Number) })
      .from(verifications)
      .groupBy(verifications.result);
    expect(Object.fromEntries(byResult.map((r) => [r.result, r.n]))).toEqual({ '200': 120, '-1': 40, '-3': 40 });

    // Every genuine answer names its own stored row, and its FeedbackId takes feedback.
    const genuine = answers.flatMap((a, i) =>
      a.body.ResponseCode === '200' ? [{ s: sent[i]!, d: a.body.ResponseData as VerifyAnswer }] : [],
    );
    expect(new Set(genuine.map((g) => g.d.FeedbackId)).size).toBe(120);
    for (const g of genuine) {
      const [row] = await t.db.select().from(verifications).where(verificationOf(g.d.FeedbackId));
      expect(row, g.d.FeedbackId).toMatchObject({ scan: g.s.uid, serial: g.s.serial, result: '200' });
    }
    for (const g of genuine.slice(0, 10))
      expect(
        (await send(t, POINTS_API.feedback, { FeedbackId: g.d.FeedbackId, UsrFeedback: 'Good' })).body,
      ).toMatchObject({
        ResponseCode: '200',
      });

    // Points: one ledger row per pack of A, naming the verification that earned them, written in its
    // transaction; and that verification's answer is the one that said 10 points.
    const ledger = await t.db
      .select({
        serial: pointEntries.serial,
        points: pointEntries.points,
        vid: pointEntries.verificationId,
        tx: sql<string>`${pointEntries}.xmin::text`,
        vtx: sql<string>`${verifications}.xmin::text`,
      })
      .from(pointEntries)
      .innerJoin(verifications, eq(verifications.id, pointEntries.verificationId))
      .where(eq(pointEntries.companyId, A.companyId));
    expect(ledger.map((r) => r.serial).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const r of ledger) {
      expect(r.points).toBe(10);
      expect(r.tx).toBe(r.vtx);
    }
    const paid = genuine.filter((g) => g.d.LoyaltyPoints === 10);
    expect(paid.map((g) => g.s.serial).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(paid.map((g) => Number(g.d.FeedbackId.split('.')[0])))).toEqual(new Set(ledger.map((r) => r.vid)));

    // The rows without points were written in groups: fewer transactions than rows.
    const [groups] = await t.db
      .select({
        rows: sql<number>`count(*)`.mapWith(Number),
        txs: sql<number>`count(distinct xmin::text)`.mapWith(Number),
      })
      .from(verifications)
      .where(sql`not exists (select 1 from ${pointEntries} p where p.verification_id = ${verifications.id})`);
    expect(groups!.rows).toBe(180);
    expect(groups!.txs).toBeLessThan(groups!.rows / 2);
  }, 120_000);
});

describe.runIf(local)('a group whose insert fails', () => {
  // A row no verification can store: a city the table refuses (a test-only check).
  beforeAll(async () => {
    await t.db.execute(
      sql`alter table verifications add constraint verify_groups_test check (city is distinct from 'Atlantis')`,
    );
  });
  afterAll(async () => {
    await t.db.execute(sql`alter table verifications drop constraint verify_groups_test`);
  });
  const forged = (n: number, city: string) =>
    verifyFrom(t, forgedOf(codes.make(staticSeries(B.prefix), n)), null, { UsrCity: city });

  it('answers each of its requests with the error and stores none; the next group is stored', async () => {
    const before = await countOf();
    const failed = await Promise.all(
      Array.from({ length: GROUP }, (_, i) => forged(700 + i, i === 7 ? 'Atlantis' : 'Nashik')),
    );
    expect(failed.map((a) => `${a.status} ${a.body.ResponseCode}`)).toEqual(Array(GROUP).fill('500 500'));
    expect(failed.every((a) => a.body.ResponseData === null)).toBe(true);
    expect(await countOf()).toBe(before);

    const next = await Promise.all(Array.from({ length: GROUP }, (_, i) => forged(800 + i, 'Nashik')));
    expect(next.map((a) => `${a.status} ${a.body.ResponseCode} ${a.body.ResponseMessage}`)).toEqual(
      Array(GROUP).fill(`200 -1 ${VERIFY_MSG.forged}`),
    );
    expect(await countOf()).toBe(before + GROUP);
  }, 60_000);
});
