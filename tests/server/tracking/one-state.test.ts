// One current state, whichever screen asks (issue 25, Deliver item 4), on a real database (PGlite;
// PostgreSQL with DATABASE_URL), after real flows: two cartons of batch OS-1 dispatched and taken back
// from transit, one received at a depot and taken back after the receipt, one damaged for good, one
// left at the factory. QR Code Tracking (journey and scan info), the Recall Trace and its export, the
// stock reports and the item ledger then tell each of them the same way.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARTON_DAMAGE_API } from '../../../src/shared/contracts/floor/carton-damage.js';
import { RETURN_API } from '../../../src/shared/contracts/floor/carton-return.js';
import { DISPATCH_API } from '../../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { PACKING_API } from '../../../src/shared/contracts/floor/packing.js';
import { MAPPING_API } from '../../../src/shared/contracts/numbers/mapping.js';
import { RECALL_API, type TraceAnswer } from '../../../src/shared/contracts/recall.js';
import { addDays } from '../../../src/shared/contracts/numbers/fields.js';
import { REPORTS } from '../../../src/shared/contracts/reports/index.js';
import type { ReportContract } from '../../../src/shared/contracts/reports/report.js';
import { TRACKING_API, type JourneyItem, type ScanInfoRow } from '../../../src/shared/contracts/tracking.js';
import { PAGE } from '../../../src/shared/pages.js';
import { indiaDate } from '../../../src/shared/today.js';
import { traceCsv } from '../../../src/client/features/reports/recall-trace/trace-text.js';
import { sites } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { send } from '../../helpers/endpoint-call.js';
import { insertSiteUser, type SiteUser } from '../../helpers/factories-dispatch-legs.js';
import { cartonSize, codesOf, printSlips, secondaryBody, slip } from '../../helpers/factories-floor.js';
import { mapBody } from '../../helpers/factories-mapping.js';
import { appCodes, insertFactory, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import type { Answer } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';

const PAGES = [
  PAGE.mapping,
  PAGE.secondaryPacking,
  PAGE.dispatch,
  PAGE.cartonReturn,
  PAGE.damageCarton,
  PAGE.qrCodeTrackingReport,
  PAGE.recallTrace,
  PAGE.itemLedger,
  PAGE.stockReport,
  PAGE.newStock,
].map((p) => p.key);
const BATCH = 'OS-1';

const t = useApp();
let codes: CodeMac;
let A: Factory;
let W: SiteUser;
let road: number;
let size2: number;
let n = 0;
let factory: string;
let depot: string;
// Back: two SIDs taken back in transit from dBack; got: received on dGot, then taken back; damaged; home: never moved.
const c = { back: [] as string[], got: '', damaged: '', home: '', dBack: '', dGot: '' };

const uid = (serial: number) => codes.make(staticSeries(A.prefix), serial);
const must = (what: string, res: Answer) => {
  if (res.body.ResponseCode !== '200') throw new Error(`${what}: ${res.body.ResponseMessage}`);
  return res;
};
const post = (path: string, body: unknown, token = A.token) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `one-state-${++n}` },
  });
async function packSid(from: number, to: number): Promise<string> {
  const sid = slip('SID', A.prefix, ++n);
  must(sid, await post(PACKING_API.secondarySave.path, secondaryBody(size2, codesOf(codes, A.prefix, from, to), sid)));
  return sid;
}
async function dispatchTo(ids: string[]): Promise<string> {
  const did = slip('DID', A.prefix, ++n);
  must(
    did,
    await post(DISPATCH_API.save.path, {
      SendTo: 0,
      WareHouseId: W.siteId,
      scanned: ids.map((CartonId) => ({ CartonId })),
      TransportModeId: road,
      LR: 'LR-25',
      DispatchId: did,
      Remark: 'One state',
    }),
  );
  return did;
}

async function data<T>(res: Promise<Answer>): Promise<T> {
  const { body } = await res;
  expect(body.ResponseCode, body.ResponseMessage).toBe('200');
  return body.ResponseData as T;
}
const journey = (qr: string) => data<JourneyItem[]>(send(t, TRACKING_API.journey, undefined, A.token, { qr }));
const statuses = async (qr: string) =>
  (await data<ScanInfoRow[]>(send(t, TRACKING_API.scanInfo, undefined, A.token, { qr }))).map((r) => [r.Id, r.Status]);
const trace = (All = false) =>
  data<TraceAnswer>(send(t, RECALL_API.trace, { ProductId: A.productId, BatchNo: BATCH, All }, A.token));
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const report = (r: ReportContract, token = A.token) =>
  data<Array<Record<string, unknown>>>(
    send(
      t,
      r.api.list,
      {
        First: 1,
        PageSize: 500,
        IsActive: '1',
        ...(r.dated ? { FromDate: us(addDays(indiaDate(), -6)), ToDate: us(indiaDate()) } : {}),
      },
      token,
    ),
  );

