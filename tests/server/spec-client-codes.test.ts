// The spec's own client (tests/helpers/spec-client.ts) on spec 2 section 7's number calls: issue and
// stock, mapping and its lookups, de-mapping, static QR pairs, damage, number generation and download,
// and the slip ids (spec 1 section 7's GetIds and UpdateIds), each with the document's body and read
// by section 3's fields.
import { beforeAll, expect } from 'vitest';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { PAGE } from '../../src/shared/pages.js';
import { indiaDate } from '../../src/shared/today.js';
import { appCodes, insertFactory, staticSeries, P_SERIES, urlOf, type Factory } from '../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../helpers/factories-sites.js';
import { sheetFile, sheetRow } from '../helpers/factories-mapping-upload.js';
import { multipart } from '../helpers/factories-products.js';
import { useApp } from '../helpers/use-app.js';
import {
  b,
  d,
  dataOf,
  holds,
  masterList,
  n,
  playTable,
  rowsOf,
  s,
  specCaller,
  warningOf,
  type Kind,
  type Row,
  type SpecAnswer,
  type SpecCaller,
  type TableCall,
} from '../helpers/spec-client.js';

const t = useApp();
let call: SpecCaller;
interface World {
  admin: string;
  f: Factory;
  codes: CodeMac;
  made: Record<string, number>;
}
const w = { made: {} } as World;
/** The bulk sheet a call uploads, made before it (exceljs is asynchronous). */
const sheets = new Map<World, Buffer>();

const PAGES = [
  PAGE.mapping,
  PAGE.deMapping,
  PAGE.mapStaticNumber,
  PAGE.numberGeneration,
  PAGE.stockManagement,
  PAGE.productDamage,
  PAGE.adminNumberDownload,
  PAGE.cartonSlip,
].map((p) => p.key);

beforeAll(async () => {
  call = specCaller(t);
  await insertReference(t.db);
  w.admin = await t.token('admin');
  w.f = await insertFactory(t, nextPrefix(), PAGES);
  w.codes = await appCodes(t);
}, 120_000);

const admin = (x: World) => x.admin;
const user = (x: World) => x.f.token;
const saved = (where: string) => (res: SpecAnswer) => {
  dataOf(res, where);
};
const MFG = addDays(indiaDate(), -30);
const EXP = addDays(MFG, 365);
const STATIC = { from: 1, to: 500 };
const ISSUE_QTY = 1000;

const mappingFields: Record<string, Kind> = {
  MappingId: n,
  ProductId: n,
  ProductName: s,
  ProductCd: s,
  FromNo: n,
  ToNo: n,
  Qty: n,
  CreatedDt: d,
  MFGDate: d,
  EXPDate: d,
  BatchNo: s,
  Mrp: 'number?',
  Remark: 'text?',
  FirmName: 'text?',
  PUOM: 'text?',
  PSize: n,
  isPreprinted: b,
};
/** The mapping body of spec 2 section 7 (add). */
const mapping = (x: World, FromNo: number, ToNo: number, isPreprinted: boolean, BatchNo: string) => ({
  MappingId: 0,
  ProductId: x.f.productId,
  FromNo,
  ToNo,
  Qty: ToNo - FromNo + 1,
  MFGDate: MFG,
  BatchNo,
  EXPDate: EXP,
  Remark: '',
  Mrp: 450,
  isPreprinted,
});
/** The mapping a list request finds by its batch. */
const mappingOf = async (x: World, batch: string, isPreprinted: boolean) => {
  const rows = rowsOf(
    await call(
      'POST',
      'Mapping/GetMappings',
      x.f.token,
      'mapping',
      masterList({ PageSize: 10, isPreprinted, SortColumn: 'MFGDate' }),
    ),
    'GetMappings',
  );
  return rows.find((r) => r.BatchNo === batch)!;
};

