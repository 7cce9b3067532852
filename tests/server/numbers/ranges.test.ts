// The range store underneath every number rule: the range holding a number and the clash of a new
// range found at the edges, accepted stock counted across issues, packed numbers, and an event log
// that refuses to be rewritten.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Series } from '../../../src/shared/codes.js';
import { events, items, mappings, numberIssues } from '../../../src/server/db/schema.js';
import { logEvent } from '../../../src/server/domain/event-log.js';
import { acceptedCount, clash, firstTaken, rangeAt } from '../../../src/server/domain/ranges.js';
import { packItem } from '../../helpers/factories-damage.js';
import { insertCompany } from '../../helpers/factories.js';
import { insertProduct } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let company: number;
let other: number;
let base: (companyId: number) => {
  companyId: number;
  productId: number;
  batchNo: string;
  mfgDate: string;
  expDate: string;
};
const KA: Series = { kind: 'S', prefix: 'KA' };
const P: Series = { kind: 'P', prefix: '' };

beforeAll(async () => {
  company = (await insertCompany(t.db)).id;
  other = (await insertCompany(t.db)).id;
  const productId = (await insertProduct(t.db, company)).id;
  base = (companyId: number) => ({ companyId, productId, batchNo: 'B1', mfgDate: '2026-01-01', expDate: '2028-01-01' });
  await t.db.insert(mappings).values([
    { ...base(company), kind: 'S', prefix: 'KA', fromNo: 100, toNo: 199 },
    { ...base(company), kind: 'S', prefix: 'KA', fromNo: 300, toNo: 300 },
    { ...base(company), kind: 'S', prefix: 'NG', fromNo: 150, toNo: 400 },
    { ...base(company), kind: 'P', prefix: '', fromNo: 1000, toNo: 1999 },
  ]);
  // The demo seed issues 1–200000 to the demo company; this file lays out its own issues from 1.
  await t.db.delete(numberIssues);
  await t.db.insert(numberIssues).values([
    { companyId: company, fromNo: 1, toNo: 500, salesOrderNo: 'A', acceptedAt: new Date() },
    { companyId: company, fromNo: 501, toNo: 800, salesOrderNo: 'B', acceptedAt: new Date() },
    { companyId: company, fromNo: 801, toNo: 900, salesOrderNo: 'C' }, // not accepted
    { companyId: other, fromNo: 901, toNo: 1000, salesOrderNo: 'D', acceptedAt: new Date() },
  ]);
  await t.db.insert(items).values({ companyId: company, kind: 'S', prefix: 'KA', serialNo: 120, status: 'mapped' });
  await packItem(t.db, 'S', 'KA', 150, 'SID26KA00001');
});

describe('rangeAt', () => {
  it.each([
    [99, undefined],
    [100, 100],
    [150, 100],
    [199, 100],
    [200, undefined],
    [300, 300],
    [301, undefined],
  ])('KA %i is in the range from %s', async (n, from) => {
    expect((await rangeAt(t.db, mappings, KA, n))?.fromNo).toBe(from);
  });

  it('keeps series apart: the same number in another prefix or kind is another range', async () => {
    expect(await rangeAt(t.db, mappings, { kind: 'S', prefix: 'ng' }, 120)).toBeUndefined();
    expect((await rangeAt(t.db, mappings, { kind: 'S', prefix: 'ng' }, 200))?.fromNo).toBe(150);
    expect(await rangeAt(t.db, mappings, P, 150)).toBeUndefined();
    expect((await rangeAt(t.db, mappings, P, 1500))?.toNo).toBe(1999);
  });

  it("with a company, finds that company's range only: another company's range holding the number is none", async () => {
    const [row] = await t.db
      .insert(mappings)
      .values({ ...base(other), kind: 'P', prefix: '', fromNo: 2000, toNo: 2099 })
      .returning({ id: mappings.id });
    try {
      expect((await rangeAt(t.db, mappings, P, 2050, other))?.fromNo).toBe(2000);
      expect(await rangeAt(t.db, mappings, P, 2050, company)).toBeUndefined();
      expect((await rangeAt(t.db, mappings, P, 1500, company))?.toNo).toBe(1999);
      expect(await rangeAt(t.db, mappings, P, 1500, other)).toBeUndefined();
    } finally {
      await t.db.delete(mappings).where(eq(mappings.id, row!.id));
    }
  });
});

