// Role Management (spec 1 sections 2.8, 3.14, 4, 5.13) and the menu it drives: what is saved, what
// the user then sees, and that the server enforces it at once.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN, INVALID_ARGUMENTS } from '../../src/server/http/route.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { userPages } from '../../src/server/db/schema.js';
import {
  ACCESS_MSG,
  type AccessRightGroup,
  type MenuEntry,
  ACCESS_RIGHT_API,
} from '../../src/shared/contracts/access-right.js';
import { PAGE, PAGES } from '../../src/shared/pages.js';
import { listBody, setPages, userIdByEmail } from '../helpers/factories.js';
import type { Session } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';
import { ME_API } from '../../src/shared/contracts/auth.js';
import { CARTON_API } from '../../src/shared/contracts/carton.js';

const t = useApp();
let admin: Session;
let factory: Session;
let warehouse: Session;
let factoryId: number;

beforeAll(async () => {
  admin = await t.session('admin');
  factory = await t.session('factory');
  warehouse = await t.session('warehouse');
  factoryId = await userIdByEmail(t.db, SEED_LOGINS.factory.email);
});

const save = (body: unknown, token = admin.token) => t.send(ACCESS_RIGHT_API.save, body, token);
const tree = async (id: number | string, token = admin.token) => {
  const res = await t.fetch(ACCESS_RIGHT_API.read, { id }, token);
  expect(res.status).toBe(200);
  return res.body;
};
const stored = async (userId: number) =>
  (await t.db.select({ k: userPages.pageKey }).from(userPages).where(eq(userPages.userId, userId)))
    .map((r) => r.k)
    .sort();

