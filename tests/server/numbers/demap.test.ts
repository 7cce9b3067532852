// De Mapping (spec 2 sections 2, 5, 7; DESIGN section 4): the spec's messages, the four cuts of a
// mapping, freed numbers mapped again, packed, damaged and paired numbers refused, scoping, rights, events.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { damages, events, mappings, staticPairs } from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { MAPPING_API } from '../../../src/shared/contracts/numbers/mapping.js';
import { DEMAP_API, DEMAP_MSG } from '../../../src/shared/contracts/numbers/demap.js';
import {
  damageWorld,
  demapBody,
  insertMapping,
  packItem,
  rangesOf,
  type DamageWorld,
  type MappingRow,
} from '../../helpers/factories-damage.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let w: DamageWorld;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  w = await damageWorld(t.db, ['DM', 'DN', 'DO']);
  for (const k of ['user', 'sibling', 'stranger', 'noPrefix', 'noPages'] as const) {
    tokens[k] = (await t.signIn(w[k].email, w[k].password)).token;
  }
  tokens.admin = await t.token('admin');
});

const demap = (body: unknown, who = 'user') => send(t, DEMAP_API.create, body, tokens[who]);
const map = (fromNo: number, toNo: number, kind: 'S' | 'P' = 'S') =>
  insertMapping(t.db, { companyId: w.company, productId: w.product, kind, prefix: w.prefix, fromNo, toNo });
const S = (from: number, to: number) => rangesOf(t.db, 'S', w.prefix, from, to);
async function refused(body: unknown, message: string, who = 'user') {
  const res = await demap(body, who);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
}

describe('messages', () => {
  let m: MappingRow;
  beforeAll(async () => {
    m = await map(1001, 1100);
  });

  it.each([
    ['From 0', { FromNo: 0 }, DEMAP_MSG.fromPositive],
    ['no From', { FromNo: '' }, DEMAP_MSG.fromPositive],
    ['From as letters', { FromNo: 'abc' }, 'Please enter only number.'],
    ['Qty 0', { Qty: 0, ToNo: null }, DEMAP_MSG.qtyPositive],
    ['no mapping', { MappingId: 0 }, DEMAP_MSG.selectProduct],
  ])('%s', async (_, o, message) => {
    await refused(demapBody(m, 1001, 5, o), message);
  });

  it.each([
    ['From at the mapped To (as the spec writes it)', 1100, 1, DEMAP_MSG.fromBeforeTo],
    ['From before the mapping', 1000, 5, DEMAP_MSG.outside],
    ['From past the mapping', 1101, 5, DEMAP_MSG.outside],
    ['Qty above the mapped quantity', 1001, 101, 'Qty can not greater than 100'],
    ['To past the mapped To', 1050, 60, DEMAP_MSG.toPast(1100)],
  ])('%s', async (_, from, qty, message) => {
    await refused(demapBody(m, from, qty), message);
  });

  it('refuses a To that is not From + Qty - 1, and another product', async () => {
    await refused(demapBody(m, 1001, 5, { ToNo: 1010 }), DEMAP_MSG.toMismatch(1005));
    await refused(demapBody(m, 1001, 5, { ProductId: w.otherProduct }), DEMAP_MSG.mappingNotFound);
  });

  it('left the mapping whole', async () => {
    expect(await S(1001, 1100)).toEqual([[1001, 1100]]);
  });
});

