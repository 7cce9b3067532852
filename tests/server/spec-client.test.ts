// The spec's own client (tests/helpers/spec-client.ts) on spec 3 section 7's report and export calls,
// the dropdowns, the scheme calls of spec 2 and the product list; the other areas are in spec-client-*.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../src/shared/today.js';
import { appCodes } from '../helpers/factories-pairs.js';
import { designScheme, masterScheme, saveScheme } from '../helpers/factories-loyalty.js';
import { FLOW_PAGES, REPORT_PAGES, reportWorld, type ReportWorld } from '../helpers/factories-reports.js';
import { setPages } from '../helpers/factories.js';
import { PAGE } from '../../src/shared/pages.js';
import { insertReference, nextPrefix } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';
import {
  holds,
  listRequest,
  n,
  rowsOf,
  s,
  d,
  specCaller,
  type Kind,
  type Row,
  type SpecCaller,
} from '../helpers/spec-client.js';

const t = useApp();
let codes: CodeMac;
let A: ReportWorld;
let admin: string;
let call: SpecCaller;

beforeAll(async () => {
  call = specCaller(t);
  await insertReference(t.db);
  codes = await appCodes(t);
  A = await reportWorld(t, codes, nextPrefix());
  // The factory's user also holds Scheme Design, so it reaches both scheme screens' calls.
  await setPages(t.db, A.f.userId, [...FLOW_PAGES, ...REPORT_PAGES, PAGE.schemeConfiguration.key]);
  admin = await t.token('admin');
}, 120_000);

// Spec 3 section 7's report calls; the rows of section 3 ('Report rows'); the default sorts of section 9.
const REPORT_CALLS: { page: string; list: string; exports?: string; sort: string; fields: Record<string, Kind> }[] = [
  {
    page: 'mapping-report',
    list: 'MappingReport/GetMappingReport',
    exports: 'MappingReport/GetMappingExport',
    sort: 'CreatedDt',
    fields: { ProductName: s, FromNo: n, ToNo: n, Qty: n, CreatedDt: d, TotalRows: n },
  },
  {
    page: 'Demapping-report',
    list: 'DemappingReport/GetDemappingReport',
    sort: 'CreatedDt',
    fields: { FromNo: n, ToNo: n, Qty: n, ProductName: s, CreatedDt: d, TotalRows: n },
  },
  {
    page: 'verification-report',
    list: 'VerificationReport/GetVerificationReport',
    exports: 'VerificationReport/GetVerificationExport',
    sort: 'VerifiedDt',
    fields: {
      ProductName: s,
      VerifiedDt: d,
      UsrAdrs: 'text?',
      MobileNo: 'text?',
      Email: 'text?',
      FirstName: 'text?',
      ResultMessage: s,
    },
  },
  {
    page: 'feedback-report',
    list: 'FeedbackReport/GetFeedbackReport',
    exports: 'FeedbackReport/GetFeedbackExport',
    sort: 'VerifiedDt',
    fields: { ProductName: s, UsrFeedback: s, MobNo: 'text?', VerifiedDt: d },
  },
  {
    page: 'dispatch-report',
    list: 'DispatchReport/GetDispatchReport',
    exports: 'DispatchReport/GetReportExportDispatch',
    sort: 'CartonId',
    fields: { DispatchId: s, CreatedDt: d, FromWareHouse: s, Name: s, CartonId: s },
  },
  {
    page: 'dispatch-receive-report',
    list: 'DispatchReport/GetDispatchRecReport',
    sort: 'DispatchId',
    fields: { DispatchId: s, ProductName: s, Quantity: n, DispatchDate: d, ReceivedBy: s, ReceiveDate: d },
  },
  {
    page: 'Damage-report',
    list: 'DispatchReport/GetDamageReport',
    sort: 'CreatedDt',
    fields: { CartonId: s, ProductName: s, DamageQty: n, damagedate: d, reason: s, DamageBy: s },
  },
  {
    page: 'fractional-carton-report',
    list: 'DispatchReport/GetFractionalReport',
    sort: 'CartonId',
    fields: { CartonId: s, TQuantity: n, AQuantity: n, DispatchedBy: s, Date: d, Reason: s },
  },
  {
    page: 'secondary-packing-report',
    list: 'SecondaryReport/GetSecondaryReport',
    exports: 'SecondaryReport/GetReportExport',
    sort: 'CartonId',
    fields: { CartonId: s, Qty: n, PackedBy: s, CreatedDt: d, CartonName: s, CartonSize: n },
  },
  {
    page: 'tertiary-packing-report',
    list: 'TertiaryReport/GetTertiaryReport',
    exports: 'TertiaryReport/GetReportExport',
    sort: 'CartonId',
    fields: { CartonId: s, Qty: n, PackedBy: s, CreatedDt: d, CartonName: s, CartonSize: n },
  },
  {
    page: 'item-ledger',
    list: 'ItemLedgerReport/GetReport',
    exports: 'ItemLedgerReport/GetExport',
    sort: 'CreatedDt',
    fields: {
      ProductName: s,
      TotalQty: n,
      TertiaryCartonId: s,
      CreatedDt: d,
      ReceivedDt: 'date?',
      CurrentStatus: s,
      Cfrom: s,
      CTo: s,
      Remark: 'text?',
    },
  },
  {
    page: 'stock-report',
    list: 'ItemLedgerReport/GetStockReport',
    exports: 'ItemLedgerReport/GetStockExport',
    sort: 'CreatedDt',
    fields: { ProductName: s, DDName: 'text?', stock: n },
  },
  {
    page: 'new-Stock',
    list: 'ItemLedgerReport/GetNewStockReport',
    sort: 'CreatedDt',
    fields: { ProductName: s, DDName: 'text?', TotalQty: n, PackedStock: n, DisptachQty: n, stock: n },
  },
  {
    page: 'scheme-report',
    list: 'SchemeReport/GetSchemeReport',
    exports: 'SchemeReport/GetSchemeExport',
    sort: 'CreatedDt',
    fields: { SchemeId: n, SchemeName: s, CreatedDate: d, FromNo: n, ToNo: n, Qty: n, StartDate: d, EndDate: d },
  },
  {
    page: 'missing-carton-report',
    list: 'MissingCartonRpt/GetMissingCartonReport',
    exports: 'MissingCartonRpt/GetMissingCartonExport',
    sort: 'CreatedDt',
    fields: { DispatchId: s, TertiaryCartonId: s, CreatedDt: d },
  },
  {
    page: 'Dispatch-Loyalty-report',
    list: 'Scheme/GetDispatchLoyaltyData',
    exports: 'Scheme/GetDispatchLoyaltyExport',
    sort: 'CreatedDt',
    fields: { DispatchId: s, UserName: s, TotalPoints: n, CreatedDt: d },
  },
  {
    page: 'redemption-report',
    list: 'RedemptionReport/GetRedemptionReport',
    exports: 'RedemptionReport/GetRedemptionExport',
    sort: 'CreatedDt',
    fields: { Name: 'text?', MobileNo: s, TotalPoints: n, CreatedDt: d },
  },
];

