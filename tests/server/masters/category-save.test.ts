// Category saves, every level (spec 1 sections 3.11, 5.12): the spec's messages, names unique per
// parent, the parent one level up and active, updates confined to their level, nothing half-saved.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../src/server/db/schema.js';
import { CATEGORY_MSG, type CategoryLevel, CATEGORY_API } from '../../../src/shared/contracts/category.js';
import { categoryBody, insertCategory, insertChain, levelApi } from '../../helpers/factories-categories.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let token: string;

beforeAll(async () => {
  token = await t.token('admin');
});

const save = (level: CategoryLevel, body: unknown) => t.send(levelApi(level).save, body, token);
const snapshot = async () => JSON.stringify(await t.db.select().from(categories).orderBy(categories.id));
const rowById = async (id: number) => (await t.db.select().from(categories).where(eq(categories.id, id)))[0];
const warn = (message: string) => ({
  status: 200,
  body: { ResponseCode: '400', ResponseMessage: message, ResponseData: null },
});

describe('validation', () => {
  const chain = () => insertChain(t.db, 'Valid');
  it.each([
    [1, 'an empty body', () => ({}), CATEGORY_MSG.mg1Required],
    [1, 'a blank name', () => categoryBody(1, 0, { NameMG1: '   ' }), CATEGORY_MSG.mg1Required],
    [1, 'a name that is a number', () => categoryBody(1, 0, { NameMG1: 5 }), CATEGORY_MSG.mg1Required],
    [
      1,
      'a 101-character name',
      () => categoryBody(1, 0, { NameMG1: 'x'.repeat(101) }),
      'Category must be at most 100 characters.',
    ],
    [1, 'a parent field on level 1', () => categoryBody(1, 0, { CategoryIdMG0: 1 }), 'Unknown field: CategoryIdMG0'],
    [2, 'an empty body', () => ({}), CATEGORY_MSG.mg1Select],
    [2, 'no parent', () => categoryBody(2, 0), CATEGORY_MSG.mg1Select],
    [2, 'a parent as text', () => categoryBody(2, 0, { CategoryIdMG1: '3' }), CATEGORY_MSG.mg1Select],
    [2, 'a blank name', () => categoryBody(2, 1, { NameMG2: '' }), CATEGORY_MSG.mg2Required],
    [2, 'a level-1 field name', () => categoryBody(2, 1, { NameMG1: 'x' }), 'Unknown field: NameMG1'],
    [3, 'an empty body', () => ({}), CATEGORY_MSG.mg2Select],
    [3, 'a null parent', () => categoryBody(3, 0, { CategoryIdMG2: null }), CATEGORY_MSG.mg2Select],
    [3, 'a blank name', () => categoryBody(3, 1, { NameMG3: ' ' }), CATEGORY_MSG.mg3Required],
    [3, 'a status as text', () => categoryBody(3, 1, { IsActiveMG3: 'yes' }), 'IsActive must be true or false.'],
    [3, 'a negative id', () => categoryBody(3, 1, { CategoryIdMG3: -2 }), 'CategoryIdMG3 must be a whole number.'],
  ] as const)('level %i: %s answers 400 with its message and saves nothing', async (level, _name, body, message) => {
    await chain();
    const before = await snapshot();
    expect(await save(level, body())).toMatchObject(warn(message));
    expect(await snapshot()).toBe(before);
  });
});

describe('adding and updating', () => {
  it('adds a category, a sub category under it and a sub division under that, with the server messages', async () => {
    const r1 = await save(1, categoryBody(1, 0, { NameMG1: 'Biostimulants' }));
    expect(r1.body).toEqual({ ResponseCode: '200', ResponseMessage: CATEGORY_MSG.mg1Created, ResponseData: null });
    const [mg1] = await t.db.select().from(categories).where(eq(categories.name, 'Biostimulants'));
    expect(mg1).toMatchObject({ level: 1, parentId: null, isActive: true });

    const r2 = await save(2, categoryBody(2, mg1!.id, { NameMG2: 'Amino Acids' }));
    expect(r2.body.ResponseMessage).toBe(CATEGORY_MSG.mg2Created);
    const [mg2] = await t.db.select().from(categories).where(eq(categories.name, 'Amino Acids'));
    expect(mg2).toMatchObject({ level: 2, parentId: mg1!.id });

    const r3 = await save(3, categoryBody(3, mg2!.id, { NameMG3: 'Plant Based', IsActiveMG3: false }));
    expect(r3.body.ResponseMessage).toBe(CATEGORY_MSG.mg3Created);
    const [mg3] = await t.db.select().from(categories).where(eq(categories.name, 'Plant Based'));
    expect(mg3).toMatchObject({ level: 3, parentId: mg2!.id, isActive: false });
  });

  it('updates name, status and parent; the old aliases save level 2', async () => {
    const a = await insertChain(t.db, 'Upd');
    const other = await insertCategory(t.db, 1, null);
    const res = await save(2, {
      CategoryIdMG2: a.mg2.id,
      CategoryIdMG1: other.id,
      NameMG2: '  Renamed sub  ',
      IsActiveMG2: false,
    });
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: CATEGORY_MSG.mg2Updated, ResponseData: null });
    expect(await rowById(a.mg2.id)).toMatchObject({
      name: 'Renamed sub',
      parentId: other.id,
      isActive: false,
      level: 2,
    });

    const alias = await t.send(CATEGORY_API.sub.save, categoryBody(2, other.id, { NameMG2: 'Via alias' }), token);
    expect(alias.body.ResponseMessage).toBe(CATEGORY_MSG.mg2Created);
    const [row] = await t.db.select().from(categories).where(eq(categories.name, 'Via alias'));
    expect(row).toMatchObject({ level: 2, parentId: other.id });
  });

  it('an id of another level or no record answers not found and changes nothing', async () => {
    const a = await insertChain(t.db, 'Lvl');
    const before = await snapshot();
    expect(await save(1, { CategoryIdMG1: a.mg2.id, NameMG1: 'Hijack' })).toMatchObject(warn(CATEGORY_MSG.mg1NotFound));
    expect(await save(3, { CategoryIdMG3: a.mg1.id, CategoryIdMG2: a.mg2.id, NameMG3: 'Hijack' })).toMatchObject(
      warn(CATEGORY_MSG.mg3NotFound),
    );
    expect(await save(2, { CategoryIdMG2: 999_999, CategoryIdMG1: a.mg1.id, NameMG2: 'Ghost' })).toMatchObject(
      warn(CATEGORY_MSG.mg2NotFound),
    );
    expect(await snapshot()).toBe(before);
  });
});

