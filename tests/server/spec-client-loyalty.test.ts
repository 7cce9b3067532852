// The spec's own client (tests/helpers/spec-client.ts) on the public and loyalty calls: spec 3 section
// 7's VerifyProduct, UpdateFeedback, CreateUserPointTransaction, PickLuckyUsers and GetDispatchToPrint,
// and spec 2 section 7's loyalty requests and Scheme Master calls, each with the document's body and
// read by its fields (spec 3 section 3's verification answer, spec 2 section 3's rows).
import { beforeAll, expect } from 'vitest';
import { PAGE } from '../../src/shared/pages.js';
import { indiaDate } from '../../src/shared/today.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { FLOW_PAGES, REPORT_PAGES, reportWorld, MOBILE, type ReportWorld } from '../helpers/factories-reports.js';
import { setPages } from '../helpers/factories.js';
import { appCodes, urlOf } from '../helpers/factories-pairs.js';
import { insertReference, nextPrefix, REF } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';
import {
  b,
  d,
  dataOf,
  holds,
  listRequest,
  masterList,
  n,
  playTable,
  rowsOf,
  s,
  specCaller,
  WEEK,
  type Kind,
  type Row,
  type SpecAnswer,
  type SpecCaller,
  type TableCall,
} from '../helpers/spec-client.js';

const t = useApp();
let call: SpecCaller;
interface World {
  A: ReportWorld;
  uid: string;
  made: Record<string, string | number>;
}
const w = { made: {} } as World;
const FARMER = '9876500077';

beforeAll(async () => {
  call = specCaller(t);
  await insertReference(t.db);
  const codes = await appCodes(t);
  w.A = await reportWorld(t, codes, nextPrefix());
  await setPages(t.db, w.A.f.userId, [
    ...FLOW_PAGES,
    ...REPORT_PAGES,
    PAGE.redemptionRequests.key,
    PAGE.schemeConfiguration.key,
  ]);
  w.uid = codes.make({ kind: 'S', prefix: w.A.f.prefix }, 2);
}, 120_000);

const user = (x: World) => x.A.f.token;
const nobody = () => '';
const saved = (where: string) => (res: SpecAnswer) => {
  dataOf(res, where);
};

/** Spec 3 section 3's verification request (verificationMode Web, verificationType 2, the page URL as qrData). */
const verification = (x: World, more: Row = {}) => ({
  verificationMode: 'Web',
  qrData: urlOf(t, x.uid),
  verificationType: 2,
  UID: x.uid,
  UsrCity: 'Aacity',
  UsrState: 'Aalpha Pradesh',
  UsrCntry: 'India',
  UsrAdrs: 'Aacity, Aalpha Pradesh',
  UsrZip: '422010',
  ...more,
});
const verifyFields: Record<string, Kind> = Object.fromEntries(
  [
    'FeedbackId',
    'ProductImg',
    'GenuineAudio',
    'CreatedDt',
    'ProductName',
    'ProductDscrptn',
    'TechnicalName',
    'GTIN',
    'BatchNo',
    'MFGDate',
    'ExpireDate',
    'Pamphlet',
    'Label',
    'CustomerCareTollfreeNo',
    'CustomerCareNo',
    'ProductCd',
    'ManufactureName',
    'ProductUOM',
    'MarketedBy',
    'RegistrationNo',
    'DOM',
    'CautionarySymbol',
    'AntidoteStatement',
  ]
    .map((k) => [k, 'text?' as Kind])
    .concat([
      ['Isloyalty', b],
      ['LoyaltyPoints', n],
    ]),
);

