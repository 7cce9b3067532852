// Category dropdowns, deletes and page rights (spec 1 sections 2.21, 7): dropdowns list active rows
// under the given parent; a delete is refused while children or products hold the category;
// categories are shared reference data, changed only with the Category page.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import { categories } from '../../../src/server/db/schema.js';
import { CATEGORY_MSG, CATEGORY_API } from '../../../src/shared/contracts/category.js';
import { PAGE } from '../../../src/shared/pages.js';
import {
  categoryBody,
  insertCategory,
  insertChain,
  insertProduct,
  levelApi,
} from '../../helpers/factories-categories.js';
import { insertCompany, listBody, setPages, userIdByEmail } from '../../helpers/factories.js';
import { endpointPath, type Endpoint } from '../../../src/shared/endpoint.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let admin: string;
let factory: string;
let factoryId: number;

beforeAll(async () => {
  admin = await t.token('admin');
  factory = await t.token('factory');
  factoryId = await userIdByEmail(t.db, SEED_LOGINS.factory.email);
});

const data = async (e: Endpoint, id?: number, token = admin) => {
  const res = await (id === undefined ? t.fetch(e, token) : t.fetch(e, { id }, token));
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as Record<string, unknown>[];
};
const exists = async (id: number) => (await t.db.select().from(categories).where(eq(categories.id, id))).length === 1;

describe('dropdowns', () => {
  it('level 1 lists active categories by name; GetMaingrp is the same list', async () => {
    const on = await insertCategory(t.db, 1, null, { name: 'Aaa active top' });
    const off = await insertCategory(t.db, 1, null, { name: 'Aaa retired top', isActive: false });
    const list = await data(CATEGORY_API.ddlMG1);
    expect(list).toContainEqual({ CategoryIdMG1: on.id, NameMG1: 'Aaa active top' });
    expect(list.map((r) => r.CategoryIdMG1)).not.toContain(off.id);
    const names = list.map((r) => String(r.NameMG1));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(await data(CATEGORY_API.maingrp)).toEqual(list);
  });

  it('level 2 lists the active children of the given category; 0 and GetSubgrp list them all', async () => {
    const a = await insertChain(t.db, 'DdlA');
    const b = await insertChain(t.db, 'DdlB');
    const offChild = await insertCategory(t.db, 2, a.mg1.id, { isActive: false });
    expect(await data(CATEGORY_API.ddlMG2, a.mg1.id)).toEqual([
      {
        CategoryIdMG2: a.mg2.id,
        NameMG2: a.mg2.name,
        CategoryIdMG1: a.mg1.id,
        FullNameMG2: `${a.mg1.name} > ${a.mg2.name}`,
      },
    ]);
    expect(await data(CATEGORY_API.subCategoryDDL, a.mg1.id)).toEqual(await data(CATEGORY_API.ddlMG2, a.mg1.id));
    const all = await data(CATEGORY_API.ddlMG2, 0);
    expect(all.map((r) => r.CategoryIdMG2)).toEqual(expect.arrayContaining([a.mg2.id, b.mg2.id]));
    expect(all.map((r) => r.CategoryIdMG2)).not.toContain(offChild.id);
    expect(await data(CATEGORY_API.subgrp)).toEqual(all);
    // The demo tree is there too.
    expect(all.map((r) => r.FullNameMG2)).toContain('Fertilisers > Organic');
  });

  it('children of an inactive category are left out of the full list', async () => {
    const c = await insertChain(t.db, 'DdlOff');
    await t.db.update(categories).set({ isActive: false }).where(eq(categories.id, c.mg1.id));
    expect((await data(CATEGORY_API.subgrp)).map((r) => r.CategoryIdMG2)).not.toContain(c.mg2.id);
    expect(await data(CATEGORY_API.ddlMG2, c.mg1.id)).toEqual([]);
  });

  it('level 3 lists the active children of the given sub category', async () => {
    const a = await insertChain(t.db, 'Ddl3');
    const second = await insertCategory(t.db, 3, a.mg2.id, { name: 'Aaa first by name' });
    await insertCategory(t.db, 3, a.mg2.id, { isActive: false });
    expect(await data(CATEGORY_API.ddlMG3, a.mg2.id)).toEqual([
      { CategoryIdMG3: second.id, NameMG3: 'Aaa first by name', CategoryIdMG2: a.mg2.id },
      { CategoryIdMG3: a.mg3.id, NameMG3: a.mg3.name, CategoryIdMG2: a.mg2.id },
    ]);
    expect(await data(CATEGORY_API.ddlMG3, a.mg1.id)).toEqual([]);
  });

  it.each(
    (
      [
        [CATEGORY_API.ddlMG2, 'abc'],
        [CATEGORY_API.ddlMG3, -1],
        [CATEGORY_API.subCategoryDDL, 1.5],
      ] as const
    ).map(([e, id]) => [endpointPath(e, { id }), e, id] as const),
  )('%s answers Invalid Arguments', async (_path, e, id) => {
    expect((await t.fetch(e, { id }, admin)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: 'Invalid Arguments',
      ResponseData: null,
    });
  });
});

