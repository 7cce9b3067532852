// Product Damage (spec 2 sections 2, 3, 5, 7, 9; DESIGN section 4): the spec's messages, damage kept
// inside its mapping, overlaps and packed numbers refused, the list and its export, the refused
// delete, scoping, rights and events.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMAP_API } from '../../../src/shared/contracts/numbers/demap.js';
import { damages, events } from '../../../src/server/db/schema.js';
import { FORBIDDEN, INVALID_ARGUMENTS } from '../../../src/server/http/route.js';
import { DAMAGE_API, DAMAGE_MSG, type DamageRow } from '../../../src/shared/contracts/numbers/damage.js';
import { listBody } from '../../helpers/factories.js';
import {
  damageBody,
  damagesOf,
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

type Row = DamageRow;
const t = useApp();
let w: DamageWorld;
let m: MappingRow; // static 1001–1100 of the user's factory
const tokens: Record<string, string> = {};

beforeAll(async () => {
  w = await damageWorld(t.db, ['DM', 'DN', 'DO']);
  for (const k of ['user', 'sibling', 'stranger', 'noPages'] as const)
    tokens[k] = (await t.signIn(w[k].email, w[k].password)).token;
  tokens.admin = await t.token('admin');
  m = await map(1001, 1100);
});

function map(fromNo: number, toNo: number, kind: 'S' | 'P' = 'S') {
  return insertMapping(t.db, { companyId: w.company, productId: w.product, kind, prefix: w.prefix, fromNo, toNo });
}
const save = (body: unknown, who = 'user') => send(t, DAMAGE_API.create, body, tokens[who]);
async function refused(body: unknown, message: string, who = 'user') {
  const res = await save(body, who);
  expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
}
async function list(body: Record<string, unknown> = {}, who = 'user'): Promise<Row[]> {
  const res = await send(t, DAMAGE_API.list, listBody(body), tokens[who]);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as Row[];
}
const ranges = (rows: Row[]) => rows.map((r) => `${r.FromNo}-${r.ToNo}`);

describe('messages', () => {
  it.each([
    ['no mapping', { MappingId: 0 }, DAMAGE_MSG.selectProduct],
    ['From 0', { FromNo: 0 }, DAMAGE_MSG.fromPositive],
    ['no From', { FromNo: null }, DAMAGE_MSG.fromPositive],
    ['Qty 0', { Qty: 0, ToNo: null }, DAMAGE_MSG.qtyPositive],
    ['no reason', { Reason: undefined }, DAMAGE_MSG.reasonRequired],
    ['a blank reason', { Reason: '    ' }, DAMAGE_MSG.reasonRequired],
    ['a reason of 4 characters', { Reason: ' Torn ' }, DAMAGE_MSG.reasonLength],
    ['a reason of 201 characters', { Reason: 'x'.repeat(201) }, DAMAGE_MSG.reasonLength],
    ['a To that is not From + Qty - 1', { ToNo: 1020 }, DAMAGE_MSG.toMismatch(1005)],
  ])('%s', async (_, o, message) => {
    await refused(damageBody(m, 1001, 5, o), message);
  });

  it.each([
    ['From before the mapping', 1000, 5, DAMAGE_MSG.outside],
    ['From past the mapping', 1101, 1, DAMAGE_MSG.outside],
    ['Qty above the mapped quantity', 1001, 101, 'Qty can not greater than 100'],
    ['To past the mapped To', 1050, 60, 'To number should not be greater than.1100'],
  ])('%s', async (_, from, qty, message) => {
    await refused(damageBody(m, from, qty), message);
  });

  it('saved nothing', async () => {
    expect(await damagesOf(t.db, 'S', w.prefix)).toEqual([]);
  });
});

describe('saving', () => {
  it('voids a sub-range with its trimmed reason; the mapping stays whole', async () => {
    const res = await save(damageBody(m, 1081, 10, { Reason: '  Crushed in transit ' }));
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: DAMAGE_MSG.done('1081–1090'),
      ResponseData: null,
    });
    expect(await damagesOf(t.db, 'S', w.prefix)).toEqual([[1081, 1090, 'Crushed in transit']]);
    expect(await rangesOf(t.db, 'S', w.prefix, 1001, 1100)).toEqual([[1001, 1100]]);
  });

  it('takes reasons of 5 and of 200 characters, and the mapped To alone', async () => {
    expect((await save(damageBody(m, 1100, 1, { Reason: 'Wet.!' }))).body.ResponseMessage).toBe(
      DAMAGE_MSG.done('1100'),
    );
    expect((await save(damageBody(m, 1001, 2, { Reason: 'r'.repeat(200) }))).body.ResponseCode).toBe('200');
  });

  it('refuses an overlap with a damage, naming it', async () => {
    await refused(damageBody(m, 1071, 15), DAMAGE_MSG.overlap('1081–1085', 'Crushed in transit', '1081–1090'));
    await refused(damageBody(m, 1090, 1), DAMAGE_MSG.overlap('1090', 'Crushed in transit', '1081–1090'));
    expect((await save(damageBody(m, 1091, 5))).body.ResponseCode).toBe('200');
  });

  it('refuses packed numbers, naming the first', async () => {
    await packItem(t.db, 'S', w.prefix, 1060);
    await refused(damageBody(m, 1051, 20), DAMAGE_MSG.packed(1060, 'damaged'));
    expect((await damagesOf(t.db, 'S', w.prefix)).some(([f]) => f === 1051)).toBe(false);
  });

  it('writes a damage event', async () => {
    const [d] = await t.db.select().from(damages).where(eq(damages.fromNo, 1081));
    const log = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'damage'), eq(events.ref, String(d!.id))));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      userId: w.user.id,
      companyId: w.company,
      kind: 'S',
      prefix: w.prefix,
      fromNo: 1081,
      toNo: 1090,
      detail: { mappingId: m.id, productId: w.product, batchNo: m.batchNo, reason: 'Crushed in transit' },
    });
  });
});

