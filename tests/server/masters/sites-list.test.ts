// Factory and warehouse lists and the site dropdown (spec 1 sections 2.19, 3.3, 3.9, 7): IsWareHouse
// picks the kind, paging, sort both ways, search, export (PageSize -1), page rights, company scoping.
import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { SITE_API, type SiteOption, type SiteRow } from '../../../src/shared/contracts/site.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertCompany, insertSite, insertUser, listBody } from '../../helpers/factories.js';
import { insertReference, REF } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';
import { send } from '../../helpers/endpoint-call.js';

type Row = SiteRow & { TotalRows: number };
const t = useApp();
let admin: string;
let clerk: string; // company `mine`, both site pages
let mine: number;
let theirs: number;
const NAMES = [
  'Alpha Plant',
  'Bravo Plant',
  'Charlie Plant',
  'Delta Plant',
  'Echo Plant',
  'Foxtrot Plant',
  'Golf Plant',
];

beforeAll(async () => {
  await insertReference(t.db);
  admin = await t.token('admin');
  mine = (await insertCompany(t.db, { name: 'Mine Agro' })).id;
  theirs = (await insertCompany(t.db, { name: 'Theirs Agro' })).id;
  const base = Date.UTC(2025, 0, 1);
  // Inserted out of date order, so id order and date order differ.
  for (const i of [3, 0, 6, 2, 5, 1, 4]) {
    await insertSite(t.db, mine, {
      name: NAMES[i]!,
      code: `F${i}`,
      prefix: `M${i}`,
      isFactory: true,
      createdAt: new Date(base + i * 3_600_000),
      billCountry: REF.country,
      billState: REF.stateA,
      billCity: i % 2 ? REF.cityA1 : REF.cityA2,
      billPincode: `42201${i}`,
    });
  }
  await insertSite(t.db, mine, {
    name: 'Mine Depot',
    prefix: 'MW',
    isFactory: false,
    billState: REF.stateB,
    billCity: REF.cityB1,
  });
  await insertSite(t.db, mine, { name: 'Shut Depot', prefix: 'MX', isFactory: false, isActive: false });
  await insertSite(t.db, theirs, { name: 'Their Plant', prefix: 'TP', isFactory: true });
  await insertSite(t.db, theirs, { name: 'Their Depot', prefix: 'TW', isFactory: false });
  const u = await insertUser(t.db, { companyId: mine, pages: [PAGE.factoryMaster.key, PAGE.warehouseMaster.key] });
  clerk = (await t.signIn(u.email, u.password)).token;
});

async function rows(body: Record<string, unknown>, token = clerk): Promise<Row[]> {
  const res = await send(t, SITE_API.list, body, token);
  expect(res.status).toBe(200);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as Row[];
}
const names = (r: Row[]) => r.map((x) => x.FirmName);
const factories = (o: Record<string, unknown> = {}) => listBody({ IsWareHouse: false, ...o });

describe('factory list', () => {
  it('pages newest first with TotalRows on every row', async () => {
    const p1 = await rows(factories({ First: 1, PageSize: 5 }));
    const p2 = await rows(factories({ First: 6, PageSize: 5 }));
    expect(names([...p1, ...p2])).toEqual([...NAMES].reverse());
    expect([...p1, ...p2].every((r) => r.TotalRows === 7)).toBe(true);
  });

  it('rows carry the spec fields, the company name and the address names', async () => {
    const [r] = await rows(factories({ SearchValue: 'Golf' }));
    expect(r).toMatchObject({
      WCode: 'F6',
      FirmName: 'Golf Plant',
      CompanyId: mine,
      CompanyName: 'Mine Agro',
      Prefix: 'M6',
      IsFactory: true,
      IsActive: true,
      bill_Country: REF.country,
      bill_State: REF.stateA,
      bill_City: REF.cityA2,
      bill_Pincode: '422016',
      State: 'Aalpha Pradesh',
      City: 'Abcity',
      TotalRows: 1,
    });
    expect(typeof r!.CreatedDt).toBe('string');
  });

  it.each([['FirmName'], ['WCode'], ['Prefix'], ['CreatedDt'], ['CreatedDate']])(
    'sorts by %s both ways',
    async (col) => {
      const asc = names(await rows(factories({ PageSize: -1, SortColumn: col, SortOrder: 'ASC' })));
      const desc = names(await rows(factories({ PageSize: -1, SortColumn: col, SortOrder: 'DESC' })));
      expect(asc).toEqual(NAMES);
      expect(desc).toEqual([...NAMES].reverse());
    },
  );

  it('refuses a sort column that is not on the list', async () => {
    const res = await t.send(SITE_API.list, factories({ SortColumn: 'password_hash' }), clerk);
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: "The list cannot be sorted by 'password_hash'.",
      ResponseData: null,
    });
  });

  it('searches code, name, prefix, pincode and city', async () => {
    expect(names(await rows(factories({ SearchValue: 'charlie' })))).toEqual(['Charlie Plant']);
    expect(names(await rows(factories({ SearchValue: 'm4' })))).toEqual(['Echo Plant']);
    expect(names(await rows(factories({ SearchValue: '422015' })))).toEqual(['Foxtrot Plant']);
    expect((await rows(factories({ SearchValue: 'Aacity' }))).length).toBe(3);
    expect(await rows(factories({ SearchValue: '100%' }))).toEqual([]);
  });

  it('exports every row oldest first with PageSize -1', async () => {
    const all = await rows(
      factories({ PageSize: -1, First: 1, IsActive: true, SortColumn: 'CreatedDt', SortOrder: 'ASC' }),
    );
    expect(names(all)).toEqual(NAMES);
  });
});

