// Refreshing the floor cache on IndexedDB (fake-indexeddb, the same API): every part stored with the
// server's time, a fill cut off by the network resumed at the page it stopped on, a new fill replacing
// the old one whole, another user's cache never read, one refresh at a time, and the scheduler's
// triggers (start, `online`, timer) skipping while offline.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../../src/shared/contracts/envelope.js';
import type {
  CacheCursor,
  CachePageRequest,
  CachePart,
  MappingSeries,
} from '../../../../src/shared/contracts/floor/cache.js';
import type { DispatchCache } from '../../../../src/shared/contracts/floor/dispatch-cache.js';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { newEntry } from '../../../../src/client/offline/outbox-entry.js';
import { currentFloorCache, floorCache, forgetFloorCache } from '../../../../src/client/floor/cache/floor-cache.js';
import { clearSession, saveSession, type Session } from '../../../../src/client/api/session.js';
import { freshness } from '../../../../src/client/floor/cache/cache-freshness.js';
import {
  refreshFloorCache,
  startFloorCacheRefresh,
  type FetchPart,
} from '../../../../src/client/floor/cache/refresh.js';
import { loadContent } from '../../../../src/client/floor/cache/store.js';

let db: FieldtraceDb;
let n = 0;
beforeEach(async () => {
  db = new FieldtraceDb(`cache-test-${++n}`);
  await db.open();
  forgetFloorCache();
});
afterEach(() => db.close());

const AS_OF = '2026-11-24T08:00:00.000Z';
const ok = (data: unknown): Envelope<unknown> => ({
  ResponseCode: '200',
  ResponseMessage: 'Success',
  ResponseData: data,
});
const offline: Envelope<unknown> = { ResponseCode: '0', ResponseMessage: 'No network connection.', ResponseData: null };
const cursor = (FromNo: number): CacheCursor => ({ Kind: 'S', Prefix: 'KA', FromNo });
const mappingSeries = (from: number, to: number, id: number): MappingSeries => ({
  Kind: 'S',
  Prefix: 'KA',
  FromNo: [from],
  ToNo: [to],
  MappingId: [id],
  ProductId: [7],
  BatchNo: [`B${id}`],
  MFGDate: ['2026-01-10'],
  EXPDate: ['2028-01-10'],
});

/** The dispatch part: one target site, the modes, the header, one dispatch on the way, one carton to take back. */
const DISPATCH: DispatchCache = {
  AsOf: '2026-11-24T08:06:00.000Z',
  Sites: [
    {
      SiteId: 2,
      Name: 'Pune Depot',
      IsFactory: false,
      Billing: {
        FirmName: 'Pune Depot',
        bill_Address1: '',
        bill_Address2: '',
        bill_CityName: '',
        bill_StateName: '',
        bill_Pincode: '',
        bill_CountryName: '',
      },
    },
  ],
  Dealers: [],
  Modes: [{ TransportModeId: 1, TransportMode: 'By Road' }],
  Company: { CompanyName: 'Agro', CompanyLogo: '', Address: '', City: '', Pincode: '', Mobile: '' },
  Incoming: [
    {
      DispatchId: 'DID26PD00001',
      SentFrom: 'Pune Depot',
      CreatedDt: AS_OF,
      TotalCarton: 1,
      Cartons: [{ CartonId: 'TID26PD00001', ProductName: 'Neem', BatchNo: 'B1', Qty: 4 }],
    },
  ],
  Sent: [
    {
      CartonId: 'TID26KA00001',
      DispatchId: 'DID26KA00001',
      Leg: 'sent',
      ProductName: 'Neem',
      MFGDate: '2026-01-10',
      EXPDate: '2028-01-10',
    },
  ],
};

/** A server of three mapping pages (1–100, 201–300, 401–500), one damage, no pairs, one packed run, and the
 *  dispatch part above. */