describe('spec 3 section 7: the report calls', () => {
  it('lists every report with its default sort both ways, rows with the fields section 3 names', async () => {
    for (const r of REPORT_CALLS) {
      for (const SortOrder of ['DESC', 'ASC']) {
        const rows = rowsOf(
          await call('POST', r.list, A.f.token, r.page, listRequest(r.sort, { SortOrder })),
          `${r.list} by ${r.sort}`,
        );
        expect(rows.length, `${r.list}: the world's rows`).toBeGreaterThan(0);
        for (const row of rows) holds(row, r.fields, r.list);
      }
    }
  });

  it('answers the 12 export calls with every row (PageSize -1) in ResponseData, as the list does', async () => {
    const exports = REPORT_CALLS.filter((r) => r.exports);
    expect(exports.length).toBe(12);
    for (const r of exports) {
      const body = listRequest(r.sort, { PageSize: -1 });
      const rows = rowsOf(await call('POST', r.exports!, A.f.token, r.page, body), r.exports!);
      const listed = rowsOf(await call('POST', r.list, A.f.token, r.page, body), r.list);
      expect(rows.length, r.exports).toBe(listed.length);
      expect(rows.length, r.exports).toBeGreaterThan(0);
      for (const row of rows) holds(row, { ...r.fields, TotalRows: n }, r.exports!);
    }
  });

  it('answers SAPMaster/GetSDataReport as a GET with no parameters', async () => {
    const rows = rowsOf(
      await call('GET', 'SAPMaster/GetSAPDataReport', A.f.token, 'sapdata-report'),
      'GetSAPDataReport',
      false,
    );
    for (const row of rows) holds(row, { MasterName: s, Count: n, LastUpdated: 'date?' }, 'GetSAPDataReport');
  });
});

