// The device's checks of a packing scan (client/floor/packing/scan-rules.ts) against a cache and this
// device's queued work (local-work.ts): each bad scan gets the spec's message, each good one a row.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { codeUrl } from '../../../../src/shared/codes.js';
import { COPY_MSG, PACKING_API, PACKING_MSG } from '../../../../src/shared/contracts/floor/packing.js';
import type {
  CacheMasters,
  MappingSeries,
  OpenCartons,
  PackedSeries,
} from '../../../../src/shared/contracts/floor/cache.js';
import { buildFloorCache, type CacheContent } from '../../../../src/client/floor/cache/lookup.js';
import { packSeries } from '../../../../src/client/floor/cache/rows.js';
import { emptyLocalWork } from '../../../../src/client/floor/work/local-work.js';
import { localWorkOf } from '../../../../src/client/floor/work/registry.js';
import { followOutbox, outboxShape, type Followed } from '../../../../src/client/floor/work/use-local-work.js';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { newEntry } from '../../../../src/client/offline/outbox-entry.js';
import {
  checkCarton,
  checkPack,
  type CartonRow,
  type PackRow,
} from '../../../../src/client/floor/packing/scan-rules.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';
import { hold, unchecked, withVerdicts, type HeldPack } from '../../../../src/client/floor/packing/copies.js';

const codes = codeMac('unit-test-secret');
const ka = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const masters: CacheMasters = {
  AsOf: '2026-11-24T08:00:00.000Z',
  Products: [
    { ProductId: 7, ProductName: 'Neem Gold 1 L', ProductCode: 'NG1', UOM: 'L', PackValue: 1, IsActive: true },
    { ProductId: 8, ProductName: 'Bio Zinc 500 g', ProductCode: 'BZ5', UOM: 'g', PackValue: 500, IsActive: true },
  ],
  CartonSizes: [{ CartonId: 1, CartonName: 'Box of 3', CartonSize: 3 }],
  Sites: [{ SiteId: 3, Name: 'Nashik', Prefix: 'KA', IsFactory: true }],
  MySite: { SiteId: 3, Name: 'Nashik', Prefix: 'KA' },
  SlipLast: { SID: 42, TID: 7, DID: 0 },
};
const series = (ranges: Array<[number, number, number, number, string]>): MappingSeries => ({
  Kind: 'S',
  Prefix: 'KA',
  FromNo: ranges.map((r) => r[0]),
  ToNo: ranges.map((r) => r[1]),
  MappingId: ranges.map((r) => r[2]),
  ProductId: ranges.map((r) => r[3]),
  BatchNo: ranges.map((r) => `B${r[2]}`),
  MFGDate: ranges.map((r) => r[4]),
  EXPDate: ranges.map(() => '2028-01-10'),
});
const sec = (SID: string, ProductId: number, MFGDate: string) => ({
  SID,
  ProductId,
  Qty: 3,
  CartonSizeId: 1,
  BatchNo: 'B1',
  MFGDate,
  EXPDate: '2028-01-10',
});
const open: OpenCartons = {
  AsOf: masters.AsOf,
  Secondary: [
    sec('SID26KA00001', 7, '2026-01-10'),
    sec('SID26KA00002', 7, '2026-03-01'),
    sec('SID26KA00003', 8, '2026-03-01'),
  ],
  Tertiary: [],
};
// KA 1–100 product 7 (January), 101–200 product 8, 300–310 damaged; 1–3 packed in SID 1 (as of the refresh).
const content: CacheContent = {
  masters,
  open,
  mappings: packSeries([
    series([
      [1, 100, 1, 7, '2026-01-10'],
      [101, 200, 2, 8, '2026-01-10'],
      [300, 310, 3, 7, '2026-01-10'],
    ]),
  ]),
  damages: packSeries([{ Kind: 'S', Prefix: 'KA', FromNo: [300], ToNo: [310], Reason: ['Crushed'] }]),
  packed: packSeries([
    { Kind: 'S', Prefix: 'KA', FromNo: [1], ToNo: [3], SID: ['SID26KA00001'], CartonState: ['packed'] },
  ] satisfies PackedSeries[]),
  pairs: packSeries([]),
  refreshedAt: { masters: 1 },
};
const cache = buildFloorCache(content);