describe('GetAccessRight/0: the default tree', () => {
  it('has the Masters, Transactions and Reports groups with every visible page unticked', async () => {
    const body = await tree(0);
    expect(body.ResponseCode).toBe('200');
    const groups = body.ResponseData as AccessRightGroup[];
    expect(groups.map((g) => [g.key, g.label])).toEqual([
      ['2', 'Masters'],
      ['3', 'Transactions'],
      ['4', 'Reports'],
    ]);
    for (const g of groups) {
      expect(g.Status).toBe(false);
      for (const c of g.children) {
        expect(Object.keys(c).sort()).toEqual(['Status', 'key', 'label', 'path']);
        expect(c.Status).toBe(false);
        expect(c.path).toMatch(/^\/(masters|transaction|reports)\//);
      }
    }
    const children = groups.flatMap((g) => g.children);
    expect(children).toContainEqual({
      key: '215',
      label: 'Carton Size Master',
      path: '/masters/carton-master',
      Status: false,
    });
    expect(children).toContainEqual({
      key: '201',
      label: 'Role Management',
      path: '/masters/access-right',
      Status: false,
    });
    expect(children.map((c) => c.label)).not.toContain('Issue Number');
    expect(children.map((c) => c.key)).not.toContain('304');
    // Devices is the administrator's alone, as Issue Number.
    expect(children.map((c) => c.label)).not.toContain('Devices');
    expect(children).toHaveLength(PAGES.length - 2);
    // The spec's 15 masters and our EPCIS Partners, which a company's admin may be granted.
    expect(groups[0]!.children).toHaveLength(16);
    expect(children).toContainEqual({
      key: '216',
      label: 'EPCIS Partners',
      path: '/masters/epcis-partners',
      Status: false,
    });
  });

  it.each(['abc', '-1', '1.5', '1e3', '0x10'])('a non-numeric id %j answers Invalid Arguments', async (id) => {
    const body = await tree(id);
    expect(body).toEqual({ ResponseCode: '400', ResponseMessage: INVALID_ARGUMENTS, ResponseData: null });
  });
});

describe('CreateUpdateAccessRight', () => {
  it.each([
    ['no user', { PageList: ['215'] }],
    ['user 0', { UserId: 0, PageList: ['215'] }],
    ['a user id as text', { UserId: 'abc', PageList: ['215'] }],
    ['a negative user id', { UserId: -4, PageList: ['215'] }],
    ['a fractional user id', { UserId: 1.5, PageList: ['215'] }],
  ])('%s answers "Please select user." and saves nothing', async (_name, body) => {
    const before = await stored(factoryId);
    const res = await save(body);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: 'Please select user.', ResponseData: null });
    expect(ACCESS_MSG.userRequired).toBe('Please select user.');
    expect(await stored(factoryId)).toEqual(before);
  });

  it('an unknown user is refused', async () => {
    const res = await save({ UserId: 987654, PageList: ['215'] });
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: ACCESS_MSG.unknownUser, ResponseData: null });
  });

  it('a user id beyond the integer range is a 400 warning, not a crash', async () => {
    const res = await save({ UserId: 1e12, PageList: ['215'] });
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode).toBe('400');
    expect([ACCESS_MSG.userRequired, ACCESS_MSG.unknownUser]).toContain(res.body.ResponseMessage);
  });

  it.each([
    ['not a list', { UserId: 3, PageList: '215' }],
    ['numbers in the list', { UserId: 3, PageList: [215] }],
    ['an overlong key', { UserId: 3, PageList: ['2'.repeat(11)] }],
    ['too many keys', { UserId: 3, PageList: Array.from({ length: 201 }, () => '215') }],
  ])('a PageList that is %s is refused', async (_name, body) => {
    const res = await save({ ...body, UserId: factoryId });
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: 'PageList holds page keys.', ResponseData: null });
  });

  it('saving carton master for the factory user stores 1, its parent 2 and 215', async () => {
    const res = await save({ UserId: factoryId, PageList: ['215'] });
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: ACCESS_MSG.saved,
      ResponseData: ['1', '2', '215'],
    });
    expect(await stored(factoryId)).toEqual(['1', '2', '215']);

    const groups = (await tree(factoryId)).ResponseData as AccessRightGroup[];
    const ticked = groups
      .flatMap((g) => g.children)
      .filter((c) => c.Status)
      .map((c) => c.key);
    expect(ticked).toEqual(['215']);
    expect(groups.find((g) => g.key === '2')!.Status).toBe(false); // not every master ticked
  });

  it('the user then sees Dashboard and Masters > Carton Size Master only, and the server agrees', async () => {
    await save({ UserId: factoryId, PageList: ['215'] });
    const menu = await t.fetch(ME_API.menu, factory.token);
    expect(menu.body.ResponseCode).toBe('200');
    const entries = menu.body.ResponseData as MenuEntry[];
    expect(entries.map((e) => ({ name: e.name, path: e.path, children: e.children }))).toEqual([
      { name: 'Dashboard', path: '/dashboard', children: undefined },
      { name: 'Masters', path: '/masters', children: [{ name: 'Carton Size Master', path: '/masters/carton-master' }] },
    ]);
    expect((await t.send(CARTON_API.list, listBody(), factory.token)).status).toBe(200);
    expect(await t.fetch(ACCESS_RIGHT_API.read, { id: 0 }, factory.token)).toMatchObject({
      status: 403,
      body: { ResponseMessage: FORBIDDEN },
    });
  });

  it('removing the page takes effect at once, without a new sign-in', async () => {
    await save({ UserId: factoryId, PageList: ['215'] });
    expect((await t.send(CARTON_API.list, listBody(), factory.token)).status).toBe(200);
    const res = await save({ UserId: factoryId, PageList: [] });
    expect(res.body.ResponseData).toEqual(['1']);
    expect((await t.send(CARTON_API.list, listBody(), factory.token)).status).toBe(403);
    const menu = (await t.fetch(ME_API.menu, factory.token)).body.ResponseData as MenuEntry[];
    expect(menu.map((m) => m.name)).toEqual(['Dashboard']);
  });

  it('unknown keys, group keys and the hidden Issue Number key are dropped, duplicates stored once', async () => {
    const res = await save({ UserId: factoryId, PageList: ['215', '304', '999', 'abc', '', '3', '1', '215', '417'] });
    expect(res.body.ResponseData).toEqual(['1', '2', '4', '215', '417']);
    expect(await stored(factoryId)).toEqual(['1', '2', '215', '4', '417']);
    const only304 = await save({ UserId: factoryId, PageList: [PAGE.numberIssued.key] });
    expect(only304.body.ResponseData).toEqual(['1']);
  });

  it('the admin sees the full menu, Issue Number included', async () => {
    const menu = (await t.fetch(ME_API.menu, admin.token)).body.ResponseData as MenuEntry[];
    expect(menu.map((m) => m.name)).toEqual(['Dashboard', 'Masters', 'Transactions', 'Reports']);
    const children = menu.flatMap((m) => m.children ?? []);
    expect(children).toHaveLength(PAGES.length);
    expect(children).toContainEqual({ name: 'Issue Number', path: '/transaction/number-issued' });
  });

  it('a non-admin without Role Management gets 403 on reading and saving, and nothing changes', async () => {
    await setPages(t.db, factoryId, ['1', '2', '215']);
    expect((await t.fetch(ACCESS_RIGHT_API.read, { id: 0 }, warehouse.token)).status).toBe(403);
    const res = await save({ UserId: factoryId, PageList: ['201', '202'] }, warehouse.token);
    expect(res).toMatchObject({ status: 403, body: { ResponseCode: '403', ResponseMessage: FORBIDDEN } });
    expect(await stored(factoryId)).toEqual(['1', '2', '215']);
  });

  it('a non-admin with Role Management hands out only pages it holds, and never to itself', async () => {
    const warehouseId = await userIdByEmail(t.db, SEED_LOGINS.warehouse.email);
    await setPages(t.db, warehouseId, ['1', '2', '201', '215']);
    await setPages(t.db, factoryId, ['1', '2']);
    const res = await save({ UserId: factoryId, PageList: ['215', '207'] }, warehouse.token);
    // 207 (Product Master) is not the warehouse user's to give: refused by name, nothing saved.
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: ACCESS_MSG.notHeld('Product Master'),
      ResponseData: null,
    });
    expect(await stored(factoryId)).toEqual(['1', '2']);
    expect((await save({ UserId: factoryId, PageList: ['215'] }, warehouse.token)).body.ResponseCode).toBe('200');
    expect(await stored(factoryId)).toEqual(['1', '2', '215']);
    const self = await save({ UserId: warehouseId, PageList: ['215', '207', '301'] }, warehouse.token);
    expect(self.body).toEqual({ ResponseCode: '400', ResponseMessage: ACCESS_MSG.unknownUser, ResponseData: null });
    expect(await stored(warehouseId)).toEqual(['1', '2', '201', '215']);
    await setPages(t.db, warehouseId, []);
  });
});