describe("spec 3 section 7's dropdown calls and spec 2 section 3's options", () => {
  it('all active users (User/GetAllActiveUsers): the active user option', async () => {
    const rows = rowsOf(await call('GET', 'User/GetAllActiveUsers', A.f.token, 'dispatch'), 'GetAllActiveUsers', false);
    const dealer = rows.find((r) => r.UserId === A.dealerId)!;
    expect(dealer).toBeDefined();
    holds(
      dealer,
      {
        UserId: n,
        SAPCustomerCode: 'text?',
        FirstName: s,
        LastName: 'text?',
        UserType: n,
        IsFactory: 'boolean',
        bill_Address1: s,
        bill_Address2: 'text?',
        bill_CityName: s,
        bill_StateName: s,
        bill_CountryName: s,
        bill_Pincode: s,
      },
      'GetAllActiveUsers',
    );
    expect(dealer).toMatchObject({ UserType: 1, IsFactory: false, FirstName: 'Ravi' });
    const own = rows.find((r) => r.UserId === A.f.userId)!;
    expect(own.IsFactory).toBe(true);
  });

  it('warehouses by id 0 (WareHouser/GetWareHouseDDL?CompId=0): the option with both addresses', async () => {
    const rows = rowsOf(
      await call('GET', 'WareHouser/GetWareHouseDDL?CompId=0', A.f.token, 'dispatch'),
      'GetWareHouseDDL',
      false,
    );
    expect(rows.length).toBeGreaterThan(0);
    const place = {
      Address1: 'text?',
      Address2: 'text?',
      CityName: 'text?',
      StateName: 'text?',
      CountryName: 'text?',
      Pincode: 'text?',
    } as const;
    const sides = Object.fromEntries(
      ['bill', 'ship'].flatMap((side) => Object.entries(place).map(([k, v]) => [`${side}_${k}`, v])),
    );
    for (const row of rows) holds(row, { ID: n, FirmName: s, IsFactory: 'boolean', ...sides }, 'GetWareHouseDDL');
  });

  it('all products (Product/GetProductsDDL): label and value', async () => {
    const rows = rowsOf(
      await call('GET', 'Product/GetProductsDDL', A.f.token, 'stock-report'),
      'GetProductsDDL',
      false,
    );
    const mine = rows.find((r) => r.value === A.f.productId)!;
    holds(mine, { label: s, value: n }, 'GetProductsDDL');
  });

  it("mapped products by type 'LB' (Product/GetMappedProductsDDLByType?type=LB): the locations", async () => {
    const rows = rowsOf(
      await call('GET', 'Product/GetMappedProductsDDLByType?type=LB', A.f.token, 'lucky-users'),
      'ByType LB',
      false,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) holds(row, { label: s, value: n }, 'ByType LB');
  });

  it('mapped products by user or warehouse selection (Product/GetMapProductsDDLBySelectionWU)', async () => {
    const bySite = rowsOf(
      await call('POST', 'Product/GetMapProductsDDLBySelectionWU', A.f.token, 'item-ledger', {
        WareHouseId: A.f.siteId,
        IsWareHouse: true,
      }),
      'BySelectionWU site',
      false,
    );
    expect(bySite).toEqual([{ label: expect.any(String), value: A.f.productId }]);
    const byDealer = rowsOf(
      await call('POST', 'Product/GetMapProductsDDLBySelectionWU', A.f.token, 'item-ledger', {
        UserId: A.dealerId,
        IsWareHouse: false,
      }),
      'BySelectionWU user',
      false,
    );
    expect(byDealer.map((r) => r.value)).toEqual([A.f.productId]);
  });
});

