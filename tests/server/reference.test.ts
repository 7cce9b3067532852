// Reference data (spec 1 sections 3.12, 7, 9): India (101) with its states and cities, loaded at
// start from the committed data file; states filter by country, cities by state; any signed-in user.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceData, readReferenceFile } from '../../src/server/db/reference.js';
import { cities, states } from '../../src/server/db/schema.js';
import { REFERENCE_API, type CityRow, type CountryRow, type StateRow } from '../../src/shared/contracts/reference.js';
import type { Endpoint, Params } from '../../src/shared/endpoint.js';
import { countRows, insertUser } from '../helpers/factories.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let token: string;

beforeAll(async () => {
  // A user with no pages at all: reference data is for every signed-in user.
  const plain = await insertUser(t.db, { userType: 1 });
  token = (await t.signIn(plain.email, plain.password)).token;
});

async function data<T>(e: Endpoint, params: Params): Promise<T[]> {
  const res = await t.send(e, undefined, token, params);
  expect(res.status).toBe(200);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as T[];
}

describe('countries, states and cities', () => {
  it('GetCountries?cCode=101 answers India', async () => {
    expect(await data<CountryRow>(REFERENCE_API.countries, { cCode: 101 })).toEqual([
      { CountryId: 101, Country: 'India' },
    ]);
  });

  it("GetStates?cCode=101 lists India's 36 states and union territories by name", async () => {
    const rows = await data<StateRow>(REFERENCE_API.states, { cCode: 101 });
    expect(rows).toHaveLength(36);
    expect(rows.every((r) => r.CountryId === 101)).toBe(true);
    const names = rows.map((r) => r.State);
    expect(names).toContain('Maharashtra');
    expect(names).toContain('Ladakh');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('GetStates of an unknown country is empty; 0 gives all', async () => {
    expect(await data<StateRow>(REFERENCE_API.states, { cCode: 7 })).toEqual([]);
    expect(await data<StateRow>(REFERENCE_API.states, { cCode: 0 })).toHaveLength(36);
  });

  it("GetCities?sCode= lists only that state's cities", async () => {
    const mh = (await data<StateRow>(REFERENCE_API.states, { cCode: 101 })).find((s) => s.State === 'Maharashtra')!;
    const rows = await data<CityRow>(REFERENCE_API.cities, { sCode: mh.StateId });
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((r) => r.StateId === mh.StateId)).toBe(true);
    expect(rows.map((r) => r.City)).toEqual(expect.arrayContaining(['Nashik', 'Pune', 'Mumbai']));
    expect(rows.map((r) => r.City)).not.toContain('Bengaluru');
  });

  it('GetCities?sCode=0 gives every city of the file', async () => {
    expect(await data<CityRow>(REFERENCE_API.cities, { sCode: 0 })).toHaveLength(readReferenceFile().cities.length);
  });

  it('a malformed id answers Invalid Arguments', async () => {
    const res = await t.send(REFERENCE_API.cities, undefined, token, { sCode: 'abc' });
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: 'Invalid Arguments' });
  });

  it('needs a signed-in caller', async () => {
    expect((await t.send(REFERENCE_API.countries, undefined, undefined, { cCode: 101 })).status).toBe(401);
  });
});

describe('loading', () => {
  it('loading again changes nothing and repairs a renamed or missing city', async () => {
    const before = await countRows(t.db, cities);
    await loadReferenceData(t.db);
    expect(await countRows(t.db, cities)).toBe(before);
    expect(await countRows(t.db, states)).toBe(36);
    const file = readReferenceFile();
    const last = file.cities[file.cities.length - 1]!;
    const { eq } = await import('drizzle-orm');
    await t.db.update(cities).set({ name: 'Wrong name' }).where(eq(cities.id, last[0]));
    await loadReferenceData(t.db);
    const [row] = await t.db.select().from(cities).where(eq(cities.id, last[0]));
    expect(row!.name).toBe(last[2]);
  });
});

it('the seeded admin reads them too', async () => {
  const admin = await t.session('admin');
  const res = await t.send(REFERENCE_API.countries, undefined, admin.token, { cCode: 101 });
  expect(res.body.ResponseData).toEqual([{ CountryId: 101, Country: 'India' }]);
});
