// Carton save, dropdown and page access (spec 1 sections 3.7, 5.4): every bad body answers '400'
// with a clear message and changes nothing; names are unique; the dropdown lists active cartons.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN } from '../../src/server/http/route.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { cartons } from '../../src/server/db/schema.js';
import { CARTON_MSG, CARTON_API } from '../../src/shared/contracts/carton.js';
import { PAGE } from '../../src/shared/pages.js';
import {
  cartonBody,
  countRows,
  insertCarton,
  insertCompany,
  insertUser,
  listBody,
  setPages,
  unique,
  userIdByEmail,
} from '../helpers/factories.js';
import type { Session } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let admin: Session;
let factory: Session;
let factoryId: number;

beforeAll(async () => {
  admin = await t.session('admin');
  factory = await t.session('factory');
  factoryId = await userIdByEmail(t.db, SEED_LOGINS.factory.email);
});

const create = (body: unknown, token = admin.token) => t.send(CARTON_API.save, body, token);
const rowById = async (id: number) => (await t.db.select().from(cartons).where(eq(cartons.id, id)))[0];
const snapshot = async () => JSON.stringify(await t.db.select().from(cartons).orderBy(cartons.id));

describe('validation', () => {
  const huge = 'x'.repeat(10_000);
  const { CartonName: _n, ...noName } = cartonBody();
  const { CartonSize: _s, ...noSize } = cartonBody();
  const { Description: _d, ...noDescription } = cartonBody();

  it.each([
    ['an empty body', {}, CARTON_MSG.nameRequired],
    ['no name', noName, CARTON_MSG.nameRequired],
    ['an empty name', cartonBody({ CartonName: '' }), CARTON_MSG.nameRequired],
    ['a blank name', cartonBody({ CartonName: '   ' }), CARTON_MSG.nameRequired],
    ['a null name', cartonBody({ CartonName: null }), CARTON_MSG.nameRequired],
    ['a name that is a number', cartonBody({ CartonName: 123 }), CARTON_MSG.nameRequired],
    ['a 10 000-character name', cartonBody({ CartonName: huge }), 'Carton name must be at most 100 characters.'],
    ['no size', noSize, CARTON_MSG.sizeRequired],
    ['size 0', cartonBody({ CartonSize: 0 }), CARTON_MSG.sizeRequired],
    ['a negative size', cartonBody({ CartonSize: -5 }), CARTON_MSG.sizeRequired],
    ['a fractional size', cartonBody({ CartonSize: 2.5 }), CARTON_MSG.sizeRequired],
    ['size "abc"', cartonBody({ CartonSize: 'abc' }), CARTON_MSG.sizeRequired],
    ['size as text "12 boxes"', cartonBody({ CartonSize: '12 boxes' }), CARTON_MSG.sizeRequired],
    ['a size beyond any carton', cartonBody({ CartonSize: 1e12 }), CARTON_MSG.sizeRequired],
    ['no description', noDescription, CARTON_MSG.descriptionRequired],
    ['an empty description', cartonBody({ Description: '' }), CARTON_MSG.descriptionRequired],
    [
      'a 10 000-character description',
      cartonBody({ Description: huge }),
      'Description must be at most 500 characters.',
    ],
    ['an unknown field', cartonBody({ Colour: 'brown' }), 'Unknown field: Colour'],
    ['a negative id', cartonBody({ CartonId: -1 }), 'CartonId must be a whole number.'],
    ['an id as text', cartonBody({ CartonId: 'abc' }), 'CartonId must be a whole number.'],
    ['a status as text', cartonBody({ IsActive: 'yes' }), 'IsActive must be true or false.'],
  ])('%s answers 400 with its message and changes nothing', async (_name, body, message) => {
    const before = await snapshot();
    const res = await create(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
    expect(await snapshot()).toBe(before);
  });

  it("the messages are the spec's words", () => {
    expect([CARTON_MSG.nameRequired, CARTON_MSG.sizeRequired, CARTON_MSG.descriptionRequired]).toEqual([
      'Please enter your carton name.',
      'Please enter your carton size quantity.',
      'Please enter your Description.',
    ]);
  });
});

describe('create and update', () => {
  it('creates a carton that then shows in the list, trimmed, active by default', async () => {
    const before = await countRows(t.db, cartons);
    const res = await create({ CartonName: '  Crate of 6  ', CartonSize: 6, Description: ' Six-pack crate ' });
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: CARTON_MSG.created, ResponseData: null });
    expect(await countRows(t.db, cartons)).toBe(before + 1);
    const list = await t.send(CARTON_API.list, listBody({ SearchValue: 'Crate of 6' }), admin.token);
    expect(list.body.ResponseData).toEqual([
      expect.objectContaining({
        CartonName: 'Crate of 6',
        CartonSize: 6,
        Description: 'Six-pack crate',
        IsActive: true,
        TotalRows: 1,
      }),
    ]);
  });

  it('a duplicate name is refused whatever its case and spacing, and nothing is added', async () => {
    const existing = await insertCarton(t.db, { name: 'Drum of 2' });
    const before = await countRows(t.db, cartons);
    for (const name of ['Drum of 2', 'DRUM OF 2', '  drum of 2 ']) {
      const res = await create(cartonBody({ CartonName: name }));
      expect(res.body, name).toEqual({
        ResponseCode: '400',
        ResponseMessage: CARTON_MSG.duplicate,
        ResponseData: null,
      });
    }
    expect(await countRows(t.db, cartons)).toBe(before);
    expect((await rowById(existing.id))!.name).toBe('Drum of 2');
  });

  it('updates an existing carton by CartonId', async () => {
    const c = await insertCarton(t.db, { name: 'Old name', size: 3 });
    const before = await countRows(t.db, cartons);
    const res = await create({
      CartonId: c.id,
      CartonName: 'New name',
      CartonSize: 9,
      Description: 'Changed',
      IsActive: false,
    });
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: CARTON_MSG.updated, ResponseData: null });
    expect(await countRows(t.db, cartons)).toBe(before);
    expect(await rowById(c.id)).toMatchObject({ name: 'New name', size: 9, description: 'Changed', isActive: false });
    expect((await rowById(c.id))!.createdAt.getTime()).toBe(c.createdAt.getTime());
  });

  it("renaming onto another carton's name is refused and changes nothing", async () => {
    const a = await insertCarton(t.db, { name: 'Keep A' });
    const b = await insertCarton(t.db, { name: 'Keep B' });
    const res = await create(cartonBody({ CartonId: b.id, CartonName: 'keep a' }));
    expect(res.body.ResponseMessage).toBe(CARTON_MSG.duplicate);
    expect((await rowById(b.id))!.name).toBe('Keep B');
    expect((await rowById(a.id))!.name).toBe('Keep A');
  });

  it.each([987_654, 2_147_483_647])('updating a missing id %i is refused and adds nothing', async (id) => {
    const before = await snapshot();
    const res = await create(cartonBody({ CartonId: id }));
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: CARTON_MSG.notFound, ResponseData: null });
    expect(await snapshot()).toBe(before);
  });
});

