// Demo data for the people masters (SEED_DEMO); filled in with those masters.
import type { DemoContext, Tx } from './context.js';

export async function seedPeople(_tx: Tx, _ctx: DemoContext): Promise<void> {}
