// What packing, carton damage and (later) dispatch share: who is acting at which site, and the
// carton slip checks that need the database (printed for the prefix, not used yet).
import { and, eq, inArray, sql } from 'drizzle-orm';
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

export interface SizeAndSlip {
  /** The carton size when it exists and is active. */
  size: { id: number; name: string; size: number } | undefined;
  /** The last slip number printed for the prefix and type (lastPrinted). */
  last: number;
  /** The slip is on a carton already (slipUnused's question); false without a slip. */
  used: boolean;
}

/** A save's carton size, the prefix's last printed slip and whether the slip is used, in one round
 *  trip: the same three reads as the cartons select, lastPrinted and slipUnused, for the caller to
 *  check in that order. */
export async function sizeAndSlip(tx: Tx, sizeId: number, type: SlipType, prefix: string, slip: string | null): Promise<SizeAndSlip> {
  const used = slip === null ? sql`false`
    : slip.startsWith('TID') ? sql`exists (select 1 from tertiary_cartons t where t.tid = ${slip})`
      : sql`exists (select 1 from secondary_cartons s where s.sid = ${slip})`;
  const result = (await tx.execute(sql`
    select c.id, c.name, c.size,
      (select ic.last from id_counters ic where ic.prefix = ${prefix.toUpperCase()} and ic.type = ${type}) as last,
      ${used} as used
    from (select 1) one left join cartons c on c.id = ${sizeId} and c.is_active`)) as unknown as { rows: Array<Record<string, unknown>> };
  const r = result.rows[0]!;
  return {
    size: r.id === null || r.id === undefined ? undefined : { id: Number(r.id), name: String(r.name), size: Number(r.size) },
    last: r.last === null || r.last === undefined ? 0 : Number(r.last),
    used: r.used === true || r.used === 't',
  };
}
