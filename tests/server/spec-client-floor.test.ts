// The spec's own client (tests/helpers/spec-client.ts) on spec 2 section 7's floor calls: secondary
// and tertiary packing, carton damage, dispatch, dispatch receive, carton return, replace and the
// tracking lookups, each with the document's body (section 3's save payloads) and read by its rows.
import { beforeAll, expect } from 'vitest';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import { PAGE } from '../../src/shared/pages.js';
import { insertSiteUser, type SiteUser } from '../helpers/factories-dispatch-legs.js';
import { cartonSize, codesOf, floorFactory, slip, type FloorFactory } from '../helpers/factories-floor.js';
import { appCodes, urlOf } from '../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';
import {
  dataOf,
  holds,
  masterList,
  n,
  playTable,
  rowsOf,
  s,
  d,
  specCaller,
  warningOf,
  type Row,
  type SpecAnswer,
  type SpecCaller,
  type TableCall,
} from '../helpers/spec-client.js';

const t = useApp();
let call: SpecCaller;
interface World {
  f: FloorFactory;
  W: SiteUser;
  codes: CodeMac;
  size2: number;
  size1: number;
  made: Record<string, string | number>;
}
const w = { made: {} } as World;
const FLOOR = [
  PAGE.secondaryPacking,
  PAGE.tertiaryPacking,
  PAGE.damageCarton,
  PAGE.dispatch,
  PAGE.dispatchReceive,
  PAGE.cartonReturn,
  PAGE.replace,
  PAGE.qrCodeTrackingReport,
].map((p) => p.key);

beforeAll(async () => {
  call = specCaller(t);
  await insertReference(t.db);
  w.codes = await appCodes(t);
  w.f = await floorFactory(t, nextPrefix(), FLOOR);
  w.W = await insertSiteUser(t, w.f.companyId, FLOOR);
  w.size2 = await cartonSize(t.db, 2);
  w.size1 = await cartonSize(t.db, 1);
}, 120_000);

const user = (x: World) => x.f.token;
const depot = (x: World) => x.W.token;
const uid = (x: World, no: number) => codesOf(x.codes, x.f.prefix, no, no)[0]!;
const sid = (x: World, no: number) => slip('SID', x.f.prefix, no);
const tid = (x: World, no: number) => slip('TID', x.f.prefix, no);
const saved = (where: string) => (res: SpecAnswer) => {
  dataOf(res, where);
};
/** Section 3's scanned carton: Id, CartonId, ProductName, ProductId, BatchNo, CartonName, Qty, MFGDate, EXPDate, SeqNo. */
const scannedFields = {
  Id: n,
  CartonId: s,
  ProductName: s,
  ProductId: n,
  BatchNo: s,
  CartonName: s,
  Qty: n,
  MFGDate: d,
  EXPDate: d,
  SeqNo: n,
} as const;
/** A scanned item as the Secondary Packing screen keeps it (section 2: Visible No, Batch No, Product Name, MFG Date). */
const item = (x: World, no: number) => ({ UID: uid(x, no), BatchNo: 'B-1', MFGDate: '2026-01-10', SeqNo: no });

