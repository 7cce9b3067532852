// Demo numbers (SEED_DEMO): the demo company holds preprinted 1–100000 as accepted stock (browser
// tests of the number screens rely on it) and 100001–200000 issued but not yet accepted. Made by the
// same rules as the screens, so the event log has their issue and accept rows.
import { acceptStock, issueNumbers } from '../domain/number-issue.js';
import type { DemoContext, Tx } from './context.js';

/** The seeded administrator (seed.ts gives it id 1). */
const ADMIN_ID = 1;

export const DEMO_STOCK = { from: 1, to: 100_000, salesOrderNo: 'SO-DEMO-1' } as const;
export const DEMO_PENDING = { from: 100_001, to: 200_000, salesOrderNo: 'SO-DEMO-2' } as const;

export async function seedNumbers(tx: Tx, ctx: DemoContext): Promise<void> {
  // A refusal here is thrown on: the demo's numbers are made whole or the seed fails.
  const admin = { userId: ADMIN_ID, isAdmin: true, companyId: null, siteId: null };
  const stockId = await issueNumbers(tx, admin, { companyId: ctx.companyId, ...DEMO_STOCK });
  const factory = { userId: ctx.factoryUserId, isAdmin: false, companyId: ctx.companyId, siteId: ctx.factoryId };
  await acceptStock(tx, factory, { stockId, from: DEMO_STOCK.from, to: DEMO_STOCK.to });
  await issueNumbers(tx, admin, { companyId: ctx.companyId, ...DEMO_PENDING });
}