const CALLS: TableCall<World>[] = [
  // Issue number (admin) and stock (the company accepts).
  {
    method: 'GET',
    path: 'IssueNumber/GetFromNumbers',
    spec: 'FrmNo, default 1',
    page: 'number-issued',
    token: admin,
    read: (res, x) => {
      const data = dataOf<Row>(res, 'GetFromNumbers');
      holds(data, { FrmNo: n }, 'GetFromNumbers');
      x.made.issueFrom = data.FrmNo as number;
    },
  },
  {
    method: 'POST',
    path: 'IssueNumber/CreateIssueNumber',
    spec: '{FrmNo, ToNo, IssueQty, SalesOrderNo, CompanyId}',
    page: 'number-issued',
    token: admin,
    body: (x) => ({
      FrmNo: x.made.issueFrom,
      ToNo: x.made.issueFrom! + ISSUE_QTY - 1,
      IssueQty: ISSUE_QTY,
      SalesOrderNo: 'SO-77',
      CompanyId: x.f.companyId,
    }),
    read: saved('CreateIssueNumber'),
  },
  {
    method: 'POST',
    path: 'IssueNumber/GetIssueNumbers',
    spec: 'list request',
    page: 'number-issued',
    token: admin,
    body: () => masterList(),
    read: (res, x) => {
      const row = rowsOf(res, 'GetIssueNumbers').find((r) => r.FrmNo === x.made.issueFrom)!;
      holds(
        row,
        { CompanyId: n, FrmNo: n, ToNo: n, IssueQty: n, SalesOrderNo: s, CompanyName: s, CreatedDate: d },
        'GetIssueNumbers',
      );
    },
  },
  {
    method: 'POST',
    path: 'IssueNumber/CreateIssueNumber',
    spec: 'a second range, to delete',
    page: 'number-issued',
    token: admin,
    body: (x) => ({
      FrmNo: x.made.issueFrom! + ISSUE_QTY,
      ToNo: x.made.issueFrom! + ISSUE_QTY + 9,
      IssueQty: 10,
      SalesOrderNo: 'SO-78',
      CompanyId: x.f.companyId,
    }),
    read: saved('CreateIssueNumber'),
  },
  {
    method: 'GET',
    path: 'IssueNumber/DeleteIssueNumber/{id}',
    spec: 'none',
    page: 'number-issued',
    token: admin,
    before: async (x) => {
      const rows = rowsOf(
        await call('POST', 'IssueNumber/GetIssueNumbers', x.admin, 'number-issued', masterList()),
        'GetIssueNumbers',
      );
      x.made.issue2 = rows.find((r) => r.FrmNo === x.made.issueFrom! + ISSUE_QTY)!.IssueId as number;
    },
    url: (x) => `IssueNumber/DeleteIssueNumber/${x.made.issue2}`,
    read: async (res, x) => {
      dataOf(res, 'DeleteIssueNumber');
      const after = rowsOf(
        await call('POST', 'IssueNumber/GetIssueNumbers', x.admin, 'number-issued', masterList()),
        'GetIssueNumbers',
      );
      expect(after.map((r) => r.FrmNo)).not.toContain(x.made.issueFrom! + ISSUE_QTY);
    },
  },
  {
    method: 'POST',
    path: 'StockManagement/GetStock',
    spec: 'list request',
    page: 'stock-management',
    token: user,
    body: () => masterList(),
    read: (res, x) => {
      const row = rowsOf(res, 'GetStock').find((r) => r.FrmNo === x.made.issueFrom)!;
      holds(row, { StockId: n, FrmNo: n, ToNo: n, IssueQty: n, IsActive: n }, 'GetStock');
      expect(row.IsActive).toBe(0);
      x.made.stock = row.StockId as number;
    },
  },
  {
    method: 'POST',
    path: 'StockManagement/CreateStockManagement',
    spec: '{FrmNo, ToNo, IssueQty, StockId}',
    page: 'stock-management',
    token: user,
    body: (x) => ({
      FrmNo: x.made.issueFrom,
      ToNo: x.made.issueFrom! + ISSUE_QTY - 1,
      IssueQty: ISSUE_QTY,
      StockId: x.made.stock,
    }),
    read: async (res, x) => {
      dataOf(res, 'CreateStockManagement');
      const rows = rowsOf(
        await call('POST', 'StockManagement/GetStock', x.f.token, 'stock-management', masterList()),
        'GetStock',
      );
      expect(rows.find((r) => r.StockId === x.made.stock)!.IsActive).toBe(1);
    },
  },

  // Mapping (static and pre-printed) and its lookups.
  {
    method: 'GET',
    path: 'Mapping/GetFromNumberMap/{isPreprinted}',
    spec: 'returns FrmNo (default 1)',
    page: 'mapping',
    token: user,
    url: () => 'Mapping/GetFromNumberMap/false',
    read: (res) => {
      expect(dataOf<Row>(res, 'GetFromNumberMap')).toMatchObject({ FrmNo: 1 });
    },
  },
  {
    method: 'POST',
    path: 'Mapping/CreateMapping',
    spec: 'add: MappingId, ProductId, FromNo, ToNo, Qty, MFGDate, BatchNo, EXPDate, Remark, Mrp, isPreprinted',
    page: 'mapping',
    token: user,
    body: (x) => mapping(x, STATIC.from, STATIC.to, false, 'B-STATIC'),
    read: saved('CreateMapping static'),
  },
  {
    method: 'POST',
    path: 'Mapping/CreateMapping',
    spec: 'add, pre-printed',
    page: 'mapping',
    token: user,
    body: (x) => mapping(x, x.made.issueFrom!, x.made.issueFrom! + 99, true, 'B-PRE'),
    read: saved('CreateMapping preprinted'),
  },
  {
    method: 'POST',
    path: 'Mapping/GetMappings',
    spec: 'list request (isPreprinted; sorted by MFG date)',
    page: 'mapping',
    token: user,
    body: () => masterList({ PageSize: 10, isPreprinted: false, SortColumn: 'MFGDate' }),
    read: (res, x) => {
      const row = rowsOf(res, 'GetMappings').find((r) => r.BatchNo === 'B-STATIC')!;
      holds(row, mappingFields, 'GetMappings');
      expect(row).toMatchObject({ FromNo: STATIC.from, ToNo: STATIC.to, Qty: STATIC.to, isPreprinted: false });
      x.made.staticMapping = row.MappingId as number;
    },
  },
  {
    method: 'POST',
    path: 'Mapping/CreateMapping',
    spec: 'update: MappingId and EXPDate',
    page: 'mapping',
    token: user,
    body: (x) => ({ MappingId: x.made.staticMapping, EXPDate: addDays(EXP, 30) }),
    read: async (res, x) => {
      dataOf(res, 'CreateMapping update');
      expect((await mappingOf(x, 'B-STATIC', false)).EXPDate).toContain(addDays(EXP, 30));
    },
  },
  {
    method: 'GET',
    path: 'GetProductsSize/{x}',
    spec: 'none',
    page: 'mapping',
    token: user,
    url: (x) => `Product/GetProductsSize/${x.f.productId}`,
    read: (res) => {
      holds(dataOf<Row>(res, 'GetProductsSize'), { ProductId: n, PSize: n }, 'GetProductsSize');
    },
  },
  {
    method: 'GET',
    path: 'GetProductsLife/{x}',
    spec: 'none',
    page: 'mapping',
    token: user,
    url: (x) => `Product/GetProductsLife/${x.f.productId}`,
    read: (res) => {
      holds(dataOf<Row>(res, 'GetProductsLife'), { ProductId: n, BestBeforeDays: n }, 'GetProductsLife');
    },
  },
  {
    method: 'GET',
    path: 'GetMappedProductsDDL/{x}',
    spec: 'none',
    page: 'de-mapping',
    token: user,
    url: () => 'Product/GetMappedProductsDDL/false',
    read: (res, x) => {
      expect(rowsOf(res, 'GetMappedProductsDDL', false)).toContainEqual(
        expect.objectContaining({ value: x.f.productId, label: expect.any(String) }),
      );
    },
  },
  {
    method: 'GET',
    path: 'GetMapping/{a},{b}',
    spec: 'none',
    page: 'de-mapping',
    token: user,
    url: (x) => `Product/GetMapping/${x.f.productId},false`,
    read: (res, x) => {
      expect(rowsOf(res, 'GetMapping', false).map((r) => r.MappingId)).toContain(x.made.staticMapping);
    },
  },
  {
    method: 'POST',
    path: 'Mapping/GetProductByQrScan',
    spec: 'body UID; a numeric 200 means found',
    page: 'map-static-number',
    token: user,
    body: (x) => ({ UID: urlOf(t, x.codes.make(staticSeries(x.f.prefix), 7)) }),
    read: (res) => {
      holds(
        dataOf<Row>(res, 'GetProductByQrScan'),
        { ProductName: s, BatchNo: s, MFGDate: d, EXPDate: d },
        'GetProductByQrScan',
      );
    },
  },
  {
    method: 'GET',
    path: 'Mapping/GetMappingTemplate',
    spec: 'none',
    page: 'mapping',
    token: user,
    read: (res) => {
      expect(res.status).toBe(200);
      expect(res.type).toContain('spreadsheetml');
    },
  },

  {
    method: 'POST',
    path: 'Mapping/CreateMapping',
    spec: 'add, a range to delete',
    page: 'mapping',
    token: user,
    body: (x) => mapping(x, 601, 610, false, 'B-DEL'),
    read: saved('CreateMapping to delete'),
  },
  {
    method: 'GET',
    path: 'Mapping/DeleteMapping/{id}',
    spec: 'none',
    page: 'mapping',
    token: user,
    before: async (x) => {
      x.made.toDelete = (await mappingOf(x, 'B-DEL', false)).MappingId as number;
    },
    url: (x) => `Mapping/DeleteMapping/${x.made.toDelete}`,
    // Ours refuses (numbers may be printed): the warning the screen shows, and the mapping stays.
    read: async (res, x) => {
      expect(warningOf(res, 'DeleteMapping')).toMatch(/De Mapping/);
      expect(await mappingOf(x, 'B-DEL', false)).toBeDefined();
    },
  },
  {
    method: 'POST',
    path: 'Upload/CSVUpload',
    spec: 'multipart file; on failure ResponseData.ErrorList holds the invalid rows',
    page: 'mapping',
    token: user,
    before: async (x) => {
      sheets.set(x, await sheetFile([sheetRow(x.f.productCode, 1, 10, 10, 'B-AGAIN', MFG)]));
    },
    form: (x) =>
      multipart([{ field: 'file', data: sheets.get(x)!, filename: 'mapping.xlsx', type: 'application/octet-stream' }]),
    read: (res) => {
      // Section 2: 'Number series not valid' lists Product Code, From No., To No., Quantity, Error Message, Batch No.
      expect(res.status).toBe(200);
      expect(res.body.ResponseCode).not.toBe('200');
      const errors = (res.body.ResponseData as { ErrorList: Row[] }).ErrorList;
      expect(errors).toHaveLength(1);
      holds(
        errors[0]!,
        { ProductCode: s, FromNo: 'shown', ToNo: 'shown', Qty: 'shown', ErrorMessage: s, BatchNo: s },
        'ErrorList',
      );
    },
  },

  // De-mapping, static pairs and damage.
  {
    method: 'POST',
    path: 'DeMapping/CreateDemapping',
    spec: '{MappingId, ProductId, FromNo, ToNo, Qty, isPreprinted}',
    page: 'de-mapping',
    token: user,
    body: (x) => ({
      MappingId: x.made.staticMapping,
      ProductId: x.f.productId,
      FromNo: 451,
      ToNo: 500,
      Qty: 50,
      isPreprinted: false,
    }),
    read: async (res, x) => {
      dataOf(res, 'CreateDemapping');
      expect((await mappingOf(x, 'B-STATIC', false)).ToNo).toBe(450);
    },
  },
  {
    method: 'POST',
    path: 'Mapping/CreateStaticQrMapping',
    spec: '(StaticEncryptedQr, PreprintedEncryptedQr)',
    page: 'map-static-number',
    token: user,
    body: (x) => ({
      StaticEncryptedQr: urlOf(t, x.codes.make(staticSeries(x.f.prefix), 9)),
      PreprintedEncryptedQr: urlOf(t, x.codes.make(P_SERIES, x.made.issueFrom! + 500)),
    }),
    read: saved('CreateStaticQrMapping'),
  },
  {
    method: 'POST',
    path: 'Mapping/GetStaticQrMappings',
    spec: 'list request',
    page: 'map-static-number',
    token: user,
    body: () => masterList(),
    read: (res, x) => {
      const row = rowsOf(res, 'GetStaticQrMappings')[0]!;
      holds(row, { ProductName: s, StaticSeqNo: n, PreprintedSeqNo: n, Prefix: s }, 'GetStaticQrMappings');
      expect(row).toMatchObject({ StaticSeqNo: 9, PreprintedSeqNo: x.made.issueFrom! + 500, Prefix: x.f.prefix });
    },
  },
  {
    method: 'POST',
    path: 'ProductDamage/CreateDamage',
    spec: '{MappingId, FromNo, ToNo, Qty, Reason, isPreprinted}',
    page: 'product-damage',
    token: user,
    body: (x) => ({
      MappingId: x.made.staticMapping,
      FromNo: 401,
      ToNo: 410,
      Qty: 10,
      Reason: 'Torn labels',
      isPreprinted: false,
    }),
    read: saved('CreateDamage'),
  },
  {
    method: 'POST',
    path: 'ProductDamage/GetDamages',
    spec: 'list request',
    page: 'product-damage',
    token: user,
    body: () => masterList({ isPreprinted: false }),
    read: (res, x) => {
      const row = rowsOf(res, 'GetDamages')[0]!;
      holds(
        row,
        { MappingId: n, FromNo: n, ToNo: n, Qty: n, Reason: s, isPreprinted: b, CreatedDate: d },
        'GetDamages',
      );
      x.made.damage = row.DamageId as number;
    },
  },
  {
    method: 'POST',
    path: 'ProductDamage/GetDamages',
    spec: 'export with PageSize -1',
    page: 'product-damage',
    token: user,
    body: () => masterList({ PageSize: -1, isPreprinted: false }),
    read: (res) => {
      expect(rowsOf(res, 'GetDamages export')).toHaveLength(1);
    },
  },
  {
    method: 'GET',
    path: 'ProductDamage/DeleteDamage/{id}',
    spec: 'none',
    page: 'product-damage',
    token: user,
    // Ours keeps damage for good: a '400' warning the screen shows (spec 2 section 8), and the row stays.
    url: (x) => `ProductDamage/DeleteDamage/${x.made.damage}`,
    read: (res) => {
      expect(warningOf(res, 'DeleteDamage')).toMatch(/cannot be deleted/);
    },
  },

  // Number generation and download, then the slip ids.
  {
    method: 'POST',
    path: 'NumberGeneration/GetGeneratedNumbers',
    spec: 'paged plus Prefix, isAdmin, SortColumn, SortOrder',
    page: 'number-generation',
    token: user,
    body: (x) => masterList({ PageSize: 10, Prefix: x.f.prefix, isAdmin: false }),
    read: (res, x) => {
      const row = rowsOf(res, 'GetGeneratedNumbers').find((r) => r.MappingId === x.made.staticMapping)!;
      holds(
        row,
        { ProductName: s, FromNo: n, BatchNo: s, Qty: n, MFGDate: d, EXPDate: d, FirmName: 'text?', Prefix: s },
        'GetGeneratedNumbers',
      );
      x.made.row = 1;
    },
  },
  {
    method: 'POST',
    path: 'NumberGeneration/GetFromNumbers',
    spec: '(defined)',
    page: 'number-generation',
    token: user,
    body: (x) => ({ MappingId: x.made.staticMapping }),
    read: (res) => {
      expect(dataOf<Row>(res, 'GetFromNumbers')).toEqual({ FrmNo: STATIC.from });
    },
  },
  {
    method: 'POST',
    path: 'NumberGeneration/CreateGeneratedNumber',
    spec: 'a list row; returns a download link',
    page: 'number-generation',
    token: user,
    body: (x) => ({
      MappingId: x.made.staticMapping,
      FromNo: 1,
      ToNo: 100,
      Qty: 100,
      ProductName: x.f.productName,
      BatchNo: 'B-STATIC',
      Prefix: x.f.prefix,
    }),
    read: async (res) => {
      const link = dataOf<Row>(res, 'CreateGeneratedNumber').downloadLinK as string;
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    },
  },
  {
    method: 'POST',
    path: 'NumberGeneration/DownloadNumber',
    spec: '{FromNo, ToNo, Qty, Prefix, ProductName}',
    page: 'admin-number-download',
    token: user,
    body: (x) => ({ FromNo: 1, ToNo: 100, Qty: 100, Prefix: x.f.prefix, ProductName: x.f.productName }),
    read: (res) => {
      expect(typeof dataOf<Row>(res, 'DownloadNumber').downloadLinK).toBe('string');
    },
  },
  {
    method: 'GET',
    path: 'GetIds/{x}',
    spec: 'the response message holds two numbers separated by VAL',
    page: 'Carton-Slip',
    token: user,
    url: (x) => `Product/GetIds/${x.f.prefix}`,
    read: (res) => {
      dataOf(res, 'GetIds');
      expect(res.body.ResponseMessage).toMatch(/^\d+VAL\d+$/);
    },
  },
  {
    method: 'GET',
    path: 'UpdateIds/{a},{b},{c}',
    spec: 'prefix, type, to number',
    page: 'Carton-Slip',
    token: user,
    url: (x) => `Product/UpdateIds/${x.f.prefix},SID,10`,
    read: async (res, x) => {
      dataOf(res, 'UpdateIds');
      expect((await call('GET', `Product/GetIds/${x.f.prefix}`, x.f.token, 'Carton-Slip')).body.ResponseMessage).toBe(
        '10VAL0',
      );
    },
  },
];

playTable(
  'spec 2 section 7: issue, stock, mapping, de-mapping, pairs, damage, generation, slip ids',
  CALLS,
  () => w,
  () => call,
);
