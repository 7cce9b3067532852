// Product/GetIds and Product/UpdateIds (spec 2 section 7, DESIGN section 4): the last numbers per
// prefix and type, reservations that move them, a slip id never handed out twice (also under
// concurrent calls), prefix scoping, bad arguments, page rights and the event log.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, idCounters } from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { makeSlipId } from '../../../src/shared/codes.js';
import {
  SLIP_API,
  SLIP_BLOCK_LIMIT,
  SLIP_MSG,
  type LastIds,
  type ReservedIds,
} from '../../../src/shared/contracts/numbers/slip-ids.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertSiteUser, type SiteUser } from '../../helpers/factories-slip-ids.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let admin: string;
let a: SiteUser; // a factory with its own prefix
let b: SiteUser; // another factory
const YY = new Date().getFullYear() % 100;
const sid = (prefix: string, n: number) => makeSlipId('SID', YY, prefix, n);

beforeAll(async () => {
  admin = await t.token('admin');
  a = await insertSiteUser(t, nextPrefix());
  b = await insertSiteUser(t, nextPrefix());
});

const getIds = (prefix: string, token = a.token) => send(t, SLIP_API.lastIds, undefined, token, { prefix });
const update = (args: string, token = a.token) => send(t, SLIP_API.reserve, undefined, token, { args });
async function reserve(prefix: string, type: string, to: number, token = a.token): Promise<ReservedIds> {
  const res = await update(`${prefix},${type},${to}`, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as ReservedIds;
}

describe('GetIds', () => {
  it("answers '0VAL0' for a prefix that has printed nothing yet, with the last numbers per type", async () => {
    const res = await getIds(a.prefix);
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: '0VAL0',
      ResponseData: { Prefix: a.prefix, SID: 0, TID: 0, DID: 0 },
    });
  });

  it('reads the prefix in any case', async () => {
    expect((await getIds(a.prefix.toLowerCase())).body.ResponseMessage).toBe('0VAL0');
  });
});

describe('UpdateIds', () => {
  it('reserves last+1..to and moves the counter; GetIds then shows the new last numbers', async () => {
    const r = await update(`${a.prefix},SID,32`);
    expect(r.body.ResponseCode).toBe('200');
    expect(r.body.ResponseMessage).toBe(SLIP_MSG.reserved(sid(a.prefix, 1), sid(a.prefix, 32)));
    expect(r.body.ResponseData).toEqual({
      Type: 'SID',
      Prefix: a.prefix,
      FromNo: 1,
      ToNo: 32,
      Year: YY,
      FirstId: sid(a.prefix, 1),
      LastId: sid(a.prefix, 32),
    });
    const next = await reserve(a.prefix, 'SID', 40);
    expect([next.FromNo, next.ToNo, next.FirstId]).toEqual([33, 40, sid(a.prefix, 33)]);
    expect((await getIds(a.prefix)).body.ResponseMessage).toBe('40VAL0');
  });

  it('refuses a second use of a slip id (to at or below the last) and leaves the counter alone', async () => {
    for (const to of [40, 12]) {
      const res = await update(`${a.prefix},SID,${to}`);
      expect(res.body).toEqual({
        ResponseCode: '400',
        ResponseMessage: SLIP_MSG.alreadyPrinted(sid(a.prefix, 40)),
        ResponseData: null,
      });
    }
    expect((await getIds(a.prefix)).body.ResponseMessage).toBe('40VAL0');
  });

  it('keeps TID and DID counters apart from SID; 1 and 2 name SID and TID', async () => {
    const tid = await reserve(a.prefix, 'TID', 3);
    expect([tid.Type, tid.FromNo, tid.ToNo, tid.FirstId]).toEqual(['TID', 1, 3, makeSlipId('TID', YY, a.prefix, 1)]);
    expect((await reserve(a.prefix, 'did', 2)).LastId).toBe(makeSlipId('DID', YY, a.prefix, 2));
    expect((await reserve(a.prefix, '1', 41)).FirstId).toBe(sid(a.prefix, 41));
    expect((await reserve(a.prefix, '2', 5)).FirstId).toBe(makeSlipId('TID', YY, a.prefix, 4));
    const ids = (await getIds(a.prefix)).body;
    expect(ids.ResponseMessage).toBe('41VAL5');
    expect(ids.ResponseData).toEqual({ Prefix: a.prefix, SID: 41, TID: 5, DID: 2 });
  });

  it(`refuses more than ${SLIP_BLOCK_LIMIT} ids at once`, async () => {
    const res = await update(`${a.prefix},SID,${41 + SLIP_BLOCK_LIMIT + 1}`);
    expect(res.body.ResponseMessage).toBe(SLIP_MSG.tooMany(SLIP_BLOCK_LIMIT + 1));
    expect((await reserve(a.prefix, 'SID', 41 + SLIP_BLOCK_LIMIT)).ToNo).toBe(41 + SLIP_BLOCK_LIMIT);
  });

  it('hands out disjoint blocks to five devices asking at once with overlapping targets', async () => {
    const p = b.prefix;
    const targets = [10, 20, 15, 30, 25];
    const answers = await Promise.all(targets.map((to) => update(`${p},SID,${to}`, b.token)));
    const got = answers.filter((x) => x.body.ResponseCode === '200').map((x) => x.body.ResponseData as ReservedIds);
    for (const x of answers.filter((y) => y.body.ResponseCode !== '200')) {
      expect(x.body.ResponseMessage).toMatch(/^Slip ids up to SID\d{2}[A-Z0-9]{2}\d{5} are already printed\.$/);
    }
    const taken = got
      .flatMap((g) => Array.from({ length: g.ToNo - g.FromNo + 1 }, (_, i) => g.FromNo + i))
      .sort((x, y) => x - y);
    expect(new Set(taken).size).toBe(taken.length); // no number twice
    expect(taken[0]).toBe(1);
    // The highest target always wins its turn; each block starts right after the last, so 1..30 with no gap.
    expect(taken).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect((await getIds(p, b.token)).body.ResponseMessage).toBe('30VAL0');
  });
});

