// The floor's device caches (issue 11): the company's ranges and nothing of another company's, packed
// items as runs, pages that resume where the last one ended, damaged and de-mapped parts as the
// screens leave them, the open cartons of the caller's site, and access only with a floor page.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  idCounters,
  mappings,
  replacements,
  secondaryCartons,
  sites,
  staticPairs,
  tertiaryCartons,
} from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import {
  FLOOR_CACHE_API,
  FLOOR_CACHE_MSG,
  type CachePage,
  type CachePageRequest,
  type PagedPart,
} from '../../../src/shared/contracts/floor/cache.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertUser } from '../../helpers/factories.js';
import {
  damageBody,
  damageWorld,
  demapBody,
  insertMapping,
  packItem,
  type DamageWorld,
  type MappingRow,
} from '../../helpers/factories-damage.js';
import { useApp } from '../../helpers/use-app.js';
import { DEMAP_API } from '../../../src/shared/contracts/numbers/demap.js';
import { DAMAGE_API } from '../../../src/shared/contracts/numbers/damage.js';

const t = useApp();
let w: DamageWorld;
let siteId: number;
let m1: MappingRow; // S CA 1–100
let m2: MappingRow; // S CA 201–300, an older batch
let m3: MappingRow; // S CA 401–450: de-mapped 405–406, damaged 420–422
let mp: MappingRow; // P 7001–8000
const tokens: Record<string, string> = {};