describe('a pack scanned on Secondary Packing', () => {
  const carton = (rows: PackRow[] = [], size: number | null = 3) => ({ size, rows, olderAccepted: false });
  const pack = (text: string, rows: PackRow[] = [], local = emptyLocalWork(), size: number | null = 3) =>
    checkPack(text, carton(rows, size), cache, local);
  const row = (n: number) => (pack(ka(n)) as { row: PackRow }).row;

  it('a mapped code gives its row, from a uid or the whole QR URL', () => {
    expect(pack(codeUrl('https://trace.example', ka(10)))).toEqual({
      ok: true,
      row: {
        key: 'SKA:10',
        UID: ka(10),
        VisibleNo: 'KA10',
        BatchNo: 'B1',
        ProductName: 'Neem Gold 1 L',
        MFGDate: '2026-01-10',
        EXPDate: '2028-01-10',
        ProductId: 7,
        SeqNo: 10,
      },
    });
  });
  it("the spec's messages, and ours, for every bad scan", () => {
    const refused = (text: string, rows: PackRow[] = [], size: number | null = 3) => {
      const r = pack(text, rows, emptyLocalWork(), size);
      return r.ok ? 'accepted' : r.message;
    };
    expect(refused(ka(10), [], null)).toBe(PACKING_MSG.selectCartonSize);
    expect(refused('hello')).toBe(PACKING_MSG.notCodeOther);
    expect(refused(ka(10).slice(0, -3))).toBe(PACKING_MSG.notCodeBroken); // truncated
    expect(refused(ka(11), [row(10), row(12), row(13)])).toBe(PACKING_MSG.cartonFull);
    expect(refused(ka(10), [row(10)])).toBe(PACKING_MSG.alreadyScanned);
    expect(refused(ka(10).toLowerCase(), [row(10)])).toBe(PACKING_MSG.alreadyScanned); // the same code, lower-cased
    expect(refused(ka(500))).toBe(PACKING_MSG.unmapped);
    expect(refused(codes.make({ kind: 'S', prefix: 'ZZ' }, 5))).toBe(PACKING_MSG.unmapped); // another company's
    expect(refused(ka(305))).toBe(PACKING_MSG.damaged('Crushed'));
    expect(refused(ka(2))).toBe(PACKING_MSG.packed('SID26KA00001'));
    expect(refused(ka(150), [row(10)])).toBe(PACKING_MSG.sameProduct);
  });
  it("a scan that is not a pack's code says what it is, after the spec's 'Invalid scanned Qr'", () => {
    const refused = (text: string) => {
      const r = pack(text);
      return r.ok ? 'accepted' : r.message;
    };
    expect(refused('SID26KA00007')).toBe(
      'Invalid scanned Qr: SID26KA00007 is a carton slip, scan it in the slip dialog.',
    );
    expect(refused('https://x.in/P?U=sid26ka00007')).toBe(PACKING_MSG.notCodeSid('SID26KA00007'));
    expect(refused('TID26KA00002')).toBe(PACKING_MSG.notCodeTid('TID26KA00002'));
    expect(refused('DID26KA00002')).toBe(PACKING_MSG.notCodeDid('DID26KA00002'));
    expect(refused('KA1042')).toBe(
      'Invalid scanned Qr: KA1042 is the number printed beside the QR, scan the QR itself.',
    );
    expect(refused('7002')).toBe(PACKING_MSG.notCodeNumber('7002')); // a preprinted label's number
    expect(refused(ka(10).slice(0, -1))).toBe(PACKING_MSG.notCodeBroken);
    expect(refused('%$#@!')).toBe(PACKING_MSG.notCodeOther);
    // A genuine preprinted code never mapped is a code: not mapped, not 'Invalid scanned Qr'.
    expect(refused(codes.make({ kind: 'P', prefix: '' }, 7002))).toBe(PACKING_MSG.unmapped);
    for (const t of ['SID26KA00007', 'KA1042', ka(10).slice(0, -1), 'hello'])
      expect(refused(t).startsWith(PACKING_MSG.notCode)).toBe(true);
  });
  it("a pack in this device's queued carton is packed here, until that entry is rejected", () => {
    const entry = {
      endpoint: PACKING_API.secondarySave.path,
      status: 'pending' as const,
      payload: {
        cartonMasterId: 1,
        scanned: [{ UID: ka(20) }, { UID: ka(21) }],
        reason: 'x',
        CartonName: 'SID26KA00010',
      },
    };
    expect(pack(ka(21), [], localWorkOf([entry], cache))).toEqual({
      ok: false,
      message: PACKING_MSG.packed('SID26KA00010'),
    });
    expect(pack(ka(21), [], localWorkOf([{ ...entry, status: 'rejected' }], cache)).ok).toBe(true);
  });
});

