// Demo data for the people masters (SEED_DEMO): retailers (dealers), distributors, salespeople and a
// List Master entry of the demo company, with addresses from the reference data (loaded before the
// seed). They share one demo password, 'Trade123'.
import { and, eq, sql } from 'drizzle-orm';
import { INDIA_ID } from '../../shared/contracts/reference.js';
import { hashPassword } from '../auth/passwords.js';
import { cities, states, users } from '../db/schema.js';
import type { DemoContext, Tx } from './context.js';

export const DEMO_TRADE_PASSWORD = 'Trade123';

type Place = [state: string, city: string, pincode: string, line: string];

async function address(tx: Tx, side: 'bill' | 'ship', [state, city, pincode, line]: Place) {
  const [row] = await tx
    .select({ stateId: states.id, cityId: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(
      and(eq(states.countryId, INDIA_ID), eq(states.name, state), sql`lower(${cities.name}) = ${city.toLowerCase()}`),
    );
  // Without reference data (a database loaded elsewhere) the demo keeps the text and no ids.
  return {
    [`${side}Country`]: row ? INDIA_ID : null,
    [`${side}State`]: row?.stateId ?? null,
    [`${side}City`]: row?.cityId ?? null,
    [`${side}Pincode`]: pincode,
    [`${side}Address1`]: line,
  };
}

const both = async (tx: Tx, place: Place) => ({
  ...(await address(tx, 'bill', place)),
  ...(await address(tx, 'ship', place)),
});

export async function seedPeople(tx: Tx, ctx: DemoContext): Promise<void> {
  // Each account gets its own salt, as every stored password does.
  const hashes = await Promise.all(Array.from({ length: 8 }, () => hashPassword(DEMO_TRADE_PASSWORD)));
  let next = 0;
  const base = () => ({ passwordHash: hashes[next++]!, companyId: ctx.companyId });
  const nashik: Place = ['Maharashtra', 'Nashik', '422003', 'Shop 4, Sharanpur Road'];
  const dealers = [
    {
      firstName: 'Shree Samarth Krishi Kendra',
      lastName: 'Vilas Jadhav',
      email: 'samarth.krishi@example.in',
      mobile: '9850011223',
      gst: '27ABCPJ4521K1Z3',
      ...(await both(tx, nashik)),
    },
    {
      firstName: 'Kisan Seva Agro',
      lastName: 'Prakash Shinde',
      email: 'kisanseva.agro@example.in',
      mobile: '9765043210',
      gst: '27AAKFK7788M1Z9',
      ...(await both(tx, ['Maharashtra', 'Pune', '412105', 'Market Yard, Chakan'])),
    },
    {
      firstName: 'Annadata Fertilisers',
      lastName: 'Ramesh Gowda',
      email: 'annadata.fert@example.in',
      mobile: '9448012345',
      ...(await address(tx, 'bill', ['Karnataka', 'Belgaum', '590001', '12 Khade Bazar'])),
      ...(await address(tx, 'ship', ['Karnataka', 'Belgaum', '590016', 'Godown 3, Udyambag'])),
    },
  ];
  await tx.insert(users).values(
    dealers.map((d) => ({
      ...base(),
      ...d,
      userName: `${d.firstName} ${d.lastName}`,
      userType: 1,
    })),
  );

  const distributors = [
    {
      firstName: 'Deccan Agri Distributors',
      lastName: 'Sanjay Kulkarni',
      email: 'deccan.agri@example.in',
      mobile: '9822334455',
      sapCustomerCode: 'C100245',
      gst: '27AADFD1122Q1Z1',
      ...(await address(tx, 'bill', ['Maharashtra', 'Aurangabad', '431001', 'Plot 7, Jalna Road'])),
    },
    {
      firstName: 'Godavari Crop Care',
      lastName: 'Anil Deshpande',
      email: 'godavari.cropcare@example.in',
      mobile: '9423012987',
      sapCustomerCode: 'C100311',
      ...(await address(tx, 'bill', ['Maharashtra', 'Nanded', '431602', 'Near APMC, Old Mondha'])),
    },
  ];
  await tx.insert(users).values(
    distributors.map((d) => ({
      ...base(),
      ...d,
      userName: `${d.firstName} ${d.lastName}`,
      userType: 2,
    })),
  );

  await tx.insert(users).values({
    ...base(),
    userType: 2,
    listType: 'Cooperative Society',
    userName: 'KVSS-Niphad',
    firstName: 'Niphad',
    lastName: 'Vikas Society',
    email: 'niphad.society@example.in',
    mobile: '9881200345',
    ...(await address(tx, 'bill', ['Maharashtra', 'Niphad', '422303', 'Society Office, Main Road'])),
  });

  await tx.insert(users).values([
    {
      ...base(),
      userType: 6,
      userName: 'Mahesh Pawar',
      firstName: 'Mahesh',
      lastName: 'Pawar',
      empId: 'GH-S-014',
      email: 'mahesh.pawar@greenharvest.example',
      mobile: '9860045671',
    },
    {
      ...base(),
      userType: 6,
      userName: 'Kavita Joshi',
      firstName: 'Kavita',
      lastName: 'Joshi',
      empId: 'GH-S-022',
      email: 'kavita.joshi@greenharvest.example',
      mobile: '9975512340',
    },
  ]);
}