beforeAll(async () => {
  w = await damageWorld(t.db, ['CA', 'CB', 'CC']);
  const siteOf = async (prefix: string) => (await t.db.select().from(sites).where(eq(sites.prefix, prefix)))[0]!.id;
  siteId = await siteOf('CA');
  const floor = await insertUser(t.db, { companyId: w.company, siteId, pages: [PAGE.secondaryPacking.key] });
  const dispatcher = await insertUser(t.db, {
    companyId: w.company,
    siteId: await siteOf('CB'),
    pages: [PAGE.dispatch.key],
  });
  const stranger = await insertUser(t.db, {
    companyId: w.other,
    siteId: await siteOf('CC'),
    pages: [PAGE.replace.key],
  });
  for (const [k, u] of Object.entries({ floor, dispatcher, stranger, noPages: w.noPages, user: w.user }))
    tokens[k] = (await t.signIn(u.email, u.password)).token;
  tokens.admin = await t.token('admin');

  const map = (fromNo: number, toNo: number, kind: 'P' | 'S' = 'S', batchNo?: string) =>
    insertMapping(t.db, { companyId: w.company, productId: w.product, kind, prefix: 'CA', fromNo, toNo, batchNo });
  m1 = await map(1, 100, 'S', 'NEW');
  m2 = await map(201, 300, 'S', 'OLD');
  await t.db.update(mappings).set({ mfgDate: '2025-06-01', expDate: '2027-06-01' }).where(eq(mappings.id, m2.id));
  m3 = await map(401, 450);
  mp = await map(7001, 8000, 'P');
  await insertMapping(t.db, {
    companyId: w.other,
    productId: w.otherProduct,
    kind: 'S',
    prefix: 'CC',
    fromNo: 1,
    toNo: 50,
  });
  await insertMapping(t.db, { companyId: w.other, productId: w.otherProduct, kind: 'P', fromNo: 9001, toNo: 9100 });

  // Through the screens' own calls: de-map 405–406, damage 420–422.
  expect((await t.send(DEMAP_API.create, demapBody(m3, 405, 2), tokens.user)).body.ResponseCode).toBe('200');
  const [cut] = await t.db
    .select()
    .from(mappings)
    .where(sql`${mappings.prefix} = 'CA' and ${mappings.fromNo} = 407`);
  const damaged = await t.send(DAMAGE_API.create, damageBody(cut!, 420, 3), tokens.user);
  expect(damaged.body.ResponseCode, damaged.body.ResponseMessage).toBe('200');

  // Packed: 1–5, 7, 9–10 in SID 1; 11–12 in SID 2 (in a tertiary carton); 50 and 250 in SID 3.
  for (const n of [1, 2, 3, 4, 5, 7, 9, 10]) await packItem(t.db, 'S', 'CA', n, 'SID26CA00001');
  for (const n of [11, 12]) await packItem(t.db, 'S', 'CA', n, 'SID26CA00002');
  for (const n of [50, 250]) await packItem(t.db, 'S', 'CA', n, 'SID26CA00003');
  await packItem(t.db, 'S', 'CC', 3, 'SID26CC00001');
  await t.db
    .update(secondaryCartons)
    .set({ siteId, locationSiteId: siteId })
    .where(sql`${secondaryCartons.sid} like 'SID26CA%'`);
  const [sid2] = await t.db.select().from(secondaryCartons).where(eq(secondaryCartons.sid, 'SID26CA00002'));
  await t.db.insert(tertiaryCartons).values({ ...sid2!, tid: 'TID26CA00001', qty: 1 });
  await t.db.update(secondaryCartons).set({ tid: 'TID26CA00001' }).where(eq(secondaryCartons.sid, 'SID26CA00002'));

  // Static 201–203 paired with preprinted 7001–7003, 205 with 7010.
  await t.db.insert(staticPairs).values(
    [
      [201, 7001],
      [202, 7002],
      [203, 7003],
      [205, 7010],
    ].map(([s, p]) => ({
      companyId: w.company,
      prefix: 'CA',
      staticNo: s!,
      preprintedNo: p!,
    })),
  );
  await t.db.insert(idCounters).values([
    { companyId: w.company, prefix: 'CA', type: 'SID', last: 42 },
    { companyId: w.company, prefix: 'CA', type: 'TID', last: 7 },
  ]);

  // Retired by Replace: CA 30 (by CA 31), preprinted 7500 (by CA 99), CA 421 inside the damaged range
  // (left to the range), and another company's CC 5.
  const retired = (companyId: number, old: [string, string, number], now: [string, string, number]) => ({
    companyId,
    oldKind: old[0],
    oldPrefix: old[1],
    oldSerial: old[2],
    newKind: now[0],
    newPrefix: now[1],
    newSerial: now[2],
    createdBy: floor.id,
  });
  await t.db
    .insert(replacements)
    .values([
      retired(w.company, ['S', 'CA', 30], ['S', 'CA', 31]),
      retired(w.company, ['P', '', 7500], ['S', 'CA', 99]),
      retired(w.company, ['S', 'CA', 421], ['S', 'CA', 98]),
      retired(w.other, ['S', 'CC', 5], ['S', 'CC', 6]),
    ]);
});

async function data<K extends keyof typeof FLOOR_CACHE_API>(part: K, body?: CachePageRequest, who = 'floor') {
  const e = FLOOR_CACHE_API[part];
  const res = e.method === 'GET' ? await t.get(e.path, tokens[who]) : await t.post(e.path, body ?? {}, tokens[who]);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return e.data.parse(res.body.ResponseData) as import('zod').infer<(typeof FLOOR_CACHE_API)[K]['data']>;
}

type AnySeries = { Kind: string; Prefix: string; FromNo: number[]; ToNo: number[] } & Partial<
  Record<'SID' | 'Reason' | 'PreprintedNo' | 'BatchNo' | 'By', unknown[]>
>;

/** Every page of a part, walked with Next, as 'Kind Prefix From-To extra' lines. */
async function walk(part: PagedPart, PageSize: number, who = 'floor'): Promise<{ lines: string[]; pages: number }> {
  const lines: string[] = [];
  let After: CachePageRequest['After'] = null;
  let pages = 0;
  do {
    const page = (await data(part, { After, PageSize }, who)) as CachePage<AnySeries>;
    pages++;
    if (part !== 'packed') expect(page.Count).toBeLessThanOrEqual(PageSize); // packed pages count cartons
    for (const s of page.Series) {
      s.FromNo.forEach((f, i) => {
        const extra = (s.SID ?? s.Reason ?? s.PreprintedNo ?? s.BatchNo)![i];
        const by = s.By?.[i] ? `retired, by ${String(s.By[i])}` : '';
        lines.push(`${s.Kind}${s.Prefix} ${f}-${s.ToNo[i]} ${extra}${by}`);
      });
    }
    After = page.Next;
  } while (After);
  return { lines, pages };
}