describe('two codes of one printed number: a suspected copy (issue 27 item 3)', () => {
  // A copy of KA10: the number and its layout right, the MAC wrong (the device cannot tell which).
  const copyOf = (uid: string) => uid.slice(0, -1) + (uid.endsWith('0') ? '1' : '0');
  const genuine = ka(10);
  const copy = copyOf(genuine);
  const carton = (rows: PackRow[], held: HeldPack[] = []) => ({ size: 3, rows, olderAccepted: false, held });
  const rowOf = (text: string) => (checkPack(text, carton([]), cache, emptyLocalWork()) as { row: PackRow }).row;
  const queued = (uid: string) =>
    localWorkOf(
      [
        {
          endpoint: PACKING_API.secondarySave.path,
          status: 'pending' as const,
          payload: { cartonMasterId: 1, scanned: [{ UID: uid }], reason: 'short', CartonName: 'SID26KA00010' },
        },
      ],
      cache,
    );

  it('the second code in the carton: both are held aside, none is "already Scanned"', () => {
    const r = checkPack(genuine, carton([rowOf(copy)]), cache, emptyLocalWork());
    expect(r).toEqual({
      ok: false,
      message: COPY_MSG.inCarton('KA10'),
      held: { key: 'SKA:10', shown: 'KA10', uids: [copy, genuine] },
    });
  });
  it('the second code of a number in a carton closed here: held, naming that carton', () => {
    expect(checkPack(genuine, carton([]), cache, queued(copy))).toEqual({
      ok: false,
      message: COPY_MSG.inQueued('KA10', 'SID26KA00010'),
      held: { key: 'SKA:10', shown: 'KA10', uids: [copy, genuine] },
    });
    // The same code again is what it always was: packed in that carton.
    expect(checkPack(copy, carton([]), cache, queued(copy))).toEqual({
      ok: false,
      message: PACKING_MSG.packed('SID26KA00010'),
    });
  });
  it('held: refused as held until the server says; then the copy is refused and the genuine pack packs', () => {
    const held: HeldPack = { key: 'SKA:10', shown: 'KA10', uids: [copy, genuine] };
    const scan = (uid: string, h: HeldPack, rows: PackRow[] = []) =>
      checkPack(uid, carton(rows, [h]), cache, queued(copy));
    expect(scan(genuine, held)).toEqual({ ok: false, message: COPY_MSG.held('KA10') });
    expect(scan(copy, held)).toEqual({ ok: false, message: COPY_MSG.held('KA10') });
    const told = withVerdicts(
      [held],
      [
        { UID: copy, Genuine: false },
        { UID: genuine, Genuine: true },
      ],
    )[0]!;
    expect(told.genuine).toEqual([genuine]);
    expect(scan(copy, told)).toEqual({ ok: false, message: COPY_MSG.copy('KA10') });
    // Never refused because of the copy in the carton closed here (the server refuses that one).
    const ok = scan(genuine, told);
    expect(ok).toMatchObject({ ok: true, row: { UID: genuine, VisibleNo: 'KA10' } });
    expect(scan(genuine, told, [(ok as { row: PackRow }).row])).toEqual({
      ok: false,
      message: PACKING_MSG.alreadyScanned,
    });
  });
  it('a third code of a held number is asked about again; unchecked lists what the server is asked', () => {
    const first: HeldPack = { key: 'SKA:10', shown: 'KA10', uids: [copy, genuine], genuine: [genuine] };
    const third = copyOf(copy);
    const list = hold([first], { key: 'SKA:10', shown: 'KA10', uids: [genuine, third] });
    expect(list).toEqual([{ key: 'SKA:10', shown: 'KA10', uids: [copy, genuine, third] }]);
    expect(unchecked(list)).toEqual([copy, genuine, third]);
    expect(hold(list, { key: 'SKA:11', shown: 'KA11', uids: ['a', 'b'] })).toHaveLength(2);
  });
});

