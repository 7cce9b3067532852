// Demo numbers (SEED_DEMO): the demo company holds preprinted 1–100000 as accepted stock (browser
// tests of the number screens rely on it) and 100001–200000 issued but not yet accepted. Made by the
// same rules as the screens, so the event log has their issue and accept rows.
import { acceptStock, issueNumbers } from '../../domain/number-issue.js';
import type { DemoContext, Tx } from './context.js';

/** The seeded administrator (seed.ts gives it id 1). */
const ADMIN_ID = 1;

export const DEMO_STOCK = { from: 1, to: 100_000, salesOrderNo: 'SO-DEMO-1' } as const;
export const DEMO_PENDING = { from: 100_001, to: 200_000, salesOrderNo: 'SO-DEMO-2' } as const;

export async function seedNumbers(tx: Tx, ctx: DemoContext): Promise<void> {
  const stock = await issueNumbers(tx, { companyId: ctx.companyId, ...DEMO_STOCK, userId: ADMIN_ID });
  if (!stock.ok) throw new Error(`demo issue: ${stock.message}`);
  const accepted = await acceptStock(tx, {
    stockId: stock.value, from: DEMO_STOCK.from, to: DEMO_STOCK.to, userId: ctx.factoryUserId, siteId: ctx.factoryId, companyId: ctx.companyId,
  });
  if (!accepted.ok) throw new Error(`demo accept: ${accepted.message}`);
  const pending = await issueNumbers(tx, { companyId: ctx.companyId, ...DEMO_PENDING, userId: ADMIN_ID });
  if (!pending.ok) throw new Error(`demo issue: ${pending.message}`);
}
