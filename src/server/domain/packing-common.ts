// What packing, carton damage and (later) dispatch share: who is acting at which site, and the
// carton slip checks that need the database (printed for the prefix, not used yet).
import { sql } from 'drizzle-orm';
import type { SlipType } from '../../shared/codes.js';
import { countProblem, PACKING_MSG, slipProblem } from '../../shared/contracts/floor/packing.js';
import type { Caller } from '../auth/actor.js';
import type { Tx } from './ranges.js';
import { refuse } from './refusal.js';

/** Who does the floor work: a user of a company at a site with a prefix. */
export type Actor = Pick<Caller, 'userId' | 'companyId' | 'siteId' | 'prefix'>;
export interface FloorSite {
  userId: number;
  companyId: number;
  siteId: number;
  prefix: string;
}

/** The actor's site, or the refusal: floor work is done at a factory or warehouse. */
export function floorActor(a: Actor): FloorSite {
  if (a.companyId === null || a.siteId === null || !a.prefix) refuse(PACKING_MSG.noSite);
  return { userId: a.userId, companyId: a.companyId, siteId: a.siteId, prefix: a.prefix.toUpperCase() };
}

export interface SizeAndSlip {
  /** The carton size when it exists and is active. */
  size: { id: number; name: string; size: number } | undefined;
  /** The last slip number printed (reserved) for the prefix and type; 0 before any. */
  last: number;
  /** The slip is on a carton already (either kind: a slip is used once); false without a slip. */
  used: boolean;
}

/** Whether the slip is on a carton already (either kind: a slip is used once). */
const usedSql = (slip: string, companyId: number) =>
  slip.startsWith('TID')
    ? sql`exists (select 1 from tertiary_cartons t where t.tid = ${slip} and t.company_id = ${companyId})`
    : sql`exists (select 1 from secondary_cartons s where s.sid = ${slip} and s.company_id = ${companyId})`;

/** A save's carton size, the prefix's last printed slip and whether the slip is used, in one round
 *  trip, for closeCarton to check in order. */
export async function sizeAndSlip(
  tx: Tx,
  sizeId: number,
  type: SlipType,
  site: Pick<FloorSite, 'prefix' | 'companyId'>,
  slip: string | null,
): Promise<SizeAndSlip> {
  const used = slip === null ? sql`false` : usedSql(slip, site.companyId);
  const result = (await tx.execute(sql`
    select c.id, c.name, c.size,
      (select ic.last from id_counters ic
        where ic.prefix = ${site.prefix.toUpperCase()} and ic.type = ${type} and ic.company_id = ${site.companyId}) as last,
      ${used} as used
    from (select 1) one left join cartons c on c.id = ${sizeId} and c.is_active`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const r = result.rows[0]!;
  return {
    size:
      r.id === null || r.id === undefined
        ? undefined
        : { id: Number(r.id), name: String(r.name), size: Number(r.size) },
    last: r.last === null || r.last === undefined ? 0 : Number(r.last),
    used: r.used === true || r.used === 't',
  };
}

/** Holds the slip for this save to the end of its transaction, or refuses it as used: of two saves
 *  under one slip the second waits here and then (a statement after the lock, so a fresh snapshot) finds
 *  it used. Secondary packing takes it after its series locks, so a push holding a series (an earlier
 *  entry's) never waits for a slip held by a save that waits for that series. */
export async function claimSlip(tx: Tx, slip: string, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slip:${slip}`}))`);
  const result = (await tx.execute(sql`select ${usedSql(slip, companyId)} as used`)) as unknown as {
    rows: Array<{ used: unknown }>;
  };
  const used = result.rows[0]?.used;
  if (used === true || used === 't') refuse(PACKING_MSG.slipUsed(slip));
}

/** The checks every packing save makes of its carton, in the spec's order: the size (active), the
 *  count against it and the fractional remark, the slip (type, prefix, printed), the slip unused. */
export async function closeCarton(
  tx: Tx,
  site: FloorSite,
  type: 'SID' | 'TID',
  b: { cartonMasterId: number; CartonName: string; reason: string },
  count: number,
) {
  const format = slipProblem(b.CartonName, type, site.prefix, Number.MAX_SAFE_INTEGER);
  const facts = await sizeAndSlip(tx, b.cartonMasterId, type, site, 'slip' in format ? format.slip : null);
  const size = facts.size;
  if (!size) refuse(PACKING_MSG.selectCartonSize);
  const counted = countProblem(count, size.size, b.reason);
  if (counted) refuse(counted);
  const slip = slipProblem(b.CartonName, type, site.prefix, facts.last);
  if ('message' in slip) refuse(slip.message);
  if (facts.used) refuse(PACKING_MSG.slipUsed(slip.slip));
  return { size, slip: slip.slip };
}
