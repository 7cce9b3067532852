// The floor's data model answers the questions the screens and reports will ask, before any screen
// depends on it: where is this code now, what is in this carton, what is at this site. Cartons are
// written straight to the tables as packing will leave them (two sites, one carton in transit).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Series } from '../../../src/shared/codes.js';
import { cartons, items, mappings, secondaryCartons, tertiaryCartons, users } from '../../../src/server/db/schema.js';
import { cartonContents, stockAtSite, whereIsCode } from '../../../src/server/domain/floor-queries.js';
import { insertCompany, insertSite } from '../../helpers/factories.js';
import { insertProduct } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let company: number;
let other: number;
let siteA: number;
let siteB: number;
let product: number;
let product2: number;
let mappingId: number;
const FP: Series = { kind: 'S', prefix: 'FP' };

beforeAll(async () => {
  company = (await insertCompany(t.db)).id;
  other = (await insertCompany(t.db)).id;
  siteA = (await insertSite(t.db, company, { prefix: 'FP' })).id;
  siteB = (await insertSite(t.db, company, { prefix: 'FQ', isFactory: false })).id;
  product = (await insertProduct(t.db, company)).id;
  product2 = (await insertProduct(t.db, company)).id;
  const [m] = await t.db
    .insert(mappings)
    .values({
      kind: 'S',
      prefix: 'FP',
      fromNo: 1,
      toNo: 1000,
      companyId: company,
      siteId: siteA,
      productId: product,
      batchNo: 'FB1',
      mfgDate: '2026-01-01',
      expDate: '2028-01-01',
    })
    .returning();
  mappingId = m!.id;
  await t.db.insert(mappings).values({
    kind: 'S',
    prefix: 'FP',
    fromNo: 2001,
    toNo: 2100,
    companyId: company,
    siteId: siteA,
    productId: product2,
    batchNo: 'FB2',
    mfgDate: '2026-01-01',
    expDate: '2028-01-01',
  });
  const [size] = await t.db.select({ id: cartons.id }).from(cartons).limit(1);
  const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
  const base = { companyId: company, cartonSizeId: size!.id, createdBy: user!.id };

  // TID26FP00001 at site A holds SID 1 (packs 1-10) and SID 2 (11-20); SID 3 (21-25) is loose at A,
  // fractional; SID 4 (26-30) was damaged; TID 2 (holding SID 5, 31-40) is in transit; SID 6 (2001-2004,
  // another product) is loose at B.
  await t.db.insert(tertiaryCartons).values([
    { ...base, tid: 'TID26FP00001', siteId: siteA, locationSiteId: siteA, productId: product, qty: 2, state: 'packed' },
    { ...base, tid: 'TID26FP00002', siteId: siteA, locationSiteId: null, productId: product, qty: 1, state: 'packed' },
  ]);
  const sid = (n: number, packs: [number, number], more: Partial<typeof secondaryCartons.$inferInsert> = {}) => ({
    carton: {
      ...base,
      sid: `SID26FP0000${n}`,
      siteId: siteA,
      locationSiteId: siteA,
      productId: product,
      qty: packs[1] - packs[0] + 1,
      state: 'packed' as const,
      ...more,
    },
    packs: Array.from({ length: packs[1] - packs[0] + 1 }, (_, i) => ({
      companyId: base.companyId,
      kind: 'S' as const,
      prefix: 'FP',
      serialNo: packs[0] + i,
      status: 'packed',
      secondaryId: `SID26FP0000${n}`,
    })),
  });
  const all = [
    sid(1, [1, 10], { tid: 'TID26FP00001' }),
    sid(2, [11, 20], { tid: 'TID26FP00001' }),
    sid(3, [21, 25], { reason: 'End of batch' }),
    sid(4, [26, 30], { state: 'damaged' }),
    sid(5, [31, 40], { tid: 'TID26FP00002', locationSiteId: null }),
    sid(6, [2001, 2004], { productId: product2, siteId: siteB, locationSiteId: siteB }),
  ];
  await t.db.insert(secondaryCartons).values(all.map((a) => a.carton));
  await t.db.insert(items).values(all.flatMap((a) => a.packs));
});