describe('dropdown', () => {
  it('lists only active cartons, smallest first, with id, name and size', async () => {
    const off = await insertCarton(t.db, { name: 'Retired size', size: 1, isActive: false });
    const res = await t.fetch(CARTON_API.dropdown, admin.token);
    expect(res.body.ResponseCode).toBe('200');
    const rows = res.body.ResponseData as { CartonId: number; CartonName: string; CartonSize: number }[];
    const active = await t.db.select().from(cartons).where(eq(cartons.isActive, true));
    expect(rows.map((r) => r.CartonId).sort((a, b) => a - b)).toEqual(active.map((c) => c.id).sort((a, b) => a - b));
    expect(rows.map((r) => r.CartonId)).not.toContain(off.id);
    const sizes = rows.map((r) => r.CartonSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(Object.keys(rows[0]!).sort()).toEqual(['CartonId', 'CartonName', 'CartonSize']);
  });
});

describe('page access', () => {
  it("carton sizes are the admin's: another company's factory user with the page reads them but cannot add, rename or deactivate one", async () => {
    const other = await insertCompany(t.db);
    const u = await insertUser(t.db, { userType: 4, companyId: other.id, pages: ['1', '2', PAGE.cartonMaster.key] });
    const token = (await t.signIn(u.email, u.password)).token;
    const box = await insertCarton(t.db, { name: unique('Shared box '), size: 10 });
    const before = await snapshot();
    const refused = {
      status: 403,
      body: { ResponseCode: '403', ResponseMessage: CARTON_MSG.adminOnly, ResponseData: null },
    };
    expect(
      await create(cartonBody({ CartonId: box.id, CartonName: 'Renamed by a rival', IsActive: false }), token),
    ).toMatchObject(refused);
    expect(await create(cartonBody(), token)).toMatchObject(refused);
    expect(await create({ CartonId: box.id, CartonName: '' }, token)).toMatchObject(refused);
    expect(await snapshot()).toBe(before);
    // Reading stays open to the page: the list, the export (PageSize -1) and the dropdown.
    const list = await t.send(CARTON_API.list, listBody({ PageSize: -1 }), token);
    expect((list.body.ResponseData as { CartonId: number }[]).map((r) => r.CartonId)).toContain(box.id);
    expect((await t.fetch(CARTON_API.dropdown, token)).body.ResponseCode).toBe('200');
    expect((await create(cartonBody(), factory.token)).status).toBe(403);
  });

  it('a user with only unrelated pages gets 403 on list, save and dropdown, and nothing is saved', async () => {
    await setPages(t.db, factoryId, ['1', '4', PAGE.dispatchReport.key]);
    try {
      const before = await countRows(t.db, cartons);
      for (const res of [
        await t.send(CARTON_API.list, listBody(), factory.token),
        await create(cartonBody(), factory.token),
        await t.fetch(CARTON_API.dropdown, factory.token),
      ])
        expect(res).toMatchObject({
          status: 403,
          body: { ResponseCode: '403', ResponseMessage: FORBIDDEN, ResponseData: null },
        });
      expect(await countRows(t.db, cartons)).toBe(before);
    } finally {
      await setPages(t.db, factoryId, ['1', '2', '215']);
    }
  });

  it('a packing user without the master reads the dropdown but not the master', async () => {
    await setPages(t.db, factoryId, ['1', '3', PAGE.secondaryPacking.key]);
    try {
      expect((await t.fetch(CARTON_API.dropdown, factory.token)).status).toBe(200);
      expect((await t.send(CARTON_API.list, listBody(), factory.token)).status).toBe(403);
      expect((await create(cartonBody(), factory.token)).status).toBe(403);
    } finally {
      await setPages(t.db, factoryId, ['1', '2', '215']);
    }
  });
});