describe('clash', () => {
  it.each([
    [1, 99, undefined],
    [200, 299, undefined],
    [1, 100, 100],
    [199, 250, 100],
    [120, 130, 100],
    [50, 250, 100],
    [50, 350, 300],
    [300, 300, 300],
    [301, 1000, undefined],
  ])('KA %i–%i clashes with the range from %s', async (from, to, clashFrom) => {
    expect((await clash(t.db, mappings, KA, from, to))?.fromNo).toBe(clashFrom);
  });
});

describe('acceptedCount', () => {
  it.each([
    [1, 500, 500],
    [400, 600, 201],
    [1, 800, 800],
    [790, 810, 11],
    [801, 900, 0],
    [901, 950, 0],
    [5000, 6000, 0],
  ])('numbers %i–%i: %i in accepted stock', async (from, to, n) => {
    expect(await acceptedCount(t.db, company, from, to)).toBe(n);
  });
});

describe('firstTaken', () => {
  it("finds packed items only, in their own series, of the mapping's company", async () => {
    expect(await firstTaken(t.db, company, KA, 100, 199)).toEqual({ n: 150, state: 'in-sid' });
    expect(await firstTaken(t.db, company, KA, 100, 149)).toBeNull();
    expect(await firstTaken(t.db, company, { kind: 'S', prefix: 'NG' }, 100, 199)).toBeNull();
    expect(await firstTaken(t.db, other, KA, 100, 199)).toBeNull();
  });
});

describe('event log', () => {
  it('takes new events and refuses to change or remove them', async () => {
    await logEvent(t.db, {
      action: 'map',
      detail: { productId: 7, batchNo: 'B-LOG' },
      userId: 1,
      companyId: company,
      series: KA,
      fromNo: 5,
      toNo: 9,
      ref: 'x',
    });
    const [row] = await t.db
      .select()
      .from(events)
      .where(sql`${events.ref} = 'x'`);
    expect(row).toMatchObject({
      action: 'map',
      kind: 'S',
      prefix: 'KA',
      fromNo: 5,
      toNo: 9,
      ref: 'x',
      userId: 1,
      detail: { productId: 7, batchNo: 'B-LOG' },
    });
    await expect(t.db.execute(sql`update events set ref = 'y' where ref = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from events where ref = 'x'`)).rejects.toThrow();
    const [after] = await t.db
      .select()
      .from(events)
      .where(sql`${events.ref} = 'x'`);
    expect(after?.ref).toBe('x');
  });

  it("keeps a device's work with its outbox entry and the device's time beside the server's", async () => {
    const at = new Date('2026-11-20T09:15:00Z');
    await logEvent(t.db, {
      action: 'map',
      detail: { productId: 7, batchNo: 'B-DEV' },
      userId: 1,
      companyId: company,
      ref: 'dev',
      device: { entryId: 'entry-4f1c2a9e', at },
    });
    const [row] = await t.db
      .select()
      .from(events)
      .where(sql`${events.ref} = 'dev'`);
    expect(row).toMatchObject({ deviceBatch: 'entry-4f1c2a9e', deviceAt: at });
    expect(row!.at.getTime()).toBeGreaterThan(at.getTime());
  });

  it('refuses a detail that does not fit its action, and writes nothing', async () => {
    const bad = {
      action: 'damage',
      detail: { mappingId: 1, productId: 2, batchNo: 'B' },
      userId: 1,
      ref: 'bad',
    } as unknown as Parameters<typeof logEvent>[1];
    await expect(logEvent(t.db, bad)).rejects.toThrow();
    expect(
      await t.db
        .select()
        .from(events)
        .where(sql`${events.ref} = 'bad'`),
    ).toEqual([]);
  });
});