describe('where is this code now', () => {
  it("in its secondary carton, inside its tertiary carton, at the tertiary carton's site", async () => {
    expect(await whereIsCode(t.db, FP, 5)).toEqual({
      state: 'packed',
      sid: 'SID26FP00001',
      tid: 'TID26FP00001',
      siteId: siteA,
      companyId: company,
    });
  });
  it('in a loose secondary carton at its own site', async () => {
    expect(await whereIsCode(t.db, { kind: 'S', prefix: 'fp' }, 23)).toEqual({
      state: 'packed',
      sid: 'SID26FP00003',
      tid: null,
      siteId: siteA,
      companyId: company,
    });
  });
  it('in transit with its tertiary carton', async () => {
    expect(await whereIsCode(t.db, FP, 35)).toMatchObject({ state: 'packed', tid: 'TID26FP00002', siteId: null });
  });
  it('damaged with its carton', async () => {
    expect(await whereIsCode(t.db, FP, 27)).toMatchObject({ state: 'damaged', sid: 'SID26FP00004' });
  });
  it('mapped and not packed, or not mapped at all', async () => {
    expect(await whereIsCode(t.db, FP, 500)).toEqual({ state: 'mapped', mappingId });
    expect(await whereIsCode(t.db, FP, 1500)).toEqual({ state: 'unmapped' });
  });
});

describe('what is in this carton', () => {
  it('a tertiary carton: its secondary cartons, down to the packs', async () => {
    const tid = await cartonContents(t.db, company, 'tid26fp00001');
    expect(tid?.type).toBe('TID');
    if (tid?.type !== 'TID') return;
    expect(
      tid.secondaries.map((s) => [s.sid, s.serials.length, s.serials[0]?.serialNo, s.serials.at(-1)?.serialNo]),
    ).toEqual([
      ['SID26FP00001', 10, 1, 10],
      ['SID26FP00002', 10, 11, 20],
    ]);
  });
  it('a secondary carton: its packs in order', async () => {
    const s = await cartonContents(t.db, company, 'SID26FP00003');
    expect(s).toMatchObject({ type: 'SID', sid: 'SID26FP00003', productId: product, state: 'packed' });
    expect(s?.type === 'SID' && s.serials.map((p) => p.serialNo)).toEqual([21, 22, 23, 24, 25]);
  });
  it("another company's carton, or no carton, is nothing", async () => {
    expect(await cartonContents(t.db, other, 'TID26FP00001')).toBeNull();
    expect(await cartonContents(t.db, other, 'SID26FP00003')).toBeNull();
    expect(await cartonContents(t.db, company, 'SID26FP09999')).toBeNull();
  });
});

describe('what is at this site', () => {
  it('per product: tertiary cartons, loose secondary ones and packs; damaged and travelling stock left out', async () => {
    expect(await stockAtSite(t.db, company, siteA)).toEqual([
      { productId: product, tertiaryCartons: 1, looseSecondaryCartons: 1, packs: 25 },
    ]);
    expect(await stockAtSite(t.db, company, siteB)).toEqual([
      { productId: product2, tertiaryCartons: 0, looseSecondaryCartons: 1, packs: 4 },
    ]);
    expect(await stockAtSite(t.db, other, siteA)).toEqual([]);
  });
  it('follows a tertiary carton when it arrives', async () => {
    await t.db.update(tertiaryCartons).set({ locationSiteId: siteB }).where(eq(tertiaryCartons.tid, 'TID26FP00002'));
    expect(await stockAtSite(t.db, company, siteB)).toEqual(
      [
        { productId: product, tertiaryCartons: 1, looseSecondaryCartons: 0, packs: 10 },
        { productId: product2, tertiaryCartons: 0, looseSecondaryCartons: 1, packs: 4 },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(await whereIsCode(t.db, FP, 35)).toMatchObject({ siteId: siteB });
  });
});