const CALLS: TableCall<World>[] = [
  {
    method: 'GET',
    path: 'CartonMaster/GetActiveCartonDDL',
    spec: 'active carton master dropdown: CartonId, CartonName, CartonSize',
    page: 'secondary-packing',
    token: user,
    read: (res, x) => {
      expect(rowsOf(res, 'GetActiveCartonDDL', false)).toContainEqual(
        expect.objectContaining({ CartonId: x.size2, CartonSize: 2 }),
      );
    },
  },
  {
    method: 'POST',
    path: 'SecondaryPacking/save',
    spec: 'cartonMasterId, scanned, reason, CartonName',
    page: 'secondary-packing',
    token: user,
    body: (x) => ({ cartonMasterId: x.size2, scanned: [item(x, 1), item(x, 2)], reason: '', CartonName: sid(x, 1) }),
    read: saved('SecondaryPacking/save'),
  },
  {
    method: 'POST',
    path: 'SecondaryPacking/save',
    spec: 'a second carton',
    page: 'secondary-packing',
    token: user,
    body: (x) => ({ cartonMasterId: x.size2, scanned: [item(x, 3), item(x, 4)], reason: '', CartonName: sid(x, 2) }),
    read: saved('SecondaryPacking/save'),
  },
  {
    method: 'POST',
    path: 'SecondaryPacking/save',
    spec: 'a fractional carton with its reason',
    page: 'secondary-packing',
    token: user,
    body: (x) => ({
      cartonMasterId: x.size2,
      scanned: [item(x, 5)],
      reason: 'Short run at shift end',
      CartonName: sid(x, 3),
    }),
    read: saved('fractional'),
  },
  {
    method: 'POST',
    path: 'SecondaryPacking/save',
    spec: 'a fourth carton, for damage',
    page: 'secondary-packing',
    token: user,
    body: (x) => ({ cartonMasterId: x.size1, scanned: [item(x, 6)], reason: '', CartonName: sid(x, 4) }),
    read: saved('fourth'),
  },
  {
    method: 'POST',
    path: 'SecondaryPacking/GetSecondaryPacking',
    spec: 'history: Id, CartonId, TotalQty, CreatedDt, CartonName, reason',
    page: 'secondary-packing',
    token: user,
    body: () => masterList({ PageSize: 10 }),
    read: (res, x) => {
      const rows = rowsOf(res, 'GetSecondaryPacking');
      for (const r of rows)
        holds(r, { Id: n, CartonId: s, TotalQty: n, CreatedDt: d, CartonName: s, reason: 'text?' }, 'secondary row');
      expect(rows.find((r) => r.CartonId === sid(x, 3))).toMatchObject({
        TotalQty: 1,
        reason: 'Short run at shift end',
      });
    },
  },
  {
    method: 'POST',
    path: 'TertiaryPacking/GetScanSecondaryPacking?sid={id}',
    spec: 'scanned list also sent',
    page: 'tertiary-packing',
    token: user,
    url: (x) => `TertiaryPacking/GetScanSecondaryPacking?sid=${sid(x, 2)}`,
    body: (x) => ({ scanned: [sid(x, 1)] }),
    read: (res, x) => {
      const row = dataOf<Row>(res, 'GetScanSecondaryPacking');
      holds(row, scannedFields, 'scanned SID');
      expect(row.CartonId).toBe(sid(x, 2));
    },
  },
  {
    method: 'POST',
    path: 'TertiaryPacking/save',
    spec: 'cartonMasterId, scanned, remark, CartonName, reason',
    page: 'tertiary-packing',
    token: user,
    body: (x) => ({
      cartonMasterId: x.size2,
      scanned: [
        { Id: 1, CartonId: sid(x, 1) },
        { Id: 2, CartonId: sid(x, 2) },
      ],
      remark: '',
      CartonName: tid(x, 5),
      reason: '',
    }),
    read: saved('TertiaryPacking/save'),
  },
  {
    method: 'POST',
    path: 'TertiaryPacking/GetTertiaryPacking',
    spec: 'history: TertiaryCartonId, TotalSecondaryCarton, CreatedDt, CartonName, reason',
    page: 'tertiary-packing',
    token: user,
    body: () => masterList({ PageSize: 10 }),
    read: (res, x) => {
      const row = rowsOf(res, 'GetTertiaryPacking').find((r) => r.TertiaryCartonId === tid(x, 5))!;
      holds(
        row,
        { TertiaryCartonId: s, TotalSecondaryCarton: n, CreatedDt: d, CartonName: s, reason: 'text?' },
        'tertiary row',
      );
      expect(row.TotalSecondaryCarton).toBe(2);
    },
  },
  {
    method: 'POST',
    path: 'ProductDamage/CartonDamage',
    spec: '{DamageCid, Reason}',
    page: 'Damage-carton',
    token: user,
    body: (x) => ({ DamageCid: sid(x, 4), Reason: 'Crushed by the forklift' }),
    read: saved('CartonDamage'),
  },

  // Dispatch to the depot: the modes, a scan, the save and its invoice, the list.
  {
    method: 'GET',
    path: 'GetModeDDL',
    spec: 'transport mode ids come from the server',
    page: 'dispatch',
    token: user,
    url: () => 'Dispatch/GetModeDDL',
    read: (res, x) => {
      const modes = rowsOf(res, 'GetModeDDL', false);
      holds(modes[0]!, { TransportModeId: n }, 'mode');
      x.made.mode = modes[0]!.TransportModeId as number;
    },
  },
  {
    method: 'GET',
    path: 'GetTertiaryPackingScan?sid={id}&&checkItemDate={flag}',
    spec: 'scanned list also sent',
    page: 'dispatch',
    token: user,
    url: (x) => `Dispatch/GetTertiaryPackingScan?sid=${tid(x, 5)}&&checkItemDate=true`,
    read: (res, x) => {
      const row = dataOf<Row>(res, 'GetTertiaryPackingScan');
      holds(row, scannedFields, 'scanned TID');
      expect(row.CartonId).toBe(tid(x, 5));
    },
  },
  {
    method: 'POST',
    path: 'save',
    spec: 'SendTo, WareHouseId, scanned, TransportModeId, LR, optional Remark',
    page: 'dispatch',
    token: user,
    url: () => 'Dispatch/save',
    body: (x) => ({
      SendTo: 0,
      WareHouseId: x.W.siteId,
      TransportModeId: x.made.mode,
      LR: 'LR-2041',
      Remark: '',
      scanned: [
        { Id: 1, CartonId: tid(x, 5), ProductName: '', BatchNo: 'B-1', CartonName: '', MFGDate: '', EXPDate: '' },
        { Id: 2, CartonId: sid(x, 3) },
      ],
    }),
    read: (res, x) => {
      // Section 3's invoice data: CartonId (the dispatch number), userDetail, TransportMode, LR, Qty, cartonList.
      const inv = dataOf<Row>(res, 'Dispatch/save');
      holds(
        inv,
        { CartonId: s, TransportMode: s, LR: s, Qty: n, cartonList: 'array', userDetail: 'object' },
        'invoice',
      );
      holds(
        inv.userDetail as Row,
        { FirmName: s, bill_Address1: 'text?', bill_CityName: 'text?', bill_StateName: 'text?', bill_Pincode: 'text?' },
        'userDetail',
      );
      for (const c of inv.cartonList as Row[])
        holds(c, { CartonId: s, ProductName: s, BatchNo: s, TotalQty: n, ProductUOM: 'text?' }, 'cartonList');
      x.made.did = inv.CartonId as string;
    },
  },
  {
    method: 'POST',
    path: 'GetDispatch',
    spec: 'list request; DispatchId, TotalCarton, CreatedDt, userName, TotalRows',
    page: 'dispatch',
    token: user,
    url: () => 'Dispatch/GetDispatch',
    body: () => masterList({ PageSize: 10 }),
    read: (res, x) => {
      const row = rowsOf(res, 'GetDispatch').find((r) => r.DispatchId === x.made.did)!;
      holds(row, { DispatchId: s, TotalCarton: n, CreatedDt: d, userName: s, TotalRows: n }, 'dispatch row');
      expect(row.TotalCarton).toBe(2);
    },
  },

  // The factory takes one carton back from transit; the depot receives the other.
  {
    method: 'POST',
    path: 'GetDispatchReceive',
    spec: 'DispatchId, TotalCarton, Status',
    page: 'dispatch-receive',
    token: depot,
    url: () => 'Dispatch/GetDispatchReceive',
    body: () => masterList({ PageSize: 10 }),
    read: (res, x) => {
      holds(
        rowsOf(res, 'GetDispatchReceive').find((r) => r.DispatchId === x.made.did)!,
        { DispatchId: s, TotalCarton: n, Status: s },
        'incoming',
      );
    },
  },
  {
    method: 'POST',
    path: 'GetDispatchReceiveCarton',
    spec: '{DispatchId}',
    page: 'dispatch-receive',
    token: depot,
    url: () => 'Dispatch/GetDispatchReceiveCarton',
    body: (x) => ({ DispatchId: x.made.did }),
    read: (res) => {
      const rows = rowsOf(res, 'GetDispatchReceiveCarton', false);
      expect(rows).toHaveLength(2);
      for (const r of rows)
        holds(r, { TertiaryCartonId: s, ProductName: s, Qty: n, CreatedDt: d, DispatchId: s }, 'receive carton');
    },
  },
  {
    method: 'POST',
    path: 'GetPackingForReturn',
    spec: '(cartonID, isTransit, wareHouseId)',
    page: 'carton-return',
    token: user,
    url: () => 'Dispatch/GetPackingForReturn',
    body: (x) => ({ cartonID: sid(x, 3), isTransit: true, wareHouseId: x.f.siteId }),
    read: (res, x) => {
      const rows = rowsOf(res, 'GetPackingForReturn', false);
      expect(rows.map((r) => r.CartonId)).toEqual([sid(x, 3)]);
      holds(rows[0]!, { Id: n, CartonId: s, ProductName: s, MFGDate: d, EXPDate: d }, 'return row');
    },
  },
  {
    method: 'POST',
    path: 'ReturnCarton',
    spec: '{scanned, IsActive, Remark}',
    page: 'carton-return',
    token: user,
    url: () => 'Dispatch/ReturnCarton',
    body: (x) => ({
      scanned: [{ Id: 1, CartonId: sid(x, 3), ProductName: '', MFGDate: '', EXPDate: '' }],
      IsActive: true,
      Remark: 'Short, taken back from transit',
    }),
    read: saved('ReturnCarton'),
  },
  {
    method: 'POST',
    path: 'DispatchCartonReceive',
    spec: 'list of ids',
    page: 'dispatch-receive',
    token: depot,
    url: () => 'Dispatch/DispatchCartonReceive',
    body: (x) => [tid(x, 5)],
    read: saved('DispatchCartonReceive'),
  },
  {
    method: 'POST',
    path: 'SaveDispatchReceive',
    spec: '(defined beside DispatchCartonReceive)',
    page: 'dispatch-receive',
    token: depot,
    url: () => 'Dispatch/SaveDispatchReceive',
    body: (x) => ({ DispatchId: x.made.did }),
    // Every carton of the dispatch is received or taken back already: the warning the screen shows, naming it.
    read: (res, x) => {
      expect(warningOf(res, 'SaveDispatchReceive')).toContain(String(x.made.did));
    },
  },

  // Replace a packed code, then the tracking lookups.
  {
    method: 'POST',
    path: 'Replace/GetQrCodeDetails',
    spec: '{FistQrCode, Type}',
    page: 'replace',
    token: depot,
    body: (x) => ({ FistQrCode: urlOf(t, uid(x, 1)), Type: 'PID' }),
    read: (res) => {
      holds(
        rowsOf(res, 'GetQrCodeDetails', false)[0]!,
        { RandomNumber: s, ProductName: s, ProductDscrptn: 'text?', SecondaryCarton: s },
        'details',
      );
    },
  },
  {
    method: 'POST',
    path: 'Replace/ReplaceQrCode',
    spec: '{FistQrCode, Type, SecondQrCode}',
    page: 'replace',
    token: depot,
    body: (x) => ({ FistQrCode: urlOf(t, uid(x, 1)), Type: 'PID', SecondQrCode: urlOf(t, uid(x, 50)) }),
    read: saved('ReplaceQrCode'),
  },
  {
    method: 'GET',
    path: 'GetScanInfo?qr={code}',
    spec: 'Id, SeqNo, ProductName, Qty, date',
    page: 'qr-code-tracking-report',
    token: user,
    url: (x) => `Dispatch/GetScanInfo?qr=${x.made.did}`,
    read: (res) => {
      for (const r of rowsOf(res, 'GetScanInfo', false))
        holds(r, { Id: s, SeqNo: n, ProductName: s, Qty: n, date: d }, 'scan info');
    },
  },
  {
    method: 'GET',
    path: 'GetJourney?qr={code}',
    spec: 'activity, date',
    page: 'qr-code-tracking-report',
    token: user,
    url: (x) => `Dispatch/GetJourney?qr=${encodeURIComponent(urlOf(t, uid(x, 3)))}`,
    read: (res) => {
      const items = rowsOf(res, 'GetJourney', false);
      expect(items.length).toBeGreaterThan(1);
      for (const r of items) holds(r, { activity: s, date: d }, 'journey');
    },
  },
];

playTable(
  'spec 2 section 7: packing, carton damage, dispatch, receive, return, replace, tracking',
  CALLS,
  () => w,
  () => call,
);