describe('deletes', () => {
  it('removes a childless, unused category of the right level', async () => {
    const a = await insertChain(t.db, 'Del');
    expect((await t.fetch(levelApi(3).remove, { id: a.mg3.id }, admin)).body).toEqual({
      ResponseCode: '200',
      ResponseMessage: CATEGORY_MSG.mg3Deleted,
      ResponseData: null,
    });
    expect(await exists(a.mg3.id)).toBe(false);
    expect((await t.fetch(CATEGORY_API.sub.remove, { id: a.mg2.id }, admin)).body.ResponseMessage).toBe(
      CATEGORY_MSG.mg2Deleted,
    );
    expect((await t.fetch(levelApi(1).remove, { id: a.mg1.id }, admin)).body.ResponseMessage).toBe(
      CATEGORY_MSG.mg1Deleted,
    );
    expect(await exists(a.mg1.id)).toBe(false);
  });

  it('refuses while children hold it, an id of another level, or a product uses it', async () => {
    const a = await insertChain(t.db, 'Keep');
    const warn = (m: string) => ({ ResponseCode: '400', ResponseMessage: m, ResponseData: null });
    expect((await t.fetch(levelApi(1).remove, { id: a.mg1.id }, admin)).body).toEqual(
      warn(CATEGORY_MSG.mg1HasChildren),
    );
    expect((await t.fetch(levelApi(2).remove, { id: a.mg2.id }, admin)).body).toEqual(
      warn(CATEGORY_MSG.mg2HasChildren),
    );
    expect((await t.fetch(levelApi(2).remove, { id: a.mg3.id }, admin)).body).toEqual(warn(CATEGORY_MSG.mg2NotFound));
    expect((await t.fetch(levelApi(3).remove, { id: 'x' }, admin)).body).toEqual(warn('Invalid Arguments'));
    // Another company's product still holds the shared category.
    const other = await insertCompany(t.db);
    await insertProduct(t.db, other.id, { categoryId: a.mg1.id, mg2Id: a.mg2.id, mg3Id: a.mg3.id });
    expect((await t.fetch(levelApi(3).remove, { id: a.mg3.id }, admin)).body).toEqual(
      warn(CATEGORY_MSG.usedByProducts),
    );
    for (const id of [a.mg1.id, a.mg2.id, a.mg3.id]) expect(await exists(id)).toBe(true);
  });
});

describe('page rights', () => {
  const forbidden = { status: 403, body: { ResponseCode: '403', ResponseMessage: FORBIDDEN, ResponseData: null } };

  it('without the Category page: lists, saves and deletes answer 403 and change nothing', async () => {
    const a = await insertChain(t.db, 'Rights');
    await setPages(t.db, factoryId, ['1', '2', PAGE.productMaster.key]);
    try {
      for (const level of [1, 2, 3] as const) {
        expect(await t.send(levelApi(level).list, listBody(), factory)).toMatchObject(forbidden);
        expect(
          await t.send(levelApi(level).save, categoryBody(level, level === 2 ? a.mg1.id : a.mg2.id), factory),
        ).toMatchObject(forbidden);
        expect(await t.fetch(levelApi(level).remove, { id: a.mg3.id }, factory)).toMatchObject(forbidden);
      }
      expect(await t.send(CATEGORY_API.sub.save, categoryBody(2, a.mg1.id), factory)).toMatchObject(forbidden);
      expect(await t.fetch(CATEGORY_API.sub.remove, { id: a.mg2.id }, factory)).toMatchObject(forbidden);
      expect(await exists(a.mg3.id)).toBe(true);
      // The product master's pickers still read the dropdowns.
      expect((await data(CATEGORY_API.ddlMG2, a.mg1.id, factory)).map((r) => r.CategoryIdMG2)).toEqual([a.mg2.id]);
      expect((await t.fetch(CATEGORY_API.ddlMG1, factory)).status).toBe(200);
    } finally {
      await setPages(t.db, factoryId, ['1', '2', PAGE.category.key]);
    }
  });

  it('with only unrelated pages the dropdowns answer 403 too', async () => {
    await setPages(t.db, factoryId, ['1', '4', PAGE.dispatchReport.key]);
    expect(await t.fetch(CATEGORY_API.ddlMG1, factory)).toMatchObject(forbidden);
    expect(await t.fetch(CATEGORY_API.subgrp, factory)).toMatchObject(forbidden);
    await setPages(t.db, factoryId, ['1', '2', PAGE.category.key]);
  });

  it("categories are the admin's: a non-admin with the Category page lists them but saves and deletes nothing", async () => {
    const a = await insertChain(t.db, 'Shared');
    const before = await t.db.select().from(categories).orderBy(categories.id);
    const adminOnly = {
      status: 403,
      body: { ResponseCode: '403', ResponseMessage: CATEGORY_MSG.adminOnly, ResponseData: null },
    };
    for (const level of [1, 2, 3] as const) {
      const parent = level === 2 ? a.mg1.id : level === 3 ? a.mg2.id : undefined;
      expect(await t.send(levelApi(level).save, categoryBody(level, parent), factory)).toMatchObject(adminOnly);
      expect(await t.send(levelApi(level).save, {}, factory)).toMatchObject(adminOnly);
      expect(
        await t.fetch(levelApi(level).remove, { id: [a.mg1, a.mg2, a.mg3][level - 1]!.id }, factory),
      ).toMatchObject(adminOnly);
      expect((await t.send(levelApi(level).list, listBody(), factory)).body.ResponseCode).toBe('200');
    }
    expect(await t.send(CATEGORY_API.sub.save, categoryBody(2, a.mg1.id), factory)).toMatchObject(adminOnly);
    expect(await t.fetch(CATEGORY_API.sub.remove, { id: a.mg2.id }, factory)).toMatchObject(adminOnly);
    expect(await t.db.select().from(categories).orderBy(categories.id)).toEqual(before);
  });

  it('without a token: 401', async () => {
    expect((await t.fetch(CATEGORY_API.ddlMG1)).status).toBe(401);
    expect((await t.send(levelApi(1).save, categoryBody(1))).status).toBe(401);
  });
});
