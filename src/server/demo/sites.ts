// Demo data for the factory and warehouse masters (SEED_DEMO): the seed's plant and depot get their
// addresses from the reference data, and a second depot joins them. Reference rows are looked up by
// name; without them (no data file loaded) the sites simply keep no state or city.
import { and, eq } from 'drizzle-orm';
import { cities, sites, states } from '../db/schema.js';
import { routeStaticSeries } from '../domain/code-routes.js';
import type { DemoContext, Tx } from './context.js';

const INDIA = 101;

async function place(tx: Tx, stateName: string, cityName: string) {
  const [row] = await tx
    .select({ state: states.id, city: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.countryId, INDIA), eq(states.name, stateName), eq(cities.name, cityName)));
  if (!row) return {};
  const at = { Country: INDIA, State: row.state, City: row.city };
  return {
    billCountry: at.Country,
    billState: at.State,
    billCity: at.City,
    shipCountry: at.Country,
    shipState: at.State,
    shipCity: at.City,
  };
}

export async function seedSites(tx: Tx, ctx: DemoContext): Promise<void> {
  await tx
    .update(sites)
    .set(await place(tx, 'Maharashtra', 'Nashik'))
    .where(eq(sites.id, ctx.factoryId));
  await tx
    .update(sites)
    .set(await place(tx, 'Maharashtra', 'Pune'))
    .where(eq(sites.id, ctx.warehouseId));
  await tx.insert(sites).values({
    companyId: ctx.companyId,
    code: 'NGP01',
    name: 'Nagpur Depot',
    email: 'nagpur@greenharvest.example',
    mobile: '9822000003',
    isFactory: false,
    gst: '27AAACG1234F3Z3',
    prefix: 'NG',
    billPincode: '440016',
    billAddress1: 'Plot B-12, Hingna MIDC',
    shipPincode: '440016',
    shipAddress1: 'Plot B-12, Hingna MIDC',
    ...(await place(tx, 'Maharashtra', 'Nagpur')),
  });
  await routeStaticSeries(tx, 'NG', ctx.companyId);
}
