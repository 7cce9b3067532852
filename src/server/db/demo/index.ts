// The demo masters, in dependency order: sites, then categories, products (and prices), people.
import type { DemoContext, Tx } from './context.js';
import { seedCategories } from './categories.js';
import { seedNumbers } from './numbers.js';
import { seedPeople } from './people.js';
import { seedPrices } from './prices.js';
import { seedProducts } from './products.js';
import { seedSites } from './sites.js';

export async function seedDemoMasters(tx: Tx, ctx: DemoContext): Promise<void> {
  await seedSites(tx, ctx);
  await seedCategories(tx, ctx);
  await seedProducts(tx, ctx);
  await seedPeople(tx, ctx);
  await seedPrices(tx, ctx);
  await seedNumbers(tx, ctx);
}
