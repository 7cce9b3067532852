// What packing, carton damage and (later) dispatch share: who is acting at which site, and the
// carton slip checks that need the database (printed for the prefix, not used yet).
import { and, eq, inArray } from 'drizzle-orm';
import type { SlipType } from '../../shared/codes.js';
import { PACKING_MSG } from '../../shared/contracts/floor/packing.js';
import { idCounters, secondaryCartons, tertiaryCartons } from '../db/schema.js';
import type { Caller } from '../http/caller.js';
import type { Tx } from './ranges.js';
import { refuse } from './refusal.js';

/** Who does the floor work: a user of a company at a site with a prefix. */
export type Actor = Pick<Caller, 'userId' | 'companyId' | 'siteId' | 'prefix'>;
export interface FloorSite { userId: number; companyId: number; siteId: number; prefix: string }

/** The actor's site, or the refusal: floor work is done at a factory or warehouse. */
export function floorActor(a: Actor): FloorSite {
  if (a.companyId === null || a.siteId === null || !a.prefix) refuse(PACKING_MSG.noSite);
  return { userId: a.userId, companyId: a.companyId, siteId: a.siteId, prefix: a.prefix.toUpperCase() };
}

/** The last slip number printed (reserved) for the prefix and type; 0 before any. */
export async function lastPrinted(tx: Tx, prefix: string, type: SlipType): Promise<number> {
  const [row] = await tx.select({ last: idCounters.last }).from(idCounters)
    .where(and(eq(idCounters.prefix, prefix.toUpperCase()), eq(idCounters.type, type)));
  return row?.last ?? 0;
}

/** Refuses a slip id already on a carton (either kind: a slip is used once). */
export async function slipUnused(tx: Tx, slip: string): Promise<void> {
  const table = slip.startsWith('TID') ? tertiaryCartons : secondaryCartons;
  const col = slip.startsWith('TID') ? tertiaryCartons.tid : secondaryCartons.sid;
  const [used] = await tx.select({ id: col }).from(table).where(inArray(col, [slip]));
  if (used) refuse(PACKING_MSG.slipUsed(slip));
}
