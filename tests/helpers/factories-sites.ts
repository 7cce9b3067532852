// Test data for the factory, warehouse, company and price masters: request bodies the contracts
// accept, reference rows of our own (ids far above the real data's), and products written directly.
import { countries, cities, products, states } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/connect.js';
import type { CompanySave } from '../../src/shared/contracts/company.js';
import { unique } from './factories.js';

/** A country, two states and three cities of our own: A has cities 1 and 2, B has city 3. */
export const REF = {
  country: 101,
  otherCountry: 990_100,
  stateA: 990_001,
  stateB: 990_002,
  stateOther: 990_003,
  cityA1: 990_011,
  cityA2: 990_012,
  cityB1: 990_021,
} as const;

export async function insertReference(db: Db) {
  await db
    .insert(countries)
    .values([
      { id: REF.country, name: 'India' },
      { id: REF.otherCountry, name: 'Testland' },
    ])
    .onConflictDoNothing();
  await db
    .insert(states)
    .values([
      { id: REF.stateA, countryId: REF.country, name: 'Aalpha Pradesh' },
      { id: REF.stateB, countryId: REF.country, name: 'Bravo Pradesh' },
      { id: REF.stateOther, countryId: REF.otherCountry, name: 'Testshire' },
    ])
    .onConflictDoNothing();
  await db
    .insert(cities)
    .values([
      { id: REF.cityA1, stateId: REF.stateA, name: 'Aacity' },
      { id: REF.cityA2, stateId: REF.stateA, name: 'Abcity' },
      { id: REF.cityB1, stateId: REF.stateB, name: 'Bacity' },
    ])
    .onConflictDoNothing();
}

let prefixSeq = 0;
/** Two characters no seeded site uses (the seed has KA and PD): Q0..Q9, QA..QZ, R0... */
export function nextPrefix(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = prefixSeq++;
  return `${'QRSTUVWXYZ'[Math.floor(n / alphabet.length)]}${alphabet[n % alphabet.length]}`;
}

type Body = Record<string, unknown>;

export function factoryBody(companyId: number, overrides: Body = {}): Body {
  return {
    ID: 0,
    IsFactory: true,
    CompanyId: companyId,
    Wcode: unique('F').slice(0, 20),
    FirmName: 'Test Plant',
    Email: 'plant@example.test',
    MobileNo: '9876500000',
    GST: '27AAACG1234F1Z5',
    prefix: nextPrefix(),
    bill_Country: REF.country,
    bill_State: REF.stateA,
    bill_City: REF.cityA1,
    bill_Pincode: '422010',
    bill_Address1: 'Plot 1',
    bill_Address2: '',
    IsActive: true,
    ...overrides,
  };
}

export function warehouseBody(companyId: number, overrides: Body = {}): Body {
  return factoryBody(companyId, { IsFactory: false, FirmName: 'Test Depot 1', Wcode: '', Email: '', ...overrides });
}

export function companyBody(overrides: Partial<Record<keyof CompanySave, unknown>> & Body = {}): Body {
  return {
    CompId: 0,
    CCode: unique('CC').slice(0, 20),
    CompanyName: 'Test Agro Ltd',
    CompanyDisplayName: 'Test Agro',
    Mobile: '9876543210',
    GTIN: '8901234000006',
    Email: 'care@agro.test',
    Address: 'Plot 2',
    City: 'Nashik',
    Pincode: '422010',
    CompanyLogo: '',
    IsActive: true,
    ...overrides,
  };
}

export async function insertProduct(db: Db, companyId: number, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({ companyId, name: unique('Product '), code: unique('P'), packValue: 1, ...overrides })
    .returning();
  return row!;
}