describe('the Damaged Product list', () => {
  it('lists the newest first with the mapping, product, range, quantity and reason', async () => {
    const rows = await list({ SortColumn: undefined, SortOrder: undefined });
    expect(ranges(rows)).toEqual(['1091-1095', '1001-1002', '1100-1100', '1081-1090']);
    expect(rows[3]).toMatchObject({
      MappingId: m.id,
      ProductName: w.productName,
      FromNo: 1081,
      ToNo: 1090,
      Qty: 10,
      Reason: 'Crushed in transit',
      isPreprinted: false,
      TotalRows: 4,
    });
    expect(Number.isNaN(Date.parse(rows[3]!.CreatedDate))).toBe(false);
  });

  it('pages by 5, sorts, searches and exports every row with PageSize -1', async () => {
    expect(ranges(await list({ PageSize: 2, First: 3, SortColumn: 'FromNo', SortOrder: 'ASC' }))).toEqual([
      '1091-1095',
      '1100-1100',
    ]);
    expect(ranges(await list({ SearchValue: 'crushed' }))).toEqual(['1091-1095', '1081-1090']);
    const all = await list({ PageSize: -1, First: 1, SortColumn: 'CreatedDt', SortOrder: 'ASC', IsActive: true });
    expect(all.map((r) => [r.FromNo, r.ToNo, r.Qty, r.Reason.slice(0, 18)])).toEqual([
      [1081, 1090, 10, 'Crushed in transit'],
      [1100, 1100, 1, 'Wet.!'],
      [1001, 1002, 2, 'r'.repeat(18)],
      [1091, 1095, 5, 'Crushed in transit'],
    ]);
  });

  it('follows the mapping after a de-map split', async () => {
    expect((await send(t, DEMAP_API.create, demapBody(m, 1011, 10), tokens.admin)).body.ResponseCode).toBe('200');
    const [right] = (await rangesOf(t.db, 'S', w.prefix, 1021, 1100)).map(([f]) => f);
    expect(right).toBe(1021);
    const rows = await list({ SortColumn: 'FromNo', SortOrder: 'ASC' });
    expect(rows.map((r) => r.MappingId === m.id)).toEqual([true, false, false, false]);
  });

  it('shows the preprinted mode its own damages only', async () => {
    const p = await map(600_001, 600_050, 'P');
    expect((await save(damageBody(p, 600_011, 5), 'sibling')).body.ResponseCode).toBe('200');
    expect(ranges(await list({ isPreprinted: true }))).toEqual(['600011-600015']);
    expect(ranges(await list({ isPreprinted: true }, 'sibling'))).toEqual(['600011-600015']);
    expect(await list({}, 'sibling')).toEqual([]);
  });

  it('shows another company nothing, and the admin everything', async () => {
    expect(await list({}, 'stranger')).toEqual([]);
    expect(await list({ isPreprinted: true }, 'stranger')).toEqual([]);
    expect((await list({}, 'admin')).filter((r) => r.ProductName === w.productName)).toHaveLength(4);
  });
});

describe('scoping, rights and the delete call', () => {
  it("answers another company's or another factory's mapping as not found", async () => {
    await refused(damageBody(m, 1031, 5), DAMAGE_MSG.mappingNotFound, 'stranger');
    await refused(damageBody(m, 1031, 5), DAMAGE_MSG.mappingNotFound, 'sibling');
  });

  it('needs the Product Damage page (403)', async () => {
    for (const [endpoint, body] of [
      [DAMAGE_API.create, damageBody(m, 1031, 5)],
      [DAMAGE_API.list, listBody()],
    ] as const) {
      const res = await send(t, endpoint, body, tokens.noPages);
      expect([res.status, res.body.ResponseMessage]).toEqual([403, FORBIDDEN]);
    }
  });

  it('saves one of two overlapping damages sent at once (the series lock), and names it to the other', async () => {
    const c = await map(1201, 1300);
    const both = await Promise.all([
      save(damageBody(c, 1241, 5, { Reason: 'First one' })),
      save(damageBody(c, 1243, 5, { Reason: 'Second one' })),
    ]);
    expect(both.map((r) => r.body.ResponseCode).sort()).toEqual(['200', '400']);
    expect(both.find((r) => r.body.ResponseCode === '400')!.body.ResponseMessage).toMatch(
      /^Numbers 1243–1245 are already damaged/,
    );
    expect((await damagesOf(t.db, 'S', w.prefix)).filter(([f]) => f === 1241 || f === 1243)).toHaveLength(1);
  });

  it('refuses to delete a damage: it is for good', async () => {
    const [d] = await t.db.select().from(damages).where(eq(damages.fromNo, 1081));
    expect((await send(t, DAMAGE_API.remove, undefined, tokens.user, { id: d!.id })).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: DAMAGE_MSG.forGood,
      ResponseData: null,
    });
    expect((await send(t, DAMAGE_API.remove, undefined, tokens.stranger, { id: d!.id })).body.ResponseMessage).toBe(
      DAMAGE_MSG.notFound,
    );
    expect((await send(t, DAMAGE_API.remove, undefined, tokens.user, { id: 'x' })).body.ResponseMessage).toBe(
      INVALID_ARGUMENTS,
    );
    expect(await t.db.select().from(damages).where(eq(damages.id, d!.id))).toHaveLength(1);
  });
});