describe('cuts', () => {
  it('the whole mapping deletes its row', async () => {
    const m = await map(2001, 2010);
    const res = await demap(demapBody(m, 2001, 10));
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: DEMAP_MSG.done('2001–2010'), ResponseData: null });
    expect(await S(2001, 2010)).toEqual([]);
  });

  it('a start shrinks the row from the left', async () => {
    const m = await map(3001, 3100);
    expect((await demap(demapBody(m, 3001, 30))).body.ResponseCode).toBe('200');
    expect(await S(3001, 3100)).toEqual([[3031, 3100]]);
    const [row] = await t.db.select().from(mappings).where(eq(mappings.id, m.id));
    expect([row!.fromNo, row!.toNo, row!.batchNo]).toEqual([3031, 3100, m.batchNo]);
  });

  it('an end shrinks the row from the right, the last number included', async () => {
    const m = await map(4001, 4100);
    expect((await demap(demapBody(m, 4091, 10))).body.ResponseCode).toBe('200');
    expect(await S(4001, 4100)).toEqual([[4001, 4090]]);
  });

  it('a middle part splits the mapping in two with the same product, batch, dates and price', async () => {
    const m = await map(5001, 5100);
    expect((await demap(demapBody(m, 5041, 20))).body.ResponseMessage).toBe(DEMAP_MSG.done('5041–5060'));
    expect(await S(5001, 5100)).toEqual([
      [5001, 5040],
      [5061, 5100],
    ]);
    const rows = await t.db
      .select()
      .from(mappings)
      .where(and(eq(mappings.batchNo, m.batchNo)));
    const right = rows.find((r) => r.id !== m.id)!;
    const kept = ({ id: _i, fromNo: _f, toNo: _t, updatedAt: _u, ...rest }: MappingRow) => rest;
    expect(kept(right)).toEqual(kept(m));
    expect([right.fromNo, right.toNo]).toEqual([5061, 5100]);
  });

  it('a one-number de-map works anywhere but at the mapped To', async () => {
    const m = await map(6001, 6010);
    expect((await demap(demapBody(m, 6005, 1))).body.ResponseMessage).toBe(DEMAP_MSG.done('6005'));
    expect(await S(6001, 6010)).toEqual([
      [6001, 6004],
      [6006, 6010],
    ]);
  });

  it('frees the numbers: Mapping/CreateMapping maps them again, and not the numbers still mapped', async () => {
    const m = await map(7001, 7100);
    expect((await demap(demapBody(m, 7041, 20))).body.ResponseCode).toBe('200');
    const mapAgain = (FromNo: number, ToNo: number) =>
      send(
        t,
        MAPPING_API.save,
        {
          MappingId: 0,
          ProductId: w.product,
          FromNo,
          ToNo,
          Qty: ToNo - FromNo + 1,
          MFGDate: '2026-02-01',
          EXPDate: '2027-02-01',
          BatchNo: 'AGAIN',
          Mrp: '',
          Remark: '',
          isPreprinted: false,
        },
        tokens.user,
      );
    expect((await mapAgain(7041, 7060)).body.ResponseCode).toBe('200');
    const twice = await mapAgain(7031, 7040);
    expect(twice.body.ResponseCode).toBe('400');
    expect(twice.body.ResponseMessage).toContain('Numbers 7031–7040 are already mapped');
    expect(await S(7001, 7100)).toEqual([
      [7001, 7040],
      [7041, 7060],
      [7061, 7100],
    ]);
  });
});

describe('packed and damaged numbers', () => {
  it('refuses packed numbers, naming the first', async () => {
    const m = await map(8001, 8100);
    await packItem(t.db, 'S', w.prefix, 8050);
    await packItem(t.db, 'S', w.prefix, 8070);
    await refused(demapBody(m, 8041, 60), DEMAP_MSG.packed(8050, 'de-mapped'));
    expect(await S(8001, 8100)).toEqual([[8001, 8100]]);
    // The numbers before the first packed one are still free to de-map.
    expect((await demap(demapBody(m, 8001, 49))).body.ResponseCode).toBe('200');
  });

  it('refuses damaged numbers, naming the damaged range', async () => {
    const m = await map(9001, 9100);
    await t.db.insert(damages).values({
      kind: 'S',
      prefix: w.prefix,
      fromNo: 9021,
      toNo: 9030,
      companyId: w.company,
      productId: w.product,
      reason: 'Torn labels',
    });
    await refused(demapBody(m, 9001, 25), DEMAP_MSG.damaged('9021–9030', 'Torn labels'));
    await refused(demapBody(m, 9001, 100), DEMAP_MSG.damaged('9021–9030', 'Torn labels'));
    expect((await demap(demapBody(m, 9031, 20))).body.ResponseCode).toBe('200');
    expect(await S(9001, 9100)).toEqual([
      [9001, 9030],
      [9051, 9100],
    ]);
  });

  it('refuses static codes paired with a preprinted code, naming the pair', async () => {
    const m = await map(9501, 9600);
    await t.db
      .insert(staticPairs)
      .values({ companyId: w.company, prefix: w.prefix, staticNo: 9560, preprintedNo: 77_001 });
    await refused(demapBody(m, 9541, 30), DEMAP_MSG.paired(`${w.prefix}9560`, 77_001));
    expect(await S(9501, 9600)).toEqual([[9501, 9600]]);
    expect((await demap(demapBody(m, 9561, 40))).body.ResponseCode).toBe('200');
  });
});