describe('a carton scanned on Tertiary Packing', () => {
  const carton = (rows: CartonRow[] = [], olderAccepted = false) => ({ size: 2, rows, olderAccepted });
  const scan = (text: string, rows: CartonRow[] = [], local = emptyLocalWork(), olderAccepted = false) =>
    checkCarton(text, carton(rows, olderAccepted), cache, local);

  it('a loose carton at the site gives its row; not a SID is Invalid Carton; unknown is not here', () => {
    expect(scan('sid26ka00001')).toEqual({
      ok: true,
      row: {
        CartonId: 'SID26KA00001',
        ProductId: 7,
        ProductName: 'Neem Gold 1 L',
        BatchNo: 'B1',
        Qty: 3,
        MFGDate: '2026-01-10',
        EXPDate: '2028-01-10',
      },
    });
    expect(scan('TID26KA00001')).toEqual({ ok: false, message: PACKING_MSG.invalidCarton });
    expect(scan('SID26KA00099')).toEqual({ ok: false, message: PACKING_MSG.notHere('SID26KA00099') });
  });
  it('the same carton twice, another product, a carton packed into a tertiary carton here', () => {
    const first = (scan('SID26KA00001') as { row: CartonRow }).row;
    expect(scan('SID26KA00001', [first])).toEqual({ ok: false, message: PACKING_MSG.alreadyScanned });
    expect(scan('SID26KA00003', [first])).toEqual({ ok: false, message: PACKING_MSG.similarItems });
    const local = localWorkOf(
      [
        {
          endpoint: PACKING_API.tertiarySave.path,
          status: 'sending',
          payload: {
            cartonMasterId: 1,
            scanned: [{ CartonId: 'SID26KA00001' }],
            reason: '',
            remark: '',
            CartonName: 'TID26KA00005',
          },
        },
      ],
      cache,
    );
    expect(scan('SID26KA00001', [], local)).toEqual({
      ok: false,
      message: PACKING_MSG.inTertiary('SID26KA00001', 'TID26KA00005'),
    });
  });
  it('newer stock while older waits: the older stock list, until the user goes on with the newer', () => {
    const r = scan('SID26KA00002');
    expect(r).toMatchObject({ ok: false, message: PACKING_MSG.olderStock, older: [{ SID: 'SID26KA00001' }] });
    expect(scan('SID26KA00002', [], emptyLocalWork(), true).ok).toBe(true);
    // A carton packed on this device (still queued) is loose stock too, with its packs' dates.
    const local = localWorkOf(
      [
        {
          endpoint: PACKING_API.secondarySave.path,
          status: 'pending',
          payload: { cartonMasterId: 1, scanned: [{ UID: ka(30) }], reason: 'one', CartonName: 'SID26KA00011' },
        },
      ],
      cache,
    );
    expect(scan('SID26KA00011', [], local)).toMatchObject({
      ok: true,
      row: { CartonId: 'SID26KA00011', Qty: 1, MFGDate: '2026-01-10' },
    });
  });
});

describe("this device's queued work, followed as the outbox changes (use-local-work.ts)", () => {
  const save = (sid: string, from: number, userId = 7) =>
    newEntry({
      endpoint: PACKING_API.secondarySave.path,
      label: sid,
      userId,
      payload: { cartonMasterId: 1, scanned: [{ UID: ka(from) }, { UID: ka(from + 1) }], reason: '', CartonName: sid },
    });
  const sidOf = (f: Followed, n: number) => f.work.packed.get(`SKA:${n}`);

  it('a carton closed is added alone; a refusal or a discard rebuilds, and each answer is the whole queue', async () => {
    const db = new FieldtraceDb('follow-outbox-test');
    await db.open();
    try {
      await db.outbox.add(save('SID26KA00010', 20));
      let f = await followOutbox(null, await outboxShape(db), 7, cache, db);
      expect(sidOf(f, 21)).toBe('SID26KA00010');

      // Another user's entry and a new one of ours: ours is added, theirs is not ours to check against.
      await db.outbox.bulkAdd([save('SID26KA00011', 30, 8), save('SID26KA00012', 40)]);
      const before = f;
      f = await followOutbox(f, await outboxShape(db), 7, cache, db);
      expect(f.work).not.toBe(before.work);
      expect([sidOf(f, 21), sidOf(f, 30), sidOf(f, 41)]).toEqual(['SID26KA00010', undefined, 'SID26KA00012']);
      expect(f.work.slips.has('SID26KA00012')).toBe(true);

      // Nothing new (a status of sending or done): the same work, so the screen is not drawn again.
      await db.outbox.where('seq').equals(f.seqs[0]!).modify({ status: 'done' });
      expect((await followOutbox(f, await outboxShape(db), 7, cache, db)).work).toBe(f.work);

      // Refused: its packs are free again. Discarded: the same.
      await db.outbox.where('seq').equals(f.seqs[2]!).modify({ status: 'rejected' });
      f = await followOutbox(f, await outboxShape(db), 7, cache, db);
      expect([sidOf(f, 21), sidOf(f, 41)]).toEqual(['SID26KA00010', undefined]);
      expect(f.work.slips.has('SID26KA00012')).toBe(false);
      await db.outbox.delete(f.seqs[0]!);
      f = await followOutbox(f, await outboxShape(db), 7, cache, db);
      expect(sidOf(f, 21)).toBeUndefined();
      expect(f.seqs).toHaveLength(2);
    } finally {
      db.close();
    }
  });
});