describe('ranges of the company', () => {
  it("mappings as ranges, de-mapped numbers outside every one, another company's never", async () => {
    const { lines } = await walk('mappings', 20_000);
    expect(lines).toEqual([
      `P 7001-8000 ${mp.batchNo}`,
      'SCA 1-100 NEW',
      'SCA 201-300 OLD',
      `SCA 401-404 ${m3.batchNo}`,
      `SCA 407-450 ${m3.batchNo}`,
    ]);
  });
  it('a mapping carries its product, batch and dates', async () => {
    const page = await data('mappings', { PageSize: 2 });
    expect(page.Series[1]).toEqual({
      Kind: 'S',
      Prefix: 'CA',
      FromNo: [1],
      ToNo: [100],
      MappingId: [m1.id],
      ProductId: [w.product],
      BatchNo: ['NEW'],
      MFGDate: ['2026-01-10'],
      EXPDate: ['2028-01-10'],
    });
    expect(page.Next).toEqual({ Kind: 'S', Prefix: 'CA', FromNo: 100 });
  });
  it('damaged sub-ranges with their reason, and the codes Replace retired with the code that took their place', async () => {
    expect((await walk('damages', 100)).lines).toEqual([
      'P 7500-7500 retired, by CA99',
      'SCA 30-30 retired, by CA31',
      'SCA 420-422 Crushed in transit',
    ]);
    expect((await walk('damages', 100, 'stranger')).lines).toEqual(['SCC 5-5 retired, by CC6']);
  });
  it("packed items as runs of consecutive serials in one SID, another company's never", async () => {
    expect((await walk('packed', 20_000)).lines).toEqual([
      'SCA 1-5 SID26CA00001',
      'SCA 7-7 SID26CA00001',
      'SCA 9-10 SID26CA00001',
      'SCA 11-12 SID26CA00002',
      'SCA 50-50 SID26CA00003',
      'SCA 250-250 SID26CA00003',
    ]);
  });
  it('static pairs as runs in step', async () => {
    expect((await walk('pairs', 20_000)).lines).toEqual(['SCA 201-203 7001', 'SCA 205-205 7010']);
  });
  it('another company sees only its own', async () => {
    expect((await walk('mappings', 100, 'stranger')).lines).toEqual([
      expect.stringMatching(/^P 9001-9100 /),
      expect.stringMatching(/^SCC 1-50 /),
    ]);
    expect((await walk('packed', 100, 'stranger')).lines).toEqual(['SCC 3-3 SID26CC00001']);
    expect((await walk('pairs', 100, 'stranger')).lines).toEqual([]);
  });
});