describe('kinds, scoping and rights', () => {
  it('IsWareHouse true lists warehouses, active and inactive', async () => {
    expect(names(await rows(listBody({ IsWareHouse: true, SortColumn: 'FirmName', SortOrder: 'ASC' })))).toEqual([
      'Mine Depot',
      'Shut Depot',
    ]);
  });

  it("a non-admin never sees another company's sites; the admin sees them all", async () => {
    const mineAll = names(await rows(listBody({ PageSize: -1 })));
    expect(mineAll).toHaveLength(9);
    expect(mineAll).not.toContain('Their Plant');
    expect(await rows(listBody({ SearchValue: 'Their', IsWareHouse: false }))).toEqual([]);
    const everything = names(await rows(listBody({ PageSize: -1, SearchValue: 'Their' }), admin));
    expect(everything.sort()).toEqual(['Their Depot', 'Their Plant']);
  });

  it('403 without either page; a warehouse-only user lists no factories', async () => {
    const none = await insertUser(t.db, { companyId: mine, pages: [PAGE.cartonMaster.key] });
    const res = await t.send(SITE_API.list, factories(), (await t.signIn(none.email, none.password)).token);
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    const w = await insertUser(t.db, { companyId: mine, pages: [PAGE.warehouseMaster.key] });
    const token = (await t.signIn(w.email, w.password)).token;
    expect(await rows(factories(), token)).toEqual([]);
    expect(names(await rows(listBody({ PageSize: -1, SortColumn: 'FirmName', SortOrder: 'ASC' }), token))).toEqual([
      'Mine Depot',
      'Shut Depot',
    ]);
  });
});

describe('WareHouser/GetWareHouseDDL', () => {
  const ddl = async (q: string, token = clerk) => {
    const res = await send(t, { ...SITE_API.dropdown, path: `${SITE_API.dropdown.path}${q}` }, undefined, token);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('lists the active sites of the caller, factories first, as ID, FirmName, IsFactory, CompId and the addresses', async () => {
    const env = await ddl('?CompId=0');
    const data = env.ResponseData as SiteOption[];
    expect(data.map((d) => d.FirmName)).toEqual([...NAMES, 'Mine Depot']);
    // Spec 2 section 3's warehouse or factory option: both addresses, ids and names.
    const place = [
      'Address1',
      'Address2',
      'City',
      'CityName',
      'Country',
      'CountryName',
      'Pincode',
      'State',
      'StateName',
    ];
    const sides = ['bill', 'ship'].flatMap((side) => place.map((k) => `${side}_${k}`));
    expect(Object.keys(data[0]!).sort()).toEqual(['CompId', 'FirmName', 'ID', 'IsFactory', ...sides].sort());
    expect(data.every((d) => d.CompId === mine)).toBe(true);
    expect((await ddl('')).ResponseData).toEqual(data);
  });

  it("filters by company for the admin, and gives a non-admin nothing of another company's", async () => {
    const theirsForAdmin = (await ddl(`?CompId=${theirs}`, admin)).ResponseData as SiteOption[];
    expect(theirsForAdmin.map((d) => [d.FirmName, d.IsFactory])).toEqual([
      ['Their Plant', true],
      ['Their Depot', false],
    ]);
    expect((await ddl(`?CompId=${theirs}`)).ResponseData).toEqual([]);
    expect((await ddl('?CompId=abc')).ResponseMessage).toBe('Invalid Arguments');
  });

  it('is open to the screens with site pickers (a warehouse clerk with only dispatch pages)', async () => {
    const w = await t.session('warehouse');
    const env = await ddl('?CompId=0', w.token);
    expect((env.ResponseData as SiteOption[]).map((d) => d.FirmName)).toEqual([
      'Nashik Plant',
      'Nagpur Depot',
      'Pune Depot',
    ]);
    expect((await t.fetch(SITE_API.dropdown, { CompId: 0 })).status).toBe(401);
  });
});

describe('demo data', () => {
  it('the demo depots carry addresses from the reference data', async () => {
    const demo = await rows(
      listBody({ IsWareHouse: true, SearchValue: 'Green Harvest', SortColumn: 'FirmName', SortOrder: 'ASC' }),
      admin,
    );
    expect(demo.map((r) => [r.FirmName, r.Prefix, r.State, r.City])).toEqual([
      ['Nagpur Depot', 'NG', 'Maharashtra', 'Nagpur'],
      ['Pune Depot', 'PD', 'Maharashtra', 'Pune'],
    ]);
  });
});
