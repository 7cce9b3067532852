// Reference data (countries, states, cities) from the committed data file, loaded at every start:
// real sites need it as much as the demo. Upserts by id, so a start after a data refresh corrects
// names and adds rows, and never removes one that a user or site may point at.
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { AddressMessages, AddressValues } from '../../shared/contracts/reference.js';
import type { Db } from './connect.js';
import { cities, countries, states } from './schema.js';

interface ReferenceFile {
  country: { id: number; name: string };
  states: [number, string, string][];
  cities: [number, number, string][];
}

const DATA_FILE = new URL('./reference-data/india.json', import.meta.url);
const REFERENCE_LOCK = 7_243_103;
const CHUNK = 1000;

export function readReferenceFile(): ReferenceFile {
  return JSON.parse(readFileSync(DATA_FILE, 'utf8')) as ReferenceFile;
}

const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** Loads the data file; answers how many cities it holds. Safe to run on every start and concurrently. */
export async function loadReferenceData(db: Db): Promise<number> {
  const data = readReferenceFile();
  await db.transaction(async (tx) => {
    // Two instances starting together take turns rather than racing on the same rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERENCE_LOCK})`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(cities)
      .where(
        sql`${cities.stateId} in (select ${states.id} from ${states} where ${states.countryId} = ${data.country.id})`,
      )) as [{ n: number }];
    // Already loaded from this file (same count): nothing to do, so a start stays fast.
    if (Number(n) === data.cities.length && (await namesMatch(tx as unknown as Db, data))) return;
    await tx
      .insert(countries)
      .values({ id: data.country.id, name: data.country.name })
      .onConflictDoUpdate({ target: countries.id, set: { name: data.country.name } });
    for (const part of chunks(data.states)) {
      await tx
        .insert(states)
        .values(part.map(([id, , name]) => ({ id, countryId: data.country.id, name })))
        .onConflictDoUpdate({
          target: states.id,
          set: { name: sql`excluded.name`, countryId: sql`excluded.country_id` },
        });
    }
    for (const part of chunks(data.cities)) {
      await tx
        .insert(cities)
        .values(part.map(([id, stateId, name]) => ({ id, stateId, name })))
        .onConflictDoUpdate({ target: cities.id, set: { name: sql`excluded.name`, stateId: sql`excluded.state_id` } });
    }
  });
  return data.cities.length;
}

/** A cheap fingerprint: the last city of the file is there under its name. */
async function namesMatch(db: Db, data: ReferenceFile): Promise<boolean> {
  const last = data.cities[data.cities.length - 1];
  if (!last) return true;
  const [row] = await db.select({ name: cities.name }).from(cities).where(eq(cities.id, last[0]));
  return row?.name === last[2];
}

/**
 * The first problem with an address's ids, as the form's message: the state must be of the country
 * and the city of the state (a client could send any ids).
 */
export async function addressProblem(db: Db, a: AddressValues, m: AddressMessages): Promise<string | null> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, a.Country));
  if (!country) return m.country;
  const [state] = await db
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.id, a.State), eq(states.countryId, a.Country)));
  if (!state) return m.state;
  const [city] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, a.City), eq(cities.stateId, a.State)));
  return city ? null : m.city;
}