describe('pages resume', () => {
  it.each([1, 2, 3])('page size %i gives the same ranges as one page', async (size) => {
    for (const part of ['mappings', 'damages', 'packed', 'pairs'] as const) {
      const whole = await walk(part, 20_000);
      const paged = await walk(part, size);
      expect(paged.lines, part).toEqual(whole.lines);
      if (part !== 'packed') expect(paged.pages).toBeGreaterThanOrEqual(Math.ceil(whole.lines.length / size));
    }
  });
  it('a page asked again after a dropped connection gives the same rows', async () => {
    const first = await data('packed', { PageSize: 1 });
    expect(first.Next).toEqual({ SID: 'SID26CA00001' });
    expect(first.Series[0]!.FromNo).toEqual([1, 7, 9]);
    const again = await data('packed', { After: first.Next, PageSize: 1 });
    expect(await data('packed', { After: first.Next, PageSize: 1 })).toMatchObject({
      Series: again.Series,
      Next: again.Next,
    });
    expect(again.Series[0]!.FromNo).toEqual([11]);
  });
  it('a packed carton marked damaged shows in its runs', async () => {
    await t.db.update(secondaryCartons).set({ state: 'damaged' }).where(eq(secondaryCartons.sid, 'SID26CA00003'));
    const page = await data('packed', {});
    expect(page.Series[0]!.CartonState).toEqual(['packed', 'packed', 'packed', 'packed', 'damaged', 'damaged']);
    await t.db.update(secondaryCartons).set({ state: 'packed' }).where(eq(secondaryCartons.sid, 'SID26CA00003'));
  });
  it('a bad cursor or page size is refused with its message', async () => {
    const res = await t.post(FLOOR_CACHE_API.packed.path, { PageSize: 0 }, tokens.floor);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: FLOOR_CACHE_MSG.pageSize, ResponseData: null });
    const bad = await t.post(
      FLOOR_CACHE_API.mappings.path,
      { After: { Kind: 'X', Prefix: 'CA', FromNo: 1 } },
      tokens.floor,
    );
    expect(bad.body).toEqual({ ResponseCode: '400', ResponseMessage: FLOOR_CACHE_MSG.after, ResponseData: null });
    const badSid = await t.post(FLOOR_CACHE_API.packed.path, { After: { SID: 'SID 1' } }, tokens.floor);
    expect(badSid.body).toEqual({ ResponseCode: '400', ResponseMessage: FLOOR_CACHE_MSG.after, ResponseData: null });
  });
});