const CALLS: TableCall<World>[] = [
  {
    method: 'POST',
    path: 'ProductAuthentication/VerifyProduct',
    spec: 'verification request; -3 asks for the Details Form',
    page: 'P',
    token: nobody,
    body: (x) => verification(x),
    read: (res) => {
      expect(res.status).toBe(200);
      expect(['-3', '200']).toContain(res.body.ResponseCode);
    },
  },
  {
    method: 'POST',
    path: 'ProductAuthentication/VerifyProduct',
    spec: 'with the form: Name, email, MobileNo, isFormFilled',
    page: 'P',
    token: nobody,
    body: (x) => verification(x, { Name: 'Gopal Rao', email: '', MobileNo: FARMER, isFormFilled: true }),
    read: (res, x) => {
      const data = dataOf<Row>(res, 'VerifyProduct');
      holds(data, verifyFields, 'VerifyProduct');
      expect(data.LoyaltyPoints).toBeGreaterThan(0);
      x.made.feedback = data.FeedbackId as string;
      x.made.points = data.LoyaltyPoints as number;
      x.made.product = data.ProductName as string;
    },
  },
  {
    method: 'POST',
    path: 'ProductAuthentication/UpdateFeedback',
    spec: 'defined; not called from these screens',
    page: 'P',
    token: nobody,
    body: (x) => ({ FeedbackId: x.made.feedback, UsrFeedback: 'Good germination' }),
    read: saved('UpdateFeedback'),
  },
  {
    method: 'POST',
    path: 'UserPointTransaction/CreateUserPointTransaction',
    spec: 'UsrId, Points, Totalpoints, ProductName, SchemeName, PaytmPoint, Location, MobNo, UserName',
    page: 'P',
    token: nobody,
    body: (x) => ({
      UsrId: x.made.feedback,
      Points: x.made.points,
      Totalpoints: x.made.points,
      ProductName: x.made.product,
      SchemeName: '',
      PaytmPoint: 0,
      Location: 'Aacity',
      MobNo: FARMER,
      UserName: 'Gopal Rao',
    }),
    read: saved('CreateUserPointTransaction'),
  },
  {
    method: 'POST',
    path: 'RedemptionReport/GetLoyaltyRequests',
    spec: '(IsAccepted 0 or 1)',
    page: 'redemption-requests',
    token: user,
    body: () => masterList({ IsAccepted: 0 }),
    read: (res, x) => {
      const row = rowsOf(res, 'GetLoyaltyRequests').find((r) => r.MobileNo === FARMER)!;
      holds(row, { Id: n, UserName: s, MobileNo: s, Point: n, RequestDate: d, CreatedDt: d }, 'loyalty request');
      expect(row.Point).toBe(x.made.points);
      x.made.request = row.Id as number;
    },
  },
  {
    method: 'GET',
    path: 'RedemptionReport/AcceptPointsRequest/{id}/{remark}',
    spec: 'none',
    page: 'redemption-requests',
    token: user,
    url: (x) => `RedemptionReport/AcceptPointsRequest/${x.made.request}/${encodeURIComponent('Paid by UPI')}`,
    read: saved('AcceptPointsRequest'),
  },
  {
    method: 'POST',
    path: 'RedemptionReport/GetLoyaltyRequests',
    spec: 'IsAccepted 1: the Accepted Requests table',
    page: 'redemption-requests',
    token: user,
    body: () => masterList({ IsAccepted: 1 }),
    read: (res, x) => {
      const row = rowsOf(res, 'GetLoyaltyRequests accepted').find((r) => r.Id === x.made.request)!;
      holds(row, { Remark: s, ApprovedDate: d }, 'accepted request');
      expect(row.Remark).toBe('Paid by UPI');
    },
  },

  // Scheme Master (spec 2 section 7's master payload).
  {
    method: 'GET',
    path: 'Scheme/GetuserDDL',
    spec: 'none',
    page: 'scheme-master',
    token: user,
    read: (res, x) => {
      const rows = rowsOf(res, 'GetuserDDL', false);
      holds(rows[0]!, { Utype: n, TypeName: s }, 'user type');
      x.made.utype = rows[0]!.Utype as number;
    },
  },
  {
    method: 'POST',
    path: 'Scheme/CreateScheme',
    spec: 'master payload: ProductId, Utype, SchemeId, SchemeName, Schemedescription, StartDate, EndDate, LoyaltyPoints, IsActive',
    page: 'scheme-master',
    token: user,
    body: (x) => ({
      ProductId: x.A.f.productId,
      Utype: x.made.utype,
      SchemeId: 0,
      SchemeName: 'Spec monsoon',
      Schemedescription: '',
      StartDate: indiaDate(),
      EndDate: addDays(indiaDate(), 30),
      LoyaltyPoints: 4,
      IsActive: true,
    }),
    read: saved('CreateScheme'),
  },
  {
    method: 'POST',
    path: 'Scheme/GetSchemes',
    spec: 'paged',
    page: 'scheme-master',
    token: user,
    body: () => masterList({ SearchValue: 'Spec monsoon' }),
    read: (res) => {
      const [row] = rowsOf(res, 'GetSchemes');
      holds(
        row!,
        {
          SchemeId: n,
          SchemeName: s,
          StartDate: d,
          EndDate: d,
          LoyaltyPoints: n,
          IsActive: b,
          ProductId: n,
          ProductName: s,
          Utype: n,
          TypeName: s,
        },
        'scheme',
      );
    },
  },
  {
    method: 'POST',
    path: 'Scheme/GetPrdctMpping',
    spec: '(defined, unused on these screens)',
    page: 'scheme-configuration',
    token: user,
    body: (x) => ({ SchemeType: 'PB', Ids: [x.A.f.productId] }),
    read: (res) => {
      const rows = rowsOf(res, 'GetPrdctMpping', false);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows)
        holds(r, { MappingId: n, ProductName: s, BatchNo: s, Qty: n, MFGDate: d, EXPDate: d }, 'mappingData');
    },
  },

  // Pick Lucky Users (exact body not shown: product, location, dates, Qty) and the dispatch print.
  {
    method: 'POST',
    path: 'VerificationReport/PickLuckyUsers',
    spec: 'product, location, dates, Qty (exact body not shown)',
    page: 'lucky-users',
    token: user,
    body: (x) => ({ ProductId: x.A.f.productId, Location: REF.stateA, ...WEEK(), Qty: 5 }),
    read: (res) => {
      const rows = rowsOf(res, 'PickLuckyUsers', false);
      expect(rows.map((r) => r.MobileNo).sort()).toEqual([FARMER, MOBILE].sort());
      for (const r of rows) holds(r, { ProductName: s, Feedback: 'text?', MobileNo: s, VerifiedDate: d }, 'lucky user');
    },
  },
  {
    method: 'POST',
    path: 'DispatchReport/GetDispatchToPrint',
    spec: 'sends the row; ResponseData is used for a PDF',
    page: 'dispatch-report',
    token: user,
    before: async (x) => {
      const rows = rowsOf(
        await call('POST', 'DispatchReport/GetDispatchReport', x.A.f.token, 'dispatch-report', listRequest('CartonId')),
        'GetDispatchReport',
      );
      x.made.row = JSON.stringify(rows.find((r) => r.DispatchId === x.A.toDepot.did));
    },
    body: (x) => JSON.parse(String(x.made.row)) as Row,
    read: (res) => {
      expect(dataOf(res, 'GetDispatchToPrint')).toBeTruthy();
    },
  },
];

playTable(
  'spec 2 and 3 section 7: verification, points, loyalty requests, Scheme Master, lucky users, dispatch print',
  CALLS,
  () => w,
  () => call,
);
