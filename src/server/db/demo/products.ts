// Demo data for the products masters (SEED_DEMO); filled in with those masters.
import type { DemoContext, Tx } from './context.js';

export async function seedProducts(_tx: Tx, _ctx: DemoContext): Promise<void> {}
