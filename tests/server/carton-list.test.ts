// The carton list (spec 1 sections 2.9, 2.13, 3.3; DESIGN section 3): paging with a 1-based First,
// PageSize -1 for all, TotalRows, the sort whitelist in both directions, and literal search.
import { beforeAll, describe, expect, it } from 'vitest';
import { cartons } from '../../src/server/db/schema.js';
import { CARTON_API, type CartonRow } from '../../src/shared/contracts/carton.js';
import type { ListRequest } from '../../src/shared/contracts/list.js';
import { countRows, insertCarton, listBody } from '../helpers/factories.js';
import { useApp } from '../helpers/use-app.js';
import { send } from '../helpers/endpoint-call.js';

type Row = CartonRow & { TotalRows: number };
interface Known {
  id: number;
  name: string;
  size: number;
  description: string;
  isActive: boolean;
  createdAt: Date;
}

const t = useApp();
let token: string;
let known: Known[] = [];

// Names start with distinct capitals so every collation (C, ICU, glibc) orders them alike.
const DATA: [string, number, string, boolean][] = [
  ['Alpha box', 10, 'Plain corrugated', true],
  ['Bravo 100% recycled', 20, 'Recycled board', true],
  ['Charlie_crate', 25, 'Wooden crate', true],
  ["Delta O'Brien pack", 4, 'Irish pack', true],
  ['Echo bale', 30, 'Bale for pouches', false],
  ['Foxtrot tray', 12, 'Shrink tray', true],
  ['Golf sack', 50, 'Jute sack', true],
  ['Hotel crate', 8, 'Plastic crate', false],
  ['India case', 16, 'Case of sixteen', true],
  ['Juliet carton', 24, 'Carton of two dozen', true],
  ['Kilo pouch box', 40, 'Box for 1 kg pouches', true],
  ['Lima master', 2, 'Master of two', true],
];

beforeAll(async () => {
  token = await t.token('admin');
  // A known table: the seed's cartons share one created time, these each have their own,
  // inserted out of date order so id order and date order differ.
  await t.db.delete(cartons);
  const base = Date.UTC(2025, 0, 1);
  const order = [5, 0, 9, 3, 11, 1, 7, 2, 10, 4, 8, 6];
  for (const i of order) {
    const [name, size, description, isActive] = DATA[i]!;
    const row = await insertCarton(t.db, {
      name,
      size,
      description,
      isActive,
      createdAt: new Date(base + i * 3_600_000),
    });
    known.push({ id: row.id, name, size, description, isActive, createdAt: row.createdAt });
  }
});

async function list(body: ListRequest | Record<string, unknown>) {
  const res = await send(t, CARTON_API.list, body, token);
  expect(res.status).toBe(200);
  return res.body;
}
async function rows(body: ListRequest | Record<string, unknown>): Promise<Row[]> {
  const env = await list(body);
  expect(env.ResponseCode, env.ResponseMessage).toBe('200');
  return env.ResponseData as Row[];
}
const ids = (r: Row[]) => r.map((x) => x.CartonId);
const byCreatedDesc = () => [...known].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((k) => k.id);

describe('paging', () => {
  it('First is a 1-based row offset and pages cover every row once; TotalRows is on every row', async () => {
    const pages = [];
    for (const First of [1, 6, 11]) pages.push(await rows(listBody({ First, PageSize: 5 })));
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(pages.flat().map((r) => r.CartonId)).toEqual(byCreatedDesc());
    for (const r of pages.flat()) expect(r.TotalRows).toBe(12);
  });

  it('First 2 starts at the second row', async () => {
    expect(ids(await rows(listBody({ First: 2, PageSize: 3 })))).toEqual(byCreatedDesc().slice(1, 4));
  });

  it('PageSize -1 gives every row', async () => {
    const all = await rows(listBody({ First: 1, PageSize: -1 }));
    expect(all).toHaveLength(12);
    expect(all.every((r) => r.TotalRows === 12)).toBe(true);
  });

  it('a First past the end gives no rows', async () => {
    expect(await rows(listBody({ First: 13, PageSize: 5 }))).toEqual([]);
  });

  it('an empty request uses First 1, PageSize 10 and the default sort', async () => {
    expect(ids(await rows({}))).toEqual(byCreatedDesc().slice(0, 10));
  });

  it('the default sort is created date, newest first', async () => {
    expect(ids(await rows({ PageSize: -1 }))).toEqual(byCreatedDesc());
  });

  it('rows carry the spec fields', async () => {
    const [r] = await rows(listBody({ PageSize: 1 }));
    expect(Object.keys(r!).sort()).toEqual([
      'CartonId',
      'CartonName',
      'CartonSize',
      'CreatedDate',
      'Description',
      'IsActive',
      'TotalRows',
    ]);
    const k = known.find((x) => x.id === r!.CartonId)!;
    expect(r).toMatchObject({
      CartonName: k.name,
      CartonSize: k.size,
      Description: k.description,
      IsActive: k.isActive,
    });
    expect(new Date(r!.CreatedDate).getTime()).toBe(k.createdAt.getTime());
  });

  it.each([
    [{ First: 0 }, 'First must be a whole number from 1.'],
    [{ PageSize: 0 }, 'PageSize must be -1 or 1 to 500.'],
    [{ PageSize: 501 }, 'PageSize must be -1 or 1 to 500.'],
    [{ PageSize: 'ten' }, 'PageSize must be -1 or 1 to 500.'],
    [{ SortOrder: 'UP' }, 'SortOrder must be ASC or DESC.'],
    [{ Foo: 1 }, 'Unknown field: Foo'],
  ])('%j is refused with a clear message', async (body, message) => {
    expect(await list(body)).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
  });
});