function server(batch = 'B') {
  const calls: Array<{ part: CachePart; body: CachePageRequest | undefined }> = [];
  const script: Array<Envelope<unknown> | undefined> = [];
  const pages = [mappingSeries(1, 100, 1), mappingSeries(201, 300, 2), mappingSeries(401, 500, 3)].map((s) => ({
    ...s,
    BatchNo: [`${batch}${s.MappingId[0]}`],
  }));
  const fetchPart: FetchPart = async (part, body) => {
    calls.push({ part, body });
    const scripted = script.shift();
    if (scripted) return scripted;
    const empty = { AsOf: AS_OF, Next: null, Count: 0, Series: [] };
    switch (part) {
      case 'masters':
        return ok({
          AsOf: AS_OF,
          Products: [{ ProductId: 7, ProductName: 'Neem', ProductCode: 'N', UOM: 'L', PackValue: 1, IsActive: true }],
          CartonSizes: [],
          Sites: [],
          MySite: { SiteId: 1, Name: 'F', Prefix: 'KA' },
          SlipLast: { SID: 5, TID: 0, DID: 0 },
        });
      case 'open':
        return ok({ AsOf: '2026-11-24T08:05:00.000Z', Secondary: [], Tertiary: [] });
      case 'dispatch':
        return ok(DISPATCH);
      case 'mappings': {
        const at = [null, 100, 300].findIndex(
          (c) => c === ((body?.After as CacheCursor | null | undefined)?.FromNo ?? null),
        );
        return ok({ AsOf: AS_OF, Next: at < 2 ? cursor(pages[at]!.ToNo[0]!) : null, Count: 1, Series: [pages[at]] });
      }
      case 'damages':
        return ok({
          ...empty,
          Count: 1,
          Series: [{ Kind: 'S', Prefix: 'KA', FromNo: [50], ToNo: [50], Reason: ['Torn'] }],
        });
      case 'packed':
        return ok({
          ...empty,
          Count: 1,
          Series: [{ Kind: 'S', Prefix: 'KA', FromNo: [1], ToNo: [3], SID: ['SID26KA00001'], CartonState: ['packed'] }],
        });
      default:
        return ok(empty);
    }
  };
  return { calls, script, fetchPart };
}

const refresh = (fetchPart: FetchPart, owner = 1, extra = {}) =>
  refreshFloorCache({ db, fetchPart, owner, pageSize: 1, persist: async () => true, ...extra });

