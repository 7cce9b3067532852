// Slip id counters: one row per (prefix, type) holding the last number handed out. A reservation
// locks that row, so two devices asking at once get consecutive, never overlapping, blocks; a number
// once handed out is never handed out again (a slip id is used once).
import { and, eq, sql } from 'drizzle-orm';
import { isPrefix, makeSlipId, MAX_SLIP_NUMBER, SLIP_TYPES, type SlipType } from '../../shared/codes.js';
import { SLIP_BLOCK_LIMIT, SLIP_MSG, SLIP_TYPE_CODE, type LastIds, type ReservedIds } from '../../shared/contracts/numbers/slip-ids.js';
import type { Db } from '../db/connect.js';
import type { Caller } from '../auth/actor.js';
import { idCounters, sites } from '../db/schema.js';
import { logEvent, type Tx } from './ranges.js';

export interface PrefixSite { prefix: string; siteId: number; companyId: number }

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };
const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** 'SID', 'sid' or 1 -> 'SID'; null for anything else. */
export function slipType(raw: string): SlipType | null {
  const s = raw.trim().toUpperCase();
  if ((SLIP_TYPES as readonly string[]).includes(s)) return s as SlipType;
  return SLIP_TYPE_CODE[s] ?? null;
}

/**
 * The site whose ids the caller may use: admin any existing prefix; everyone else only the prefix of
 * their own site. Malformed prefixes are 'Invalid Arguments'.
 */
export async function prefixSite(tx: Tx, caller: Caller, raw: string): Promise<Checked<PrefixSite>> {
  const prefix = raw.trim().toUpperCase();
  if (!isPrefix(prefix)) return refuse(SLIP_MSG.invalid);
  if (!caller.isAdmin) {
    if (!caller.prefix) return refuse(SLIP_MSG.noPrefix);
    if (caller.prefix.toUpperCase() !== prefix) return refuse(SLIP_MSG.otherPrefix(caller.prefix.toUpperCase()));
  }
  const [site] = await tx.select({ id: sites.id, companyId: sites.companyId }).from(sites)
    .where(sql`upper(${sites.prefix}) = ${prefix}`).limit(1);
  if (!site) return refuse(SLIP_MSG.unknownPrefix(prefix));
  return { ok: true, value: { prefix, siteId: site.id, companyId: site.companyId } };
}

export async function lastIds(tx: Tx, prefix: string): Promise<LastIds> {
  const rows = await tx.select({ type: idCounters.type, last: idCounters.last }).from(idCounters).where(eq(idCounters.prefix, prefix));
  const last = (t: SlipType) => rows.find((r) => r.type === t)?.last ?? 0;
  return { Prefix: prefix, SID: last('SID'), TID: last('TID'), DID: last('DID') };
}

/** Two-digit year written into new ids (server time, so every device of a site agrees). */
export const slipYear = (now = new Date()) => now.getFullYear() % 100;

/** Reserves last+1..to of (prefix, type) for the caller, in one transaction with its event. */
export async function reserveIds(
  db: Db, caller: Caller, site: PrefixSite, type: SlipType, to: number,
): Promise<Checked<ReservedIds>> {
  if (to > MAX_SLIP_NUMBER) return refuse(SLIP_MSG.pastMax);
  const year = slipYear();
  return db.transaction(async (tx) => {
    await tx.insert(idCounters).values({ prefix: site.prefix, type, last: 0 }).onConflictDoNothing();
    // FOR UPDATE holds the counter row to the end of the transaction: the next device waits, then
    // reads the moved counter.
    const [row] = await tx.select({ last: idCounters.last }).from(idCounters)
      .where(and(eq(idCounters.prefix, site.prefix), eq(idCounters.type, type))).for('update');
    const last = row?.last ?? 0;
    if (to <= last) return refuse(SLIP_MSG.alreadyPrinted(makeSlipId(type, year, site.prefix, last)));
    if (to - last > SLIP_BLOCK_LIMIT) return refuse(SLIP_MSG.tooMany(to - last));
    await tx.update(idCounters).set({ last: to, updatedAt: new Date() })
      .where(and(eq(idCounters.prefix, site.prefix), eq(idCounters.type, type)));
    const value: ReservedIds = {
      Type: type, Prefix: site.prefix, FromNo: last + 1, ToNo: to, Year: year,
      FirstId: makeSlipId(type, year, site.prefix, last + 1), LastId: makeSlipId(type, year, site.prefix, to),
    };
    await logEvent(tx, {
      action: 'slip-ids', userId: caller.userId, companyId: site.companyId, siteId: site.siteId, ref: value.FirstId,
      detail: { type, prefix: site.prefix, from: value.FromNo, to: value.ToNo, lastId: value.LastId },
    });
    return { ok: true as const, value };
  });
}