describe('arguments', () => {
  it.each([
    ['a non-numeric to', (p: string) => `${p},SID,ten`],
    ['to 0', (p: string) => `${p},SID,0`],
    ['a negative to', (p: string) => `${p},SID,-5`],
    ['an unknown type', (p: string) => `${p},XID,50`],
    ['no type', (p: string) => `${p},,50`],
    ['two parts', (p: string) => `${p},SID`],
    ['four parts', (p: string) => `${p},SID,50,1`],
    ['a malformed prefix', () => 'K-,SID,50'],
  ])("answers 'Invalid Arguments' for %s", async (_, args) => {
    const res = await update(args(a.prefix));
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: SLIP_MSG.invalid, ResponseData: null });
  });

  it('refuses a number past the largest slip number', async () => {
    expect((await update(`${a.prefix},SID,100000000`)).body.ResponseMessage).toBe(SLIP_MSG.pastMax);
  });

  it('names an unknown prefix (admin)', async () => {
    expect((await getIds('Z9', admin)).body.ResponseMessage).toBe(SLIP_MSG.unknownPrefix('Z9'));
    expect((await update('Z9,SID,5', admin)).body.ResponseMessage).toBe(SLIP_MSG.unknownPrefix('Z9'));
  });
});

describe('scoping and rights', () => {
  it("refuses another factory's prefix to a factory user, for reading and reserving", async () => {
    expect((await getIds(b.prefix)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: SLIP_MSG.otherPrefix(a.prefix),
      ResponseData: null,
    });
    expect((await update(`${b.prefix},SID,99`)).body.ResponseMessage).toBe(SLIP_MSG.otherPrefix(a.prefix));
    expect((await getIds(b.prefix, b.token)).body.ResponseMessage).toBe('30VAL0');
  });

  it('lets admin read and reserve for any prefix', async () => {
    expect((await getIds(b.prefix, admin)).body.ResponseMessage).toBe('30VAL0');
    expect((await reserve(b.prefix, 'TID', 1, admin)).FirstId).toBe(makeSlipId('TID', YY, b.prefix, 1));
  });

  it('tells a user without a site prefix why', async () => {
    const none = await insertSiteUser(t, null);
    expect((await getIds('KA', none.token)).body.ResponseMessage).toBe(SLIP_MSG.noPrefix);
    expect((await update('KA,SID,1', none.token)).body.ResponseMessage).toBe(SLIP_MSG.noPrefix);
  });

  it('lets the packing and dispatch pages reserve ids; refuses other pages with 403', async () => {
    const packer = await insertSiteUser(t, nextPrefix(), [PAGE.secondaryPacking.key]);
    expect((await reserve(packer.prefix, 'SID', 2, packer.token)).LastId).toBe(sid(packer.prefix, 2));
    const other = await insertSiteUser(t, nextPrefix(), [PAGE.mapping.key]);
    for (const res of [await getIds(other.prefix, other.token), await update(`${other.prefix},SID,1`, other.token)]) {
      expect(res.status).toBe(403);
      expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    }
    expect(await t.db.select().from(idCounters).where(eq(idCounters.prefix, other.prefix))).toEqual([]);
  });
});

describe('event log', () => {
  it("writes one 'slip-ids' event per reservation, with the first id and the block", async () => {
    const before = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'slip-ids'), eq(events.siteId, a.siteId)));
    const r = await reserve(a.prefix, 'TID', 9);
    await update(`${a.prefix},TID,9`); // refused: no event
    const after = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'slip-ids'), eq(events.siteId, a.siteId)));
    expect(after.length).toBe(before.length + 1);
    const e = after.find((x) => x.ref === r.FirstId)!;
    expect(e).toMatchObject({
      userId: a.userId,
      companyId: a.companyId,
      siteId: a.siteId,
      kind: null,
      prefix: null,
      detail: { type: 'TID', prefix: a.prefix, from: 6, to: 9, lastId: makeSlipId('TID', YY, a.prefix, 9) },
    });
  });
});

describe('read back', () => {
  it('GetIds reads what the counters hold', async () => {
    const body = (await getIds(a.prefix)).body.ResponseData as LastIds;
    expect(body).toEqual({ Prefix: a.prefix, SID: 41 + SLIP_BLOCK_LIMIT, TID: 9, DID: 2 });
  });
});