describe('scoping and rights', () => {
  let m: MappingRow;
  beforeAll(async () => {
    m = await map(10_001, 10_100);
  });

  it("answers another company's or another factory's mapping as not found", async () => {
    await refused(demapBody(m, 10_001, 5), DEMAP_MSG.mappingNotFound, 'stranger');
    await refused(demapBody(m, 10_001, 5), DEMAP_MSG.mappingNotFound, 'sibling');
    await refused(demapBody(m, 10_001, 5, { isPreprinted: true }), DEMAP_MSG.mappingNotFound);
    await refused(demapBody(m, 10_001, 5), DEMAP_MSG.needsPrefix, 'noPrefix');
    expect(await S(10_001, 10_100)).toEqual([[10_001, 10_100]]);
  });

  it('lets the company de-map preprinted numbers from any of its sites, not another company', async () => {
    const p = await insertMapping(t.db, {
      companyId: w.company,
      productId: w.product,
      kind: 'P',
      fromNo: 500_001,
      toNo: 500_100,
    });
    await refused(demapBody(p, 500_001, 5), DEMAP_MSG.mappingNotFound, 'stranger');
    await refused(demapBody(p, 500_001, 5, { isPreprinted: false }), DEMAP_MSG.mappingNotFound, 'sibling');
    expect((await demap(demapBody(p, 500_001, 5), 'sibling')).body.ResponseCode).toBe('200');
    expect(await rangesOf(t.db, 'P', '', 500_001, 500_100)).toEqual([[500_006, 500_100]]);
  });

  it('needs the De Mapping page (403), and a sign-in (401)', async () => {
    const res = await demap(demapBody(m, 10_001, 5), 'noPages');
    expect([res.status, res.body.ResponseMessage]).toEqual([403, FORBIDDEN]);
    expect((await send(t, DEMAP_API.create, demapBody(m, 10_001, 5))).status).toBe(401);
  });

  it('lets the admin de-map any mapping', async () => {
    expect((await demap(demapBody(m, 10_001, 5), 'admin')).body.ResponseCode).toBe('200');
    expect(await S(10_001, 10_100)).toEqual([[10_006, 10_100]]);
  });
});

describe('event log', () => {
  it('writes one demap event per cut with the mapping, product, batch and range', async () => {
    const m = await map(11_001, 11_100);
    expect((await demap(demapBody(m, 11_041, 20))).body.ResponseCode).toBe('200');
    const log = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'demap'), eq(events.ref, String(m.id))));
    expect(log).toHaveLength(1);
    const [right] = await t.db.select({ id: mappings.id }).from(mappings).where(eq(mappings.fromNo, 11_061));
    expect(log[0]).toMatchObject({
      userId: w.user.id,
      companyId: w.company,
      kind: 'S',
      prefix: w.prefix,
      fromNo: 11_041,
      toNo: 11_060,
      detail: { mappingId: m.id, productId: w.product, batchNo: m.batchNo, split: 'middle', rightMappingId: right!.id },
    });
  });

  it('writes nothing for a refusal', async () => {
    const m = await map(12_001, 12_100);
    await refused(demapBody(m, 12_100, 1), DEMAP_MSG.fromBeforeTo);
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.action, 'demap'), eq(events.ref, String(m.id)))),
    ).toEqual([]);
  });
});