beforeAll(async () => {
  codes = await appCodes(t);
  A = await insertFactory(t, nextPrefix(), PAGES);
  await printSlips(t.db, A.prefix, 500);
  size2 = await cartonSize(t.db, 2);
  W = await insertSiteUser(t, A.companyId, [PAGE.dispatchReceive.key, PAGE.stockReport.key]);
  const name = async (id: number) =>
    (await t.db.select({ name: sites.name }).from(sites).where(eq(sites.id, id)))[0]!.name;
  [factory, depot] = [await name(A.siteId), await name(W.siteId)];
  const modes = await data<Array<{ TransportModeId: number }>>(t.get(DISPATCH_API.modes.path, A.token));
  road = modes[0]!.TransportModeId;

  must(
    'mapping',
    await send(
      t,
      MAPPING_API.save,
      mapBody(A.productId, 1, 200, { BatchNo: BATCH, MFGDate: '2026-01-10', EXPDate: '2027-01-10' }),
      A.token,
    ),
  );
  c.back = [await packSid(1, 2), await packSid(3, 4)];
  c.got = await packSid(5, 6);
  c.damaged = await packSid(7, 8);
  c.home = await packSid(9, 10);
  c.dBack = await dispatchTo(c.back);
  must(
    'return in transit',
    await post(RETURN_API.save.path, {
      scanned: c.back.map((CartonId) => ({ CartonId })),
      IsActive: true,
      Remark: 'Truck turned back',
    }),
  );
  c.dGot = await dispatchTo([c.got]);
  must('receive', await post(RECEIVE_API.save.path, { DispatchId: c.dGot }, W.token));
  must(
    'return after receipt',
    await post(RETURN_API.save.path, { scanned: [{ CartonId: c.got }], IsActive: false, Remark: 'Wrong depot' }),
  );
  must('damage', await post(CARTON_DAMAGE_API.damage.path, { DamageCid: c.damaged, Reason: 'Soaked in rain' }));
}, 180_000);

describe('a dispatch taken back', () => {
  it('from transit reads the same in the journey, the scan info, the recall trace and its export', async () => {
    expect((await journey(uid(1))).map((s) => s.activity).slice(-2)).toEqual([
      `Dispatched on ${c.dBack} to ${depot}`,
      `Taken back from ${c.dBack} in transit`,
    ]);
    expect((await journey(c.dBack)).map((s) => s.activity)).toEqual([
      `Dispatched to ${depot}`,
      '2 cartons taken back in transit',
    ]);
    expect(await statuses(c.dBack)).toEqual(c.back.map((id) => [id, 'Returned']));
    // Back at the factory: packed where it was packed.
    expect(await statuses(uid(1))).toEqual([[`PID${A.prefix}1`, 'Packed']]);

    const a = await trace();
    const leg = a.Dispatches.find((d) => d.DID === c.dBack);
    expect(leg).toMatchObject({ Cartons: 2, Packs: 4, State: 'Returned', ReceivedDate: null });
    expect(a.Cartons.filter((x) => c.back.includes(x.SID)).map((x) => [x.SID, x.Where, x.WhereName])).toEqual(
      c.back.map((id) => [id, 'site', factory]),
    );
    const csv = traceCsv(await trace(true)).split('\r\n');
    const row = csv.find((l) => l.startsWith(`${c.dBack},`))!;
    expect(row).toContain(',Returned,');
    expect(row).not.toContain('In Transit');
  });

  it('after its receipt reads the same: received, then taken back', async () => {
    expect((await journey(uid(5))).map((s) => s.activity).slice(-3)).toEqual([
      `Dispatched on ${c.dGot} to ${depot}`,
      `Received at ${depot}`,
      `Taken back from ${c.dGot}`,
    ]);
    expect(await statuses(c.dGot)).toEqual([[c.got, 'Returned']]);
    expect((await trace()).Dispatches.find((d) => d.DID === c.dGot)).toMatchObject({
      Cartons: 1,
      Packs: 2,
      State: 'Returned',
      ReceivedDate: expect.any(String),
    });
  });
});

describe('a carton damaged for good', () => {
  it("is counted in the trace's Damaged total, its range's and its places alike", async () => {
    expect(await statuses(uid(7))).toEqual([[`PID${A.prefix}7`, 'Damaged']]);
    expect(await statuses(c.damaged)).toEqual([
      [`PID${A.prefix}7`, 'Damaged'],
      [`PID${A.prefix}8`, 'Damaged'],
    ]);
    const a = await trace();
    expect(a.Totals).toMatchObject({ Mapped: 200, Packed: 10, Damaged: 2, Unpacked: 190, Cartons: 5, Dispatches: 2 });
    expect(a.Ranges.map((r) => [r.Qty, r.Packed, r.Damaged])).toEqual([[200, 10, 2]]);
    expect(a.Places).toEqual([
      { Where: 'site', WhereName: factory, Cartons: 4, Packs: 8 },
      { Where: 'damaged', WhereName: '', Cartons: 1, Packs: 2 },
    ]);
    const damagedPlaces = a.Places.filter((p) => p.Where === 'damaged').reduce((sum, p) => sum + p.Packs, 0);
    expect(a.Totals.Damaged).toBe(damagedPlaces);
    expect(traceCsv(a).split('\r\n')).toContain('Damaged,2');
  });
});

describe('the stock reports and the item ledger', () => {
  it('agree with the trace for those packs', async () => {
    const a = await trace();
    const atFactory = a.Places.filter((p) => p.Where === 'site' && p.WhereName === factory).reduce(
      (sum, p) => sum + p.Packs,
      0,
    );
    expect((await report(REPORTS.availableStock)).map((r) => [r.DDName, r.stock])).toEqual([[BATCH, atFactory]]);
    expect((await report(REPORTS.newStock)).map((r) => [r.DDName, r.PackedStock, r.stock])).toEqual([
      [BATCH, a.Totals.Packed, atFactory],
    ]);
    // Nothing stayed at the depot.
    expect(await report(REPORTS.availableStock, W.token)).toEqual([]);

    const ledger = await report(REPORTS.itemLedger);
    const legOf = (did: string) => a.Dispatches.find((d) => d.DID === did)!;
    const shown = ledger.map((r) => [r.TertiaryCartonId, r.CurrentStatus, r.ReceivedDt === null]).sort();
    expect(shown).toEqual(
      [
        ...c.back.map((id) => [id, legOf(c.dBack).State, legOf(c.dBack).ReceivedDate === null]),
        [c.got, legOf(c.dGot).State, false],
      ].sort(),
    );
  });
});
