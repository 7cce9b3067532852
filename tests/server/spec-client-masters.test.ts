// The spec's own client (tests/helpers/spec-client.ts) on spec 1 section 7's master calls: people,
// factories and warehouses, products and their configuration, categories, companies, cartons and prices,
// each saved with the document's payload (section 3's field names), listed with the master screens'
// request (section 2.9) and read back by section 3's row fields.
import { beforeAll, expect } from 'vitest';
import { unique } from '../helpers/factories.js';
import { insertProduct, insertReference, nextPrefix, REF } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';
import {
  b,
  d,
  dataOf,
  exportList,
  holds,
  masterList,
  n,
  playTable,
  rowsOf,
  s,
  specCaller,
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
  companyId: number;
  siteId: number;
  /** What the saves made, found again through the lists. */
  made: Record<string, number>;
}
const w = { made: {} } as World;
const tag = unique('Spec');

beforeAll(async () => {
  call = specCaller(t);
  await insertReference(t.db);
  w.admin = await t.token('admin');
  const [site] = await t.db.query.sites.findMany({ where: (x, { eq }) => eq(x.isFactory, true), limit: 1 });
  w.companyId = site!.companyId;
  w.siteId = site!.id;
  // A product without a price yet: the demo's are priced, and a product has one price.
  w.made.priced = (await insertProduct(t.db, w.companyId, { name: `${tag} Unpriced` })).id;
}, 120_000);

const admin = (x: World) => x.admin;
const saved = (where: string) => (res: SpecAnswer) => {
  dataOf(res, where);
};

/** The one row a master list finds by `search`, holding `fields`; its `id` is kept as `made[key]`. */
function found(key: string, id: string, fields: Record<string, Kind>, search = tag) {
  return (res: SpecAnswer, x: World) => {
    const rows = rowsOf(res, key);
    const row = rows.find((r) => String(Object.values(r).join(' ')).includes(search));
    expect(row, `${key}: no row with ${search} in ${JSON.stringify(rows).slice(0, 300)}`).toBeDefined();
    holds(row!, fields, key);
    x.made[key] = row![id] as number;
  };
}

const address = (side: 'bill' | 'ship') => ({
  [`${side}_Country`]: REF.country,
  [`${side}_State`]: REF.stateA,
  [`${side}_City`]: REF.cityA1,
  [`${side}_Pincode`]: '422010',
  [`${side}_Address1`]: 'Plot 7',
  [`${side}_Address2`]: '',
});
const person = (x: World, UserType: number, more: Row) => ({
  ReferenceID: 0,
  UserName: `${tag} u${UserType}`,
  FirstName: 'Ravi',
  LastName: 'Patil',
  Email: `${unique('p')}@example.test`,
  MobileNo: '9876543210',
  Password: 'Abc123',
  IsActive: true,
  CompanyId: x.companyId,
  WareHouseId: 0,
  UserType,
  ...more,
});
const userFields: Record<string, Kind> = {
  ReferenceID: n,
  UserName: s,
  FirstName: s,
  LastName: 'text?',
  Email: s,
  MobileNo: s,
  IsActive: b,
  CompanyId: n,
  WareHouseId: 'number?',
  UserType: n,
  CompanyName: s,
  FirmName: 'text?',
  CreatedDt: d,
};
const billFields: Record<string, Kind> = Object.fromEntries(['Country', 'State', 'City'].map((k) => [`bill_${k}`, n]));
const shipFields: Record<string, Kind> = Object.fromEntries(['Country', 'State', 'City'].map((k) => [`ship_${k}`, n]));
const siteAddress: Record<string, Kind> = {
  ...billFields,
  ...shipFields,
  bill_Address1: s,
  bill_Address2: 'text?',
  bill_Pincode: s,
  ship_Address1: s,
  ship_Address2: 'text?',
  ship_Pincode: s,
};