describe('the parent', () => {
  it('must exist and be of the level above', async () => {
    const a = await insertChain(t.db, 'Par');
    const before = await snapshot();
    expect(await save(2, categoryBody(2, 999_999))).toMatchObject(warn(CATEGORY_MSG.mg1Select));
    expect(await save(2, categoryBody(2, a.mg2.id))).toMatchObject(warn(CATEGORY_MSG.mg1Select));
    expect(await save(3, categoryBody(3, a.mg1.id))).toMatchObject(warn(CATEGORY_MSG.mg2Select));
    expect(await save(3, categoryBody(3, a.mg3.id))).toMatchObject(warn(CATEGORY_MSG.mg2Select));
    expect(await snapshot()).toBe(before);
  });

  it('must be active to add or move a record under it; a record may stay under one deactivated later', async () => {
    const a = await insertChain(t.db, 'Inact');
    const retired = await insertCategory(t.db, 1, null, { isActive: false });
    expect(await save(2, categoryBody(2, retired.id))).toMatchObject(warn(CATEGORY_MSG.mg1Inactive));
    expect(await save(2, { CategoryIdMG2: a.mg2.id, CategoryIdMG1: retired.id, NameMG2: a.mg2.name })).toMatchObject(
      warn(CATEGORY_MSG.mg1Inactive),
    );
    await t.db.update(categories).set({ isActive: false }).where(eq(categories.id, a.mg2.id));
    expect(await save(3, categoryBody(3, a.mg2.id))).toMatchObject(warn(CATEGORY_MSG.mg2Inactive));
    const kept = await save(3, { CategoryIdMG3: a.mg3.id, CategoryIdMG2: a.mg2.id, NameMG3: 'Still here' });
    expect(kept.body.ResponseMessage).toBe(CATEGORY_MSG.mg3Updated);
  });
});

describe('uniqueness', () => {
  it('a name is unique per level and parent, ignoring case and spaces; the same name elsewhere is fine', async () => {
    const a = await insertChain(t.db, 'Uniq');
    const b = await insertChain(t.db, 'Uniq');
    const before = await snapshot();
    expect(await save(1, categoryBody(1, 0, { NameMG1: ` ${a.mg1.name.toUpperCase()} ` }))).toMatchObject(
      warn(CATEGORY_MSG.mg1Duplicate),
    );
    expect(await save(2, categoryBody(2, a.mg1.id, { NameMG2: a.mg2.name.toLowerCase() }))).toMatchObject(
      warn(CATEGORY_MSG.mg2Duplicate),
    );
    expect(await save(3, categoryBody(3, a.mg2.id, { NameMG3: a.mg3.name }))).toMatchObject(
      warn(CATEGORY_MSG.mg3Duplicate),
    );
    // Renaming onto a sibling's name is refused as well.
    expect(await save(1, { CategoryIdMG1: b.mg1.id, NameMG1: a.mg1.name })).toMatchObject(
      warn(CATEGORY_MSG.mg1Duplicate),
    );
    expect(await snapshot()).toBe(before);

    expect((await save(2, categoryBody(2, b.mg1.id, { NameMG2: a.mg2.name }))).body.ResponseCode).toBe('200');
    expect((await save(3, categoryBody(3, b.mg2.id, { NameMG3: a.mg3.name }))).body.ResponseCode).toBe('200');
    // A level-2 name may repeat a level-1 name.
    expect((await save(2, categoryBody(2, a.mg1.id, { NameMG2: a.mg1.name }))).body.ResponseCode).toBe('200');
  });
});