describe('sorting', () => {
  const key: Record<string, (k: Known) => number | string> = {
    CartonId: (k) => k.id,
    CartonName: (k) => k.name,
    CartonSize: (k) => k.size,
    Description: (k) => k.description,
    IsActive: (k) => (k.isActive ? 1 : 0),
    CreatedDate: (k) => k.createdAt.getTime(),
    CreatedDt: (k) => k.createdAt.getTime(),
  };
  const expected = (col: string, dir: 'ASC' | 'DESC') => {
    const f = key[col]!;
    const sign = dir === 'ASC' ? 1 : -1;
    return [...known]
      .sort((a, b) => {
        const x = f(a),
          y = f(b);
        // Ties fall back to the id in the same direction.
        return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
      })
      .map((k) => k.id);
  };

  it.each(
    Object.keys(key).flatMap(
      (c) =>
        [
          [c, 'ASC'],
          [c, 'DESC'],
        ] as [string, 'ASC' | 'DESC'][],
    ),
  )('SortColumn %s %s orders the rows', async (col, dir) => {
    expect(ids(await rows(listBody({ SortColumn: col, SortOrder: dir, PageSize: -1 })))).toEqual(expected(col, dir));
  });

  it('ascending and descending really differ (size is compared as a number)', async () => {
    const asc = await rows(listBody({ SortColumn: 'CartonSize', SortOrder: 'ASC', PageSize: 3 }));
    expect(asc.map((r) => r.CartonSize)).toEqual([2, 4, 8]);
    const desc = await rows(listBody({ SortColumn: 'CartonSize', SortOrder: 'DESC', PageSize: 3 }));
    expect(desc.map((r) => r.CartonSize)).toEqual([50, 40, 30]);
  });

  it('SortOrder is case-insensitive', async () => {
    expect(ids(await rows(listBody({ SortColumn: 'CartonName', SortOrder: 'asc', PageSize: -1 })))).toEqual(
      expected('CartonName', 'ASC'),
    );
  });

  it.each([
    'name; drop table cartons',
    'CartonName desc',
    'CartonName; DROP TABLE cartons--',
    '(select 1)',
    'name',
    'cartonname',
    '1',
  ])('an unknown or hostile SortColumn %j answers 400 with a clear message and harms nothing', async (col) => {
    const env = await list(listBody({ SortColumn: col }));
    expect(env).toEqual({
      ResponseCode: '400',
      ResponseMessage: `The list cannot be sorted by '${col}'.`,
      ResponseData: null,
    });
    expect(await countRows(t.db, cartons)).toBe(12);
  });

  it('a SortColumn naming an object built-in is an unknown column, not a crash or a silent sort', async () => {
    for (const col of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await send(t, CARTON_API.list, listBody({ SortColumn: col }), token);
      expect(res.status, col).toBe(200);
      expect(res.body, col).toEqual({
        ResponseCode: '400',
        ResponseMessage: `The list cannot be sorted by '${col}'.`,
        ResponseData: null,
      });
    }
  });
});

describe('search', () => {
  const names = async (SearchValue: string) =>
    (await rows(listBody({ SearchValue, PageSize: -1, SortColumn: 'CartonName', SortOrder: 'ASC' }))).map(
      (r) => r.CartonName,
    );

  it.each([
    ['%', ['Bravo 100% recycled']],
    ['_', ['Charlie_crate']],
    ["'", ["Delta O'Brien pack"]],
    ["O'Brien", ["Delta O'Brien pack"]],
    ["' OR '1'='1", []],
    ["x' OR 1=1 --", []],
    ['%%', []],
    ['\\', []],
    ['crate', ['Charlie_crate', 'Hotel crate']],
    ['Jute', ['Golf sack']],
    ['50', ['Golf sack']],
    ['POUCH', ['Echo bale', 'Kilo pouch box']],
    ['   ', DATA.map((d) => d[0])],
  ])('SearchValue %j matches literally over name, description and size', async (term, want) => {
    expect(await names(term)).toEqual(want);
  });

  it('TotalRows counts the matches before paging', async () => {
    const r = await rows(listBody({ SearchValue: 'a', PageSize: 2 }));
    const matches = known.filter((k) => `${k.name} ${k.description}`.toLowerCase().includes('a')).length;
    expect(r).toHaveLength(2);
    expect(r[0]!.TotalRows).toBe(matches);
  });

  it('a search over 100 characters is refused', async () => {
    expect(await list(listBody({ SearchValue: 'x'.repeat(101) }))).toEqual({
      ResponseCode: '400',
      ResponseMessage: 'SearchValue must be at most 100 characters.',
      ResponseData: null,
    });
  });
});
