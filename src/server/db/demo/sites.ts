// Demo data for the sites masters (SEED_DEMO); filled in with those masters.
import type { DemoContext, Tx } from './context.js';

export async function seedSites(_tx: Tx, _ctx: DemoContext): Promise<void> {}
