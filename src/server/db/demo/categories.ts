// Demo data for the categories masters (SEED_DEMO); filled in with those masters.
import type { DemoContext, Tx } from './context.js';

export async function seedCategories(_tx: Tx, _ctx: DemoContext): Promise<void> {}
