// Category lists, every level (spec 1 sections 2.9, 2.21, 3.3, 7): paging with TotalRows, the sort
// whitelist both ways, search over the names and the parents' names, and the export's PageSize -1.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { categories } from '../../../src/server/db/schema.js';
import { CATEGORY_API, type CategoryLevel } from '../../../src/shared/contracts/category.js';
import type { ListRequest } from '../../../src/shared/contracts/list.js';
import type { Endpoint } from '../../../src/shared/endpoint.js';
import { insertCategory, levelApi } from '../../helpers/factories-categories.js';
import { listBody } from '../../helpers/factories.js';
import { useApp } from '../../helpers/use-app.js';
import { send } from '../../helpers/endpoint-call.js';

type Row = Record<string, unknown> & { TotalRows: number };

const t = useApp();
let token: string;
const TAG = 'Qzx';
// Six of each level, names starting with distinct capitals so every collation orders them alike.
const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];
const made: Record<CategoryLevel, { id: number; name: string; createdAt: Date }[]> = { 1: [], 2: [], 3: [] };

beforeAll(async () => {
  token = await t.token('admin');
  const base = Date.UTC(2025, 0, 1);
  // Inserted out of date order, so id order and created order differ.
  for (const i of [3, 0, 5, 1, 4, 2]) {
    const createdAt = new Date(base + i * 3_600_000);
    const mg1 = await insertCategory(t.db, 1, null, { name: `${NAMES[i]} ${TAG} one`, createdAt, isActive: i !== 4 });
    const mg2 = await insertCategory(t.db, 2, mg1.id, { name: `${NAMES[5 - i]} ${TAG} two`, createdAt });
    const mg3 = await insertCategory(t.db, 3, mg2.id, { name: `${NAMES[i]} ${TAG} three`, createdAt });
    made[1].push({ id: mg1.id, name: mg1.name, createdAt });
    made[2].push({ id: mg2.id, name: mg2.name, createdAt });
    made[3].push({ id: mg3.id, name: mg3.name, createdAt });
  }
});

/** The level's list, or `list` (the spec's older name of level 2's). */
async function rows(
  level: CategoryLevel,
  body: ListRequest | Record<string, unknown>,
  list: Endpoint = levelApi(level).list,
): Promise<Row[]> {
  const res = await send(t, list, body, token);
  expect(res.status).toBe(200);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as Row[];
}
const idOf = (level: CategoryLevel) => (r: Row) => r[`CategoryIdMG${level}`] as number;
const newestFirst = (level: CategoryLevel) =>
  [...made[level]].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((m) => m.id);

describe.each([1, 2, 3] as const)('level %i', (level) => {
  it('pages newest first with a 1-based First and TotalRows on every row', async () => {
    const pages = [];
    for (const First of [1, 3, 5]) pages.push(await rows(level, listBody({ First, PageSize: 2, SearchValue: TAG })));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
    expect(pages.flat().map(idOf(level))).toEqual(newestFirst(level));
    for (const r of pages.flat()) expect(r.TotalRows).toBe(6);
  });

  it('sorts by name both ways', async () => {
    const byName = [...made[level]].sort((a, b) => a.name.localeCompare(b.name)).map((m) => m.id);
    const asc = await rows(
      level,
      listBody({ PageSize: -1, SearchValue: TAG, SortColumn: `NameMG${level}`, SortOrder: 'ASC' }),
    );
    expect(asc.map(idOf(level))).toEqual(byName);
    const desc = await rows(
      level,
      listBody({ PageSize: -1, SearchValue: TAG, SortColumn: `NameMG${level}`, SortOrder: 'DESC' }),
    );
    expect(desc.map(idOf(level))).toEqual([...byName].reverse());
  });

  it('refuses a sort column it does not know', async () => {
    const res = await t.send(levelApi(level).list, listBody({ SortColumn: 'name; drop table categories' }), token);
    expect(res.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: "The list cannot be sorted by 'name; drop table categories'.",
    });
  });

  it('exports every row of the level, oldest first, with PageSize -1', async () => {
    const all = await rows(level, {
      PageSize: -1,
      First: 1,
      IsActive: true,
      SortColumn: 'CreatedDt',
      SortOrder: 'ASC',
    });
    const [{ n }] = (await t.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(categories)
      .where(sql`${categories.level} = ${level}`)) as [{ n: number }];
    expect(all).toHaveLength(n);
    expect(all[0]!.TotalRows).toBe(n);
    // The seed's rows were made now; these in 2025: they come first, in created order.
    expect(all.slice(0, 6).map(idOf(level))).toEqual([...newestFirst(level)].reverse());
  });
});

describe('row fields and parents', () => {
  it('level 1 rows carry the spec fields, inactive rows included', async () => {
    const list = await rows(1, listBody({ PageSize: -1, SearchValue: TAG }));
    expect(Object.keys(list[0]!).sort()).toEqual([
      'CategoryIdMG1',
      'CreatedDate',
      'IsActiveMG1',
      'NameMG1',
      'TotalRows',
    ]);
    expect(list.find((r) => r.NameMG1 === `Echo ${TAG} one`)).toMatchObject({ IsActiveMG1: false });
  });

  it('level 2 and 3 rows carry their parents; search finds a row by its parent name; sort by parent name works', async () => {
    const [two] = await rows(2, listBody({ SearchValue: `Alpha ${TAG} one` }));
    const mg1 = made[1].find((m) => m.name === `Alpha ${TAG} one`)!;
    expect(two).toMatchObject({
      NameMG2: `Foxtrot ${TAG} two`,
      CategoryIdMG1: mg1.id,
      NameMG1: mg1.name,
      IsActiveMG2: true,
      TotalRows: 1,
    });

    const [three] = await rows(3, listBody({ SearchValue: `Foxtrot ${TAG} two` }));
    expect(Object.keys(three!).sort()).toEqual([
      'CategoryIdMG1',
      'CategoryIdMG2',
      'CategoryIdMG3',
      'CreatedDate',
      'IsActiveMG3',
      'NameMG1',
      'NameMG2',
      'NameMG3',
      'TotalRows',
    ]);
    expect(three).toMatchObject({ NameMG3: `Alpha ${TAG} three`, NameMG2: `Foxtrot ${TAG} two`, NameMG1: mg1.name });

    const byParent = await rows(
      2,
      listBody({ PageSize: -1, SearchValue: TAG, SortColumn: 'NameMG1', SortOrder: 'ASC' }),
    );
    expect(byParent.map((r) => r.NameMG1)).toEqual(NAMES.map((n) => `${n} ${TAG} one`));
  });

  it('GetSubCategories is the level-2 list', async () => {
    const body = listBody({ PageSize: -1, SearchValue: TAG });
    expect(await rows(2, body, CATEGORY_API.sub.list)).toEqual(await rows(2, body));
  });

  it('search matches LIKE characters literally', async () => {
    expect(await rows(1, listBody({ SearchValue: `${TAG}%` }))).toEqual([]);
  });
});