/** Spec 1 section 7's master rows of the table, saves before the lists that read them back. */
const CALLS: TableCall<World>[] = [
  // People (sections 2.10, 2.15-2.17, 2.20, 3.4): one user service, the user type picks the master.
  {
    method: 'POST',
    path: 'CreateUpdateUser',
    spec: 'UserName, FirstName, LastName, Email, MobileNo, Password, ReferenceID, IsActive, CompanyId, WareHouseId, UserType',
    page: 'user-master',
    token: admin,
    url: () => 'User/CreateUpdateUser',
    body: (x) => person(x, 4, { WareHouseId: x.siteId }),
    read: saved('CreateUpdateUser factory user'),
  },
  {
    method: 'POST',
    path: 'GetUsers',
    spec: 'list request (UserType 4 on User Master)',
    page: 'user-master',
    token: admin,
    url: () => 'User/GetUsers',
    body: () => masterList({ UserType: 4, SearchValue: tag }),
    read: found('user', 'ReferenceID', userFields),
  },
  {
    method: 'POST',
    path: 'CreateUpdateUser',
    spec: 'dealer adds GST, TIN and billing and shipping address',
    page: 'dealer-master',
    token: admin,
    url: () => 'User/CreateUpdateUser',
    body: (x) => person(x, 1, { FirstName: `${tag} dealer`, GST: '', TIN: '', ...address('bill'), ...address('ship') }),
    read: saved('dealer'),
  },
  {
    method: 'POST',
    path: 'GetUsers',
    spec: 'list request (UserType for dealer 1)',
    page: 'dealer-master',
    token: admin,
    url: () => 'User/GetUsers',
    body: () => masterList({ UserType: 1, SearchValue: tag }),
    read: found('dealer', 'ReferenceID', {
      ...userFields,
      GST: 'text?',
      TIN: 'text?',
      ...billFields,
      ...shipFields,
      bill_Address1: s,
      ship_Address1: s,
    }),
  },
  {
    method: 'POST',
    path: 'CreateUpdateUser',
    spec: 'distributor adds SAPCustomerCode and billing address',
    page: 'distributor-master',
    token: admin,
    url: () => 'User/CreateUpdateUser',
    body: (x) =>
      person(x, 2, {
        FirstName: `${tag} distributor`,
        SAPCustomerCode: unique('SAP'),
        GST: '',
        TIN: '',
        ...address('bill'),
      }),
    read: saved('distributor'),
  },
  {
    method: 'POST',
    path: 'GetUsers',
    spec: 'list request (distributor 2)',
    page: 'distributor-master',
    token: admin,
    url: () => 'User/GetUsers',
    body: () => masterList({ UserType: 2, SearchValue: tag }),
    read: found('distributor', 'ReferenceID', { ...userFields, SAPCustomerCode: s, ...billFields, bill_Pincode: s }),
  },
  {
    method: 'GET',
    path: 'DeleteUser/{id}',
    spec: 'none (by ReferenceID)',
    page: 'distributor-master',
    token: admin,
    url: (x) => `User/DeleteUser/${x.made.distributor}`,
    read: async (res, x) => {
      dataOf(res, 'DeleteUser');
      const rows = rowsOf(
        await call(
          'POST',
          'User/GetUsers',
          x.admin,
          'distributor-master',
          masterList({ UserType: 2, SearchValue: tag }),
        ),
        'GetUsers',
      );
      expect(rows.map((r) => r.ReferenceID)).not.toContain(x.made.distributor);
    },
  },
  {
    method: 'POST',
    path: 'CreateUpdateUser',
    spec: 'salesperson adds EmpId',
    page: 'saleperson-master',
    token: admin,
    url: () => 'User/CreateUpdateUser',
    body: (x) => person(x, 6, { FirstName: `${tag} sales`, EmpId: unique('E') }),
    read: saved('salesperson'),
  },
  {
    method: 'POST',
    path: 'GetUsers',
    spec: 'list request (salesperson 6)',
    page: 'saleperson-master',
    token: admin,
    url: () => 'User/GetUsers',
    body: () => masterList({ UserType: 6, SearchValue: tag }),
    read: found('salesperson', 'ReferenceID', { ...userFields, EmpId: s }),
  },

  // Factories and warehouses (sections 2.19, 3.9): Wcode and prefix on save, shipping copied from billing.
  {
    method: 'POST',
    path: 'WareHouser/Save',
    spec: 'warehouse fields (3.9)',
    page: 'factory-master',
    token: admin,
    body: (x) => ({
      ID: 0,
      Wcode: unique('W').slice(0, 10),
      CompanyId: x.companyId,
      FirmName: `Spec Plant ${tag.replace(/\d/g, '')}`,
      Email: 'plant@example.test',
      MobileNo: '9876500000',
      IsActive: true,
      IsFactory: true,
      GST: '27AAACG1234F1Z5',
      prefix: nextPrefix(),
      ...address('bill'),
      ...address('ship'),
    }),
    read: saved('WareHouser/Save'),
  },
  {
    method: 'POST',
    path: 'WareHouser/Get',
    spec: 'list request plus IsWareHouse',
    page: 'factory-master',
    token: admin,
    body: () => masterList({ IsWareHouse: false, SearchValue: 'Spec Plant' }),
    read: found(
      'site',
      'ID',
      {
        ID: n,
        WCode: s,
        CompanyId: n,
        CompanyName: s,
        FirmName: s,
        Email: s,
        MobileNo: s,
        IsActive: b,
        IsFactory: b,
        GST: s,
        Prefix: s,
        ...siteAddress,
        CreatedDt: d,
      },
      'Spec Plant',
    ),
  },

  // Products (sections 2.11, 3.5) and their configuration (2.12, 3.6).
  {
    method: 'POST',
    path: 'CreateUpdateProduct',
    spec: 'product payload (3.5)',
    page: 'product-master',
    token: admin,
    url: () => 'Product/CreateUpdateProduct',
    body: (x) => ({
      ProductId: 0,
      ProductName: `${tag} Neem Oil`,
      ProductCd: unique('PC').replace(/\W/g, ''),
      gtin: '',
      SapProductCd: '',
      TechnicalName: '',
      ProductDscrptn: 'Neem oil 1500 ppm',
      ProductImg: '',
      GenuineAudio: '',
      ProductUOM: 'ml',
      ProductValue: 500,
      CategoryId: 0,
      MG2Id: 0,
      MG3Id: 0,
      IsActive: true,
      CompId: x.companyId,
      ManufactureName: '',
      RegistrationNo: '',
      MarketedBy: '',
      CautionarySymbol: '',
      AntidoteStatement: '',
      WarrantyPeriodInMonth: 730,
      mrp: 450,
      label: '',
      Pamphlet: '',
    }),
    read: saved('CreateUpdateProduct'),
  },
  {
    method: 'POST',
    path: 'Product/GetProducts',
    spec: 'list request',
    page: 'product-master',
    token: admin,
    body: () => masterList({ SearchValue: tag }),
    read: found('product', 'ProductId', {
      ProductId: n,
      ProductName: s,
      ProductCd: s,
      ProductUOM: s,
      ProductValue: n,
      IsActive: b,
      CompId: n,
      WarrantyPeriodInMonth: n,
      ExpDate: d,
      CreatedDt: d,
      CategoryIdMG2: 'number?',
      CategoryIdMG3: 'number?',
    }),
  },
  {
    method: 'POST',
    path: 'Product/GetProducts',
    spec: 'export: PageSize -1, First 1, IsActive true, CreatedDt ASC',
    page: 'product-master',
    token: admin,
    body: () => exportList(),
    read: (res, x) => {
      expect(rowsOf(res, 'GetProducts export').map((r) => r.ProductId)).toContain(x.made.product);
    },
  },
  {
    method: 'GET',
    path: 'GetProductsDDL',
    spec: 'none',
    page: 'product-master',
    token: admin,
    url: () => 'Product/GetProductsDDL',
    read: (res, x) => {
      expect(rowsOf(res, 'GetProductsDDL', false)).toContainEqual(
        expect.objectContaining({ value: x.made.product, label: expect.any(String) }),
      );
    },
  },
  {
    method: 'GET',
    path: 'GetProductUOM',
    spec: 'none',
    page: 'product-master',
    token: admin,
    url: () => 'Product/GetProductUOM',
    read: (res) => {
      expect(rowsOf(res, 'GetProductUOM', false).length).toBeGreaterThan(0);
    },
  },
  {
    method: 'POST',
    path: 'ProductConfiguration/UpdateProductConfigration',
    spec: 'ProductId, ProdConfiguration, BtnType',
    page: 'product-configuration',
    token: admin,
    body: (x) => ({
      ProductId: x.made.product,
      ProdConfiguration: JSON.stringify({ IsFeedback: true, IsProductImage: false }),
      BtnType: 'btnsingle',
    }),
    read: saved('UpdateProductConfigration'),
  },
  {
    method: 'GET',
    path: 'ProductConfiguration/GetConfigrationData/{productId}',
    spec: 'none',
    page: 'product-configuration',
    token: admin,
    url: (x) => `ProductConfiguration/GetConfigrationData/${x.made.product}`,
    read: (res) => {
      const data = dataOf<Row>(res, 'GetConfigrationData');
      expect(JSON.parse(String(data.ProdConfiguration))).toEqual({ IsFeedback: true, IsProductImage: false });
    },
  },
  {
    method: 'GET',
    path: 'DeleteProduct/{id}',
    spec: 'none',
    page: 'product-master',
    token: admin,
    url: (x) => `Product/DeleteProduct/${x.made.product}`,
    read: saved('DeleteProduct'),
  },

  // Categories (sections 2.21, 3.11): three levels; saves' messages get ' Successfully' on the client.
  {
    method: 'POST',
    path: 'CreateUpdateCategoryMG1',
    spec: 'category fields',
    page: 'category',
    token: admin,
    url: () => 'Category/CreateUpdateCategoryMG1',
    body: () => ({ CategoryIdMG1: 0, NameMG1: `${tag} Fertilisers`, IsActiveMG1: true }),
    read: saved('CreateUpdateCategoryMG1'),
  },
  {
    method: 'POST',
    path: 'GetCategoriesMG1',
    spec: 'list request',
    page: 'category',
    token: admin,
    url: () => 'Category/GetCategoriesMG1',
    body: () => masterList({ SearchValue: tag }),
    read: found('mg1', 'CategoryIdMG1', { CategoryIdMG1: n, NameMG1: s, IsActiveMG1: b, CreatedDate: d }),
  },
  {
    method: 'POST',
    path: 'CreateUpdateCategoryMG2',
    spec: 'category fields',
    page: 'category',
    token: admin,
    url: () => 'Category/CreateUpdateCategoryMG2',
    body: (x) => ({ CategoryIdMG2: 0, CategoryIdMG1: x.made.mg1, NameMG2: `${tag} Organic`, IsActiveMG2: true }),
    read: saved('CreateUpdateCategoryMG2'),
  },
  {
    method: 'POST',
    path: 'GetCategoriesMG2',
    spec: 'list request',
    page: 'category',
    token: admin,
    url: () => 'Category/GetCategoriesMG2',
    body: () => masterList({ SearchValue: `${tag} Organic` }),
    read: found('mg2', 'CategoryIdMG2', { CategoryIdMG2: n, NameMG2: s, IsActiveMG2: b }),
  },
  {
    method: 'POST',
    path: 'CreateUpdateCategoryMG3',
    spec: 'category fields',
    page: 'category',
    token: admin,
    url: () => 'Category/CreateUpdateCategoryMG3',
    body: (x) => ({ CategoryIdMG3: 0, CategoryIdMG2: x.made.mg2, NameMG3: `${tag} Liquid`, IsActiveMG3: true }),
    read: saved('CreateUpdateCategoryMG3'),
  },
  {
    method: 'POST',
    path: 'GetCategoriesMG3',
    spec: 'list request',
    page: 'category',
    token: admin,
    url: () => 'Category/GetCategoriesMG3',
    body: () => masterList({ SearchValue: `${tag} Liquid` }),
    read: found('mg3', 'CategoryIdMG3', { CategoryIdMG3: n, NameMG3: s, IsActiveMG3: b }),
  },
  {
    method: 'POST',
    path: 'CreateUpdateSubCategory',
    spec: 'category fields',
    page: 'category',
    token: admin,
    url: () => 'Category/CreateUpdateSubCategory',
    body: (x) => ({ CategoryIdMG2: 0, CategoryIdMG1: x.made.mg1, NameMG2: `${tag} Spare`, IsActiveMG2: true }),
    read: saved('CreateUpdateSubCategory'),
  },
  {
    method: 'POST',
    path: 'GetSubCategories',
    spec: 'list request',
    page: 'category',
    token: admin,
    url: () => 'Category/GetSubCategories',
    body: () => masterList({ SearchValue: `${tag} Spare` }),
    read: found('sub', 'CategoryIdMG2', { CategoryIdMG2: n, NameMG2: s, IsActiveMG2: b }),
  },
  {
    method: 'GET',
    path: 'GetCategoryDDLMG1',
    spec: 'none',
    page: 'category',
    token: admin,
    url: () => 'Category/GetCategoryDDLMG1',
    read: (res, x) => {
      expect(rowsOf(res, 'DDLMG1', false)).toContainEqual(
        expect.objectContaining({ CategoryIdMG1: x.made.mg1, NameMG1: expect.any(String) }),
      );
    },
  },
  {
    method: 'GET',
    path: 'GetMaingrp',
    spec: 'none',
    page: 'category',
    token: admin,
    url: () => 'Category/GetMaingrp',
    read: (res, x) => {
      expect(rowsOf(res, 'GetMaingrp', false).map((r) => r.CategoryIdMG1)).toContain(x.made.mg1);
    },
  },
  {
    method: 'GET',
    path: 'GetCategoryDDLMG2/{id}',
    spec: 'none',
    page: 'category',
    token: admin,
    url: (x) => `Category/GetCategoryDDLMG2/${x.made.mg1}`,
    read: (res, x) => {
      expect(
        rowsOf(res, 'DDLMG2', false)
          .map((r) => r.CategoryIdMG2)
          .sort(),
      ).toEqual([x.made.mg2, x.made.sub].sort());
    },
  },
  {
    method: 'GET',
    path: 'GetSubCategoryDDL/{id}',
    spec: 'none',
    page: 'category',
    token: admin,
    url: (x) => `Category/GetSubCategoryDDL/${x.made.mg1}`,
    read: (res, x) => {
      expect(rowsOf(res, 'GetSubCategoryDDL', false).map((r) => r.CategoryIdMG2)).toContain(x.made.mg2);
    },
  },
  {
    method: 'GET',
    path: 'GetSubgrp',
    spec: 'none',
    page: 'category',
    token: admin,
    url: () => 'Category/GetSubgrp',
    read: (res, x) => {
      expect(rowsOf(res, 'GetSubgrp', false).map((r) => r.CategoryIdMG2)).toContain(x.made.mg2);
    },
  },
  {
    method: 'GET',
    path: 'GetCategoryDDLMG3/{id}',
    spec: 'none',
    page: 'category',
    token: admin,
    url: (x) => `Category/GetCategoryDDLMG3/${x.made.mg2}`,
    read: (res, x) => {
      expect(rowsOf(res, 'DDLMG3', false)).toContainEqual(
        expect.objectContaining({ CategoryIdMG3: x.made.mg3, NameMG3: expect.any(String) }),
      );
    },
  },
  {
    method: 'GET',
    path: 'DeleteSubCategory/{id}',
    spec: 'none',
    page: 'category',
    token: admin,
    url: (x) => `Category/DeleteSubCategory/${x.made.sub}`,
    read: async (res, x) => {
      dataOf(res, 'DeleteSubCategory');
      expect(
        rowsOf(
          await call(
            'POST',
            'Category/GetSubCategories',
            x.admin,
            'category',
            masterList({ SearchValue: `${tag} Spare` }),
          ),
          'after delete',
        ),
      ).toEqual([]);
    },
  },

  // Companies (sections 2.14, 3.8), cartons (2.13, 3.7) and prices (2.18, 3.10).
  {
    method: 'POST',
    path: 'CompanyMaster/CreateCompany',
    spec: 'CCode, CompId, CompanyName, CompanyDisplayName, Mobile, GTIN, Email, Address, CompanyLogo, IsActive, City, Pincode',
    page: 'company-master',
    token: admin,
    body: () => ({
      CCode: unique('CC').slice(0, 12),
      CompId: 0,
      CompanyName: `${tag} Agro Ltd`,
      CompanyDisplayName: 'Spec Agro',
      Mobile: '9876543210',
      GTIN: '8901234000006',
      Email: 'care@agro.test',
      Address: 'Plot 2',
      CompanyLogo: '',
      IsActive: true,
      City: 'Nashik',
      Pincode: '422010',
    }),
    read: saved('CreateCompany'),
  },
  {
    method: 'POST',
    path: 'CompanyMaster/GetCompany',
    spec: 'list request',
    page: 'company-master',
    token: admin,
    body: () => masterList({ SearchValue: tag }),
    read: found('company', 'CompId', {
      CompId: n,
      CCode: s,
      CompanyName: s,
      CompanyDisplayName: s,
      Mobile: s,
      GTIN: s,
      Email: s,
      Address: s,
      City: s,
      Pincode: s,
      CompanyLogo: 'text?',
      IsActive: b,
    }),
  },
  {
    method: 'POST',
    path: 'CartonMaster/CreateCarton',
    spec: 'CartonId, CartonName, CartonSize, Description, IsActive',
    page: 'carton-master',
    token: admin,
    body: () => ({
      CartonId: 0,
      CartonName: `${tag} Box 12`,
      CartonSize: 12,
      Description: 'Twelve packs',
      IsActive: true,
    }),
    read: saved('CreateCarton'),
  },
  {
    method: 'POST',
    path: 'CartonMaster/GetCarton',
    spec: 'list request',
    page: 'carton-master',
    token: admin,
    body: () => masterList({ SearchValue: tag }),
    read: found('carton', 'CartonId', {
      CartonId: n,
      CartonName: s,
      CartonSize: n,
      Description: s,
      IsActive: b,
      CreatedDate: d,
    }),
  },
  {
    method: 'GET',
    path: 'CartonMaster/GetActiveCartonDDL',
    spec: 'none',
    page: 'carton-master',
    token: admin,
    read: (res, x) => {
      expect(rowsOf(res, 'GetActiveCartonDDL', false)).toContainEqual({
        CartonId: x.made.carton,
        CartonName: `${tag} Box 12`,
        CartonSize: 12,
      });
    },
  },
  {
    method: 'GET',
    path: 'PriceMaster/GetProductDDL',
    spec: 'none',
    page: 'price-master',
    token: admin,
    read: (res, x) => {
      const rows = rowsOf(res, 'PriceMaster/GetProductDDL', false);
      holds(
        rows.find((r) => r.ProductId === x.made.priced)!,
        { ProductId: n, ProductName: s },
        'price product',
      );
    },
  },
  {
    method: 'POST',
    path: 'PriceMaster/CreatePrice',
    spec: 'PriceId, ProductId, Price',
    page: 'price-master',
    token: admin,
    body: (x) => ({ PriceId: 0, ProductId: x.made.priced, Price: 450 }),
    read: saved('CreatePrice'),
  },
  {
    method: 'POST',
    path: 'PriceMaster/GetPrice',
    spec: 'list request',
    page: 'price-master',
    token: admin,
    body: () => masterList(),
    read: (res, x) => {
      const row = rowsOf(res, 'GetPrice').find((r) => r.ProductId === x.made.priced)!;
      holds(row, { PriceId: n, ProductId: n, Price: n, ProductName: s, CreatedDate: d }, 'GetPrice');
      expect(row.Price).toBe(450);
    },
  },
];

playTable(
  'spec 1 section 7: the masters',
  CALLS,
  () => w,
  () => call,
);