describe('spec 2 section 7: the scheme calls', () => {
  it('Scheme/GetSchemes answers each screen its own rows: Scheme Design by its page or its fields', async () => {
    await saveScheme(t, A.f, masterScheme(A.f, { SchemeName: 'Spec master' }));
    const saved = await saveScheme(
      t,
      A.f,
      designScheme({ SchemeName: 'Spec design', DynamicIds: [{ value: A.f.productId, label: '', Points: 5 }] }),
    );
    expect(saved.ResponseCode, saved.ResponseMessage).toBe('200');
    const body = {
      First: 1,
      PageSize: 10,
      IsActive: true,
      SearchValue: 'Spec',
      SortColumn: 'CreatedDt',
      SortOrder: 'DESC',
    };
    const design = rowsOf(
      await call('POST', 'Scheme/GetSchemes', A.f.token, 'scheme-configuration', body),
      'GetSchemes design',
    );
    expect(design.map((r) => r.SchemeName)).toEqual(['Spec design']);
    holds(
      design[0]!,
      { SchemeId: n, SchemeName: s, SchemeType: s, SchemeBeneficiary: n, ValidFrm: d, ValidTo: d, IsActive: 'boolean' },
      'design row',
    );
    const master = rowsOf(
      await call('POST', 'Scheme/GetSchemes', A.f.token, 'scheme-master', body),
      'GetSchemes master',
    );
    expect(master.map((r) => r.SchemeName)).toEqual(['Spec master']);
    holds(
      master[0]!,
      {
        SchemeId: n,
        SchemeName: s,
        Schemedescription: 'text?',
        StartDate: d,
        EndDate: d,
        LoyaltyPoints: n,
        IsActive: 'boolean',
        ProductId: n,
        ProductName: s,
        Utype: n,
        TypeName: s,
      },
      'master row',
    );
    // Without the page header, a sort by Scheme Design's own field still names its screen.
    const sorted = rowsOf(
      await call('POST', 'Scheme/GetSchemes', A.f.token, '', { ...body, SortColumn: 'ValidFrm' }),
      'GetSchemes by ValidFrm',
    );
    expect(sorted.map((r) => r.SchemeName)).toEqual(['Spec design']);
  });

  it('GetSchemeDDL, the design choices by type, GetMappings?type=, CreatePrdctMpping and InActiveSchemeConfig', async () => {
    const ddl = rowsOf(
      await call('GET', 'Scheme/GetSchemeDDL', A.f.token, 'scheme-configuration'),
      'GetSchemeDDL',
      false,
    );
    const design = ddl.find((r) => r.SchemeName === 'Spec design')!;
    holds(design, { SchemeId: n, SchemeName: s, label: s, value: n }, 'GetSchemeDDL');

    const items = rowsOf(
      await call('GET', 'Product/GetMappedProductsDDLByType?type=PB', A.f.token, 'scheme-configuration'),
      'ByType PB',
      false,
    );
    expect(items).toContainEqual({ label: expect.any(String), value: A.f.productId });

    const chosen = [{ label: items[0]!.label, value: A.f.productId, Points: 5 }];
    const batches = rowsOf(
      await call('POST', 'Product/GetMappings?type=PB', A.f.token, 'scheme-configuration', chosen),
      'GetMappings?type=PB',
      false,
    );
    expect(batches.length).toBeGreaterThan(0);
    for (const b of batches)
      holds(b, { MappingId: n, ProductName: s, BatchNo: s, Qty: n, MFGDate: d, EXPDate: d }, 'mappingData');

    const excluded = await call('POST', 'Scheme/CreatePrdctMpping', A.f.token, 'scheme-configuration', {
      SchemeId: design.SchemeId,
      mappingData: batches,
    });
    expect(excluded.body.ResponseCode, excluded.body.ResponseMessage).toBe('200');
    const detail = await call(
      'GET',
      `Scheme/GetSchemeDataById/${String(design.SchemeId)}`,
      A.f.token,
      'scheme-configuration',
    );
    expect((detail.body.ResponseData as { mappingData: Row[] }).mappingData.map((m) => m.MappingId)).toEqual(
      batches.map((b) => b.MappingId),
    );

    const off = await call('POST', 'Scheme/InActiveSchemeConfig', A.f.token, 'scheme-configuration', {
      SchemeId: design.SchemeId,
    });
    expect(off.body.ResponseCode, off.body.ResponseMessage).toBe('200');
    const after = rowsOf(
      await call('GET', 'Scheme/GetSchemeDDL', A.f.token, 'scheme-configuration'),
      'GetSchemeDDL',
      false,
    );
    expect(after.map((r) => r.SchemeId)).not.toContain(design.SchemeId);
  });
});

describe('spec 2 section 7: the dispatch service', () => {
  it('GetReturnInfo with code, transit flag and warehouse id, as a GET', async () => {
    const q = `code=${A.toDepot.got}&isTransit=false&wareHouseId=${A.f.siteId}`;
    const res = await call('GET', `Dispatch/GetReturnInfo?${q}`, A.f.token, 'carton-return');
    const post = await call('POST', 'Dispatch/GetReturnInfo', A.f.token, 'carton-return', {
      code: A.toDepot.got,
      isTransit: false,
      wareHouseId: A.f.siteId,
    });
    expect(res.body).toEqual(post.body);
    const rows = rowsOf(res, 'GetReturnInfo', false);
    expect(rows.map((r) => r.CartonId)).toEqual([A.toDepot.got]);
    holds(rows[0]!, { CartonId: s, DispatchId: s, Status: s }, 'GetReturnInfo');
  });
});

describe('spec 1 section 7: the product service', () => {
  it('Product/GetProducts: the product with CreatedDt and ExpDate (spec 1 section 3.5)', async () => {
    const rows = rowsOf(
      await call('POST', 'Product/GetProducts', admin, 'product-master', {
        First: 1,
        PageSize: 5,
        IsActive: true,
        SearchValue: '',
        SortColumn: 'CreatedDt',
        SortOrder: 'DESC',
      }),
      'GetProducts',
    );
    for (const row of rows) {
      holds(
        row,
        {
          ProductId: n,
          ProductName: s,
          ProductCd: s,
          ProductUOM: 'text?',
          ProductValue: n,
          CompId: n,
          IsActive: 'boolean',
          WarrantyPeriodInMonth: n,
          ExpDate: d,
          CreatedDt: d,
        },
        'GetProducts',
      );
      expect(row.ExpDate).toBe(addDays(indiaDate(), row.WarrantyPeriodInMonth as number));
    }
  });
});
