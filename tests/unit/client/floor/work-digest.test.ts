// The queued work's digests (floor/work/work-digest.ts, followed by use-local-work.ts): a rebuild from
// the digests is the same work as judging every entry again, it does not read the entries (their
// payloads are spoilt here to show it), a digest made with another cache is not used, a refused entry
// gets none, and a refused carton sent without some items is judged again.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PACKING_API } from '../../../../src/shared/contracts/floor/packing.js';
import { DISPATCH_API } from '../../../../src/shared/contracts/floor/dispatch.js';
import { CARTON_DAMAGE_API } from '../../../../src/shared/contracts/floor/carton-damage.js';
import type { MappingSeries } from '../../../../src/shared/contracts/floor/cache.js';
import { buildFloorCache, type CacheContent } from '../../../../src/client/floor/cache/lookup.js';
import { packSeries } from '../../../../src/client/floor/cache/rows.js';
import { localWorkOf } from '../../../../src/client/floor/work/registry.js';
import { followOutbox, outboxShape } from '../../../../src/client/floor/work/use-local-work.js';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { newEntry, type OutboxEntry } from '../../../../src/client/offline/outbox-entry.js';
import { reviseEntry } from '../../../../src/client/offline/outbox.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';

const codes = codeMac('unit-test-secret');
const ka = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const mappings: MappingSeries = {
  Kind: 'S',
  Prefix: 'KA',
  FromNo: [1, 101],
  ToNo: [100, 200],
  MappingId: [1, 2],
  ProductId: [7, 8],
  BatchNo: ['B1', 'B2'],
  MFGDate: ['2026-01-10', '2026-02-10'],
  EXPDate: ['2028-01-10', '2028-02-10'],
};
const content = (stamp: number): CacheContent => ({
  mappings: packSeries([mappings]),
  damages: packSeries([]),
  packed: packSeries([]),
  pairs: packSeries([]),
  refreshedAt: { mappings: stamp },
});
const cache = buildFloorCache(content(1));
const ME = 7;

const entry = (endpoint: { path: string }, payload: unknown, userId = ME) =>
  newEntry({ endpoint: endpoint.path, payload, label: 'work', userId });
const secondary = (sid: string, from: number, n: number, userId = ME) =>
  entry(
    PACKING_API.secondarySave,
    {
      cartonMasterId: 1,
      reason: '',
      CartonName: sid,
      scanned: Array.from({ length: n }, (_, i) => ({ UID: ka(from + i) })),
    },
    userId,
  );
const QUEUE: OutboxEntry[] = [
  secondary('SID26KA00010', 1, 5),
  secondary('SID26KA00011', 101, 5),
  secondary('SID26KA00012', 50, 3, 8), // another user's
  // Reads what the secondaries before it made here (their batches).
  entry(PACKING_API.tertiarySave, {
    cartonMasterId: 2,
    CartonName: 'TID26KA00003',
    scanned: [
      { CartonId: 'SID26KA00010', Qty: 5 },
      { CartonId: 'SID26KA00011', Qty: 5 },
    ],
  }),
  entry(CARTON_DAMAGE_API.damage, { DamageCid: 'SID26KA00001', Reason: 'Crushed' }),
  entry(DISPATCH_API.save, { DispatchId: 'DID26KA00004', scanned: [{ CartonId: 'TID26KA00003' }] }),
];

let db: FieldtraceDb;
let n = 0;
beforeEach(async () => {
  db = new FieldtraceDb(`work-digest-${++n}`);
  await db.open();
  await db.outbox.bulkAdd(QUEUE.map((e) => ({ ...e })));
});
afterEach(() => db.close());

const judged = async () =>
  localWorkOf(
    (await db.outbox.orderBy('seq').toArray()).filter((e) => e.userId === ME),
    cache,
  );
const follow = async (c = cache) => (await followOutbox(null, await outboxShape(db), ME, c, db)).work;
/** Every entry's payload replaced by one that names nothing queued: judged again, it adds no pack. */
const spoil = () =>
  db.outbox.toCollection().modify({
    payload: { CartonName: 'SID26KA09999', DispatchId: 'DID26KA09999', DamageCid: 'SID26KA09999', scanned: [] },
  });

it('rebuilds the same work from the digests, without judging the entries again', async () => {
  const expected = await judged();
  expect(expected.packed.size).toBe(10);
  expect(expected.tertiaries.get('TID26KA00003')?.Batches).toHaveLength(2);
  expect(await follow()).toEqual(expected);
  // Every entry of this user got its digest (written after the answer: not waited for); the other
  // user's entry none, so that user's own work is never taken from a digest made for someone else.
  await expect.poll(() => db.workDigests.count()).toBe(QUEUE.length - 1);
  const theirs = (await followOutbox(null, await outboxShape(db), 8, cache, db)).work;
  expect([...theirs.packed.keys()]).toEqual(['SKA:50', 'SKA:51', 'SKA:52']);
  await spoil();
  expect(await follow()).toEqual(expected);
});

it('judges the entries again for another cache, and keeps their new digests', async () => {
  await follow();
  await expect.poll(() => db.workDigests.count()).toBe(QUEUE.length - 1);
  await spoil();
  const other = buildFloorCache(content(2));
  const work = await follow(other);
  expect(work.packed.size).toBe(0);
  await expect
    .poll(async () => (await db.workDigests.toArray()).every((d) => d.stamp.endsWith('{"mappings":2}')))
    .toBe(true);
});

it('adds an entry queued later to the work and to the digests', async () => {
  const first = await followOutbox(null, await outboxShape(db), ME, cache, db);
  const seq = await db.outbox.add(secondary('SID26KA00013', 120, 2));
  const next = await followOutbox(first, await outboxShape(db), ME, cache, db);
  expect(next.work.packed.get('SKA:121')).toBe('SID26KA00013');
  await expect.poll(() => db.workDigests.get(seq)).toBeDefined();
  await spoil();
  expect((await follow()).packed.get('SKA:121')).toBe('SID26KA00013');
});

it('gives a refused entry no digest, and judges a revised one again', async () => {
  const [seq] = await db.outbox.orderBy('seq').primaryKeys();
  await db.outbox.update(seq!, { status: 'rejected' });
  let work = await follow();
  expect(work.packed.has('SKA:1')).toBe(false);
  await expect.poll(() => db.workDigests.count()).toBe(QUEUE.length - 2);
  expect(await db.workDigests.get(seq!)).toBeUndefined();

  // Its digest from before the refusal is dropped when it is sent without some items.
  await db.outbox.update(seq!, { status: 'pending' });
  await follow();
  await expect.poll(() => db.workDigests.get(seq!)).toBeDefined();
  await db.outbox.update(seq!, { status: 'rejected' });
  const e = (await db.outbox.get(seq!))!;
  const payload = { ...(e.payload as object), scanned: [{ UID: ka(2) }] };
  expect(await reviseEntry(db, e.id, { payload, label: 'fewer' })).toBe(true);
  expect(await db.workDigests.get(seq!)).toBeUndefined();
  work = await follow();
  expect([work.packed.has('SKA:1'), work.packed.get('SKA:2')]).toEqual([false, 'SID26KA00010']);
});