describe('masters and open cartons', () => {
  it("products, carton sizes and sites of the company, the caller's site and its last slip numbers", async () => {
    const m = await data('masters');
    expect(m.Products.map((p) => p.ProductId)).toEqual([w.product]);
    expect(m.Products[0]).toMatchObject({ ProductName: w.productName, IsActive: true });
    expect(m.Sites.map((s) => s.Prefix).sort()).toEqual(['CA', 'CB']);
    expect(m.MySite).toMatchObject({ SiteId: siteId, Prefix: 'CA' });
    expect(m.SlipLast).toEqual({ SID: 42, TID: 7, DID: 0 });
    expect(m.CartonSizes.length).toBeGreaterThan(0);
    expect(Date.parse(m.AsOf)).toBeGreaterThan(Date.now() - 60_000);
  });
  it('loose secondary cartons at my site with their earliest batch and dates, tertiary cartons at it', async () => {
    const open = await data('open');
    const batch = (BatchNo: string, EXPDate: string) => ({ ProductId: w.product, BatchNo, EXPDate });
    expect(open.Secondary).toEqual([
      {
        SID: 'SID26CA00001',
        ProductId: w.product,
        Qty: 1,
        CartonSizeId: expect.any(Number),
        BatchNo: 'NEW',
        MFGDate: '2026-01-10',
        EXPDate: '2028-01-10',
        Batches: [batch('NEW', '2028-01-10')],
      },
      {
        SID: 'SID26CA00003',
        ProductId: w.product,
        Qty: 1,
        CartonSizeId: expect.any(Number),
        BatchNo: 'OLD',
        MFGDate: '2025-06-01',
        EXPDate: '2027-06-01',
        Batches: [batch('NEW', '2028-01-10'), batch('OLD', '2027-06-01')],
      },
    ]);
    expect(open.Tertiary).toEqual([
      {
        TID: 'TID26CA00001',
        ProductId: w.product,
        Qty: 1,
        Packs: 1,
        State: 'packed',
        BatchNo: '',
        MFGDate: '',
        EXPDate: '',
        Batches: [batch('NEW', '2028-01-10')],
        SIDs: ['SID26CA00002'],
      },
    ]);
    expect(open.Damaged).toEqual([]);
  });
  it("a carton's batches are its packs' mappings, distinct, each with its earliest expiry; a damaged SID here is listed apart", async () => {
    // CA 60 joins SID 1 with a batch of its own (a mapping of 60 alone); CA 61 and 62 of it too.
    await t.db.update(mappings).set({ toNo: 59 }).where(eq(mappings.id, m1.id));
    const { id: _id, ...rest } = m1;
    const [m60] = await t.db
      .insert(mappings)
      .values({ ...rest, fromNo: 60, toNo: 62, batchNo: 'SOLO', expDate: '2026-12-01' })
      .returning();
    for (const n of [60, 62]) await packItem(t.db, 'S', 'CA', n, 'SID26CA00001');
    await t.db.insert(secondaryCartons).values({
      ...(await t.db.select().from(secondaryCartons).where(eq(secondaryCartons.sid, 'SID26CA00003')))[0]!,
      sid: 'SID26CA00009',
      state: 'damaged',
    });
    try {
      const open = await data('open');
      expect(open.Secondary.find((s) => s.SID === 'SID26CA00001')?.Batches).toEqual([
        { ProductId: w.product, BatchNo: 'NEW', EXPDate: '2028-01-10' },
        { ProductId: w.product, BatchNo: 'SOLO', EXPDate: '2026-12-01' },
      ]);
      expect(open.Damaged).toEqual(['SID26CA00009']);
      expect(open.Secondary.map((s) => s.SID)).not.toContain('SID26CA00009');
    } finally {
      await t.db.execute(sql`delete from items where prefix = 'CA' and serial_no in (60, 62)`);
      await t.db.delete(secondaryCartons).where(eq(secondaryCartons.sid, 'SID26CA00009'));
      await t.db.delete(mappings).where(eq(mappings.id, m60!.id));
      await t.db.update(mappings).set({ toNo: 100 }).where(eq(mappings.id, m1.id));
    }
  });
  it("the batch and dates packing stored on a carton win over its items'", async () => {
    await t.db
      .update(secondaryCartons)
      .set({ batchNo: 'KEPT', mfgDate: '2024-02-02', expDate: '2026-02-02' })
      .where(eq(secondaryCartons.sid, 'SID26CA00001'));
    await t.db
      .update(tertiaryCartons)
      .set({ batchNo: 'T1', mfgDate: '2024-03-03', expDate: '2026-03-03' })
      .where(eq(tertiaryCartons.tid, 'TID26CA00001'));
    const open = await data('open');
    expect(open.Secondary[0]).toMatchObject({
      SID: 'SID26CA00001',
      BatchNo: 'KEPT',
      MFGDate: '2024-02-02',
      EXPDate: '2026-02-02',
    });
    expect(open.Secondary[1]).toMatchObject({ SID: 'SID26CA00003', BatchNo: 'OLD' });
    expect(open.Tertiary[0]).toMatchObject({ BatchNo: 'T1', MFGDate: '2024-03-03', EXPDate: '2026-03-03' });
  });
  it('another site of the company has none of my open cartons', async () => {
    expect(await data('open', undefined, 'dispatcher')).toMatchObject({ Secondary: [], Tertiary: [] });
    expect((await data('masters', undefined, 'dispatcher')).SlipLast).toEqual({ SID: 0, TID: 0, DID: 0 });
  });
});

describe('access', () => {
  it.each(Object.keys(FLOOR_CACHE_API) as Array<keyof typeof FLOOR_CACHE_API>)(
    '%s: 403 without a floor page, 401 signed out, 400 for an admin without a company',
    async (part) => {
      const e = FLOOR_CACHE_API[part];
      const ask = (token?: string) => (e.method === 'GET' ? t.get(e.path, token) : t.post(e.path, {}, token));
      expect((await ask(tokens.noPages)).status).toBe(403);
      expect((await ask(tokens.noPages)).body.ResponseMessage).toBe(FORBIDDEN);
      expect((await ask()).status).toBe(401);
      expect((await ask(tokens.admin)).body).toEqual({
        ResponseCode: '400',
        ResponseMessage: FLOOR_CACHE_MSG.noCompany,
        ResponseData: null,
      });
    },
  );
});