describe('refreshFloorCache', () => {
  it("stores every part with the server's time and serves it from memory; asks for persistent storage once", async () => {
    const s = server();
    let persisted = 0;
    const persist = async () => ++persisted;
    await refresh(s.fetchPart, 1, { persist });
    expect(await refresh(s.fetchPart, 1, { persist })).toEqual({
      outcome: 'done',
      refreshed: ['masters', 'mappings', 'damages', 'pairs', 'packed', 'open', 'dispatch'],
    });
    const cache = await floorCache({ db, owner: 1 });
    expect(cache.codeFacts('S', 'KA', 250)).toMatchObject({
      state: 'mapped',
      mapping: { MappingId: 2, ProductName: 'Neem' },
    });
    expect(cache.codeFacts('S', 'KA', 50).state).toBe('damaged');
    expect(cache.codeFacts('S', 'KA', 2)).toMatchObject({ state: 'packed', sid: 'SID26KA00001' });
    expect(cache.slipLast.SID).toBe(5);
    expect(cache.refreshedAt.mappings).toBe(Date.parse(AS_OF));
    expect(cache.refreshedAt.open).toBe(Date.parse('2026-11-24T08:05:00.000Z'));
    expect(cache.dispatch).toEqual(DISPATCH);
    expect(cache.refreshedAt.dispatch).toBe(Date.parse(DISPATCH.AsOf));
    expect(freshness(cache, Date.parse(AS_OF)).text).toMatch(/^Data as of \d\d:\d\d$/);
    expect(persisted).toBe(1);
  });

  it('a fill cut off by the network resumes at the page it stopped on', async () => {
    const s = server();
    s.script.push(undefined, undefined, offline); // masters, mappings page 1, then the network drops
    expect(await refresh(s.fetchPart)).toMatchObject({
      outcome: 'failed',
      refreshed: ['masters'],
      stoppedBy: { part: 'mappings', code: '0' },
    });
    expect((await floorCache({ db, owner: 1 })).refreshedAt.mappings).toBeUndefined();
    s.calls.length = 0;
    expect((await refresh(s.fetchPart)).outcome).toBe('done');
    const asked = s.calls
      .filter((c) => c.part === 'mappings')
      .map((c) => (c.body?.After as CacheCursor | null | undefined)?.FromNo ?? null);
    expect(asked).toEqual([100, 300]);
    const cache = await floorCache({ db, owner: 1 });
    expect([50, 250, 450].map((k) => cache.codeFacts('S', 'KA', k).mapping?.MappingId)).toEqual([1, 2, 3]);
    expect(
      await db.cacheChunks
        .where('[part+fill+seq]')
        .between(['mappings', '', 0], ['mappings', '\uffff', Infinity])
        .count(),
    ).toBe(3);
  });

  it('a new fill replaces the old one whole; no chunk is left behind', async () => {
    await refresh(server('OLD').fetchPart);
    const before = await db.cacheChunks.count();
    await refresh(server('NEW').fetchPart);
    expect(await db.cacheChunks.count()).toBe(before);
    expect((await floorCache({ db, owner: 1 })).codeFacts('S', 'KA', 1).mapping?.BatchNo).toBe('NEW1');
  });

  it("another user's cache is never read, and theirs replaces it", async () => {
    await refresh(server().fetchPart, 1);
    expect((await loadContent(db, 2)).mappings).toEqual([]);
    expect((await floorCache({ db, owner: 2 })).codeFacts('S', 'KA', 50).state).toBe('unmapped');
    await refresh(server().fetchPart, 2);
    expect((await loadContent(db, 1)).mappings).toEqual([]);
    expect((await floorCache({ db, owner: 2 })).codeFacts('S', 'KA', 50).state).toBe('damaged');
  });

  it('a refusal (a user without a company) leaves the cache as it was', async () => {
    await refresh(server().fetchPart);
    const s = server();
    s.script.push({ ResponseCode: '400', ResponseMessage: 'Floor data is kept per company.', ResponseData: null });
    expect(await refresh(s.fetchPart)).toMatchObject({ outcome: 'failed', refreshed: [], stoppedBy: { code: '400' } });
    expect((await floorCache({ db, owner: 1 })).codeFacts('S', 'KA', 250).state).toBe('mapped');
  });

  it('a whole refresh lets the sent work it holds leave the outbox; a failed one does not', async () => {
    const now = Date.parse(AS_OF);
    const sent = (label: string, settledAt: number) => ({
      ...newEntry({ endpoint: 'SecondaryPacking/save', payload: {}, label, userId: 1 }, settledAt - 1000, label),
      status: 'done' as const,
      settledAt,
    });
    await db.outbox.bulkAdd([sent('eight days ago', now - 8 * 24 * 3600_000), sent('an hour ago', now - 3600_000)]);
    const labels = async () => (await db.outbox.toArray()).map((e) => e.label);
    const s = server();
    s.script.push(undefined, offline);
    expect((await refresh(s.fetchPart, 1, { now: () => now })).outcome).toBe('failed');
    expect(await labels()).toEqual(['eight days ago', 'an hour ago']);
    expect((await refresh(s.fetchPart, 1, { now: () => now })).outcome).toBe('done');
    expect(await labels()).toEqual(['an hour ago']);
  });

  it('one refresh at a time; nobody signed in, none', async () => {
    const s = server();
    const [a, b] = await Promise.all([refresh(s.fetchPart), refresh(s.fetchPart)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['done', 'skipped']);
    expect(await refreshFloorCache({ db, fetchPart: s.fetchPart, owner: null })).toEqual({
      outcome: 'skipped',
      refreshed: [],
    });
  });
});

describe('freshness', () => {
  it('not yet loaded, partial, or the time of the stalest part', async () => {
    expect(freshness(undefined).text).toBe('Data not yet loaded');
    const s = server();
    s.script.push(undefined, offline);
    await refresh(s.fetchPart);
    const at = Date.parse(AS_OF);
    expect(freshness(await floorCache({ db, owner: 1 }), at).text).toMatch(/^Data as of \d\d:\d\d \(partial\)$/);
    expect(freshness(await floorCache({ db, owner: 1 }), at + 2 * 86_400_000).text).toMatch(
      /^Data as of \d+ \w{3} \d\d:\d\d \(partial\)$/,
    );
  });
});

describe('startFloorCacheRefresh', () => {
  it('refreshes at start when online, on `online`, on its timer, and not while offline', async () => {
    const s = server();
    const events = new EventTarget();
    let online = false;
    const stop = startFloorCacheRefresh({
      db,
      fetchPart: s.fetchPart,
      owner: 1,
      pageSize: 1,
      persist: async () => true,
      events,
      online: () => online,
      everyMs: 50,
    });
    try {
      await new Promise((r) => setTimeout(r, 120));
      expect(s.calls).toEqual([]);
      online = true;
      events.dispatchEvent(new Event('online'));
      await expect.poll(() => s.calls.filter((c) => c.part === 'open').length).toBeGreaterThanOrEqual(1);
      await expect.poll(() => s.calls.filter((c) => c.part === 'open').length).toBeGreaterThanOrEqual(2);
    } finally {
      stop();
    }
    const count = s.calls.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(s.calls.length - count).toBeLessThanOrEqual(8); // at most the refresh under way when stopped
  });

  it('a sign-in refreshes for the new user; a sign-out forgets the cache in memory', async () => {
    const s = server();
    const stop = startFloorCacheRefresh({
      db,
      fetchPart: s.fetchPart,
      pageSize: 1,
      persist: async () => true,
      events: new EventTarget(),
      online: () => true,
    });
    try {
      await new Promise((r) => setTimeout(r, 50));
      expect(s.calls).toEqual([]);
      await saveSession({ UserId: 5, UserName: 'Floor', Token: 't', RefreshToken: 'r' } as Session);
      await expect.poll(() => currentFloorCache()?.codeFacts('S', 'KA', 250).state).toBe('mapped');
      await clearSession();
      expect(currentFloorCache()).toBeUndefined();
    } finally {
      stop();
    }
  });
});
