// Slip id counters: one row per (prefix, type) holding the last number handed out. A reservation
// locks that row, so two devices asking at once get consecutive, never overlapping, blocks; a number
// once handed out is never handed out again (a slip id is used once).
import { and, eq, sql } from 'drizzle-orm';
import { isPrefix, makeSlipId, MAX_SLIP_NUMBER, SLIP_TYPES, type SlipType } from '../../shared/codes.js';
import {
  SLIP_BLOCK_LIMIT,
  SLIP_MSG,
  SLIP_TYPE_CODE,
  type LastIds,
  type ReservedIds,
} from '../../shared/contracts/numbers/slip-ids.js';
import type { Caller } from '../auth/actor.js';
import { idCounters, sites } from '../db/schema.js';
import { logEvent } from './event-log.js';
import type { Tx } from './ranges.js';
import { refuse } from './refusal.js';

export interface PrefixSite {
  prefix: string;
  siteId: number;
  companyId: number;
}

type SlipActor = Pick<Caller, 'userId' | 'isAdmin' | 'prefix'>;

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
export async function prefixSite(tx: Tx, actor: SlipActor, raw: string): Promise<PrefixSite> {
  const prefix = raw.trim().toUpperCase();
  if (!isPrefix(prefix)) refuse(SLIP_MSG.invalid);
  if (!actor.isAdmin) {
    if (!actor.prefix) refuse(SLIP_MSG.noPrefix);
    if (actor.prefix.toUpperCase() !== prefix) refuse(SLIP_MSG.otherPrefix(actor.prefix.toUpperCase()));
  }
  const [site] = await tx
    .select({ id: sites.id, companyId: sites.companyId })
    .from(sites)
    .where(sql`upper(${sites.prefix}) = ${prefix}`)
    .limit(1);
  if (!site) refuse(SLIP_MSG.unknownPrefix(prefix));
  return { prefix, siteId: site.id, companyId: site.companyId };
}

/** Product/GetIds: the last slip numbers of a prefix the actor may use. */
export async function lastIds(tx: Tx, actor: SlipActor, rawPrefix: string): Promise<LastIds> {
  const { prefix, companyId } = await prefixSite(tx, actor, rawPrefix);
  const rows = await tx
    .select({ type: idCounters.type, last: idCounters.last })
    .from(idCounters)
    .where(and(eq(idCounters.prefix, prefix), eq(idCounters.companyId, companyId)));
  const last = (t: SlipType) => rows.find((r) => r.type === t)?.last ?? 0;
  return { Prefix: prefix, SID: last('SID'), TID: last('TID'), DID: last('DID') };
}

/** Two-digit year written into new ids (server time, so every device of a site agrees). */
export const slipYear = (now = new Date()) => now.getFullYear() % 100;

/** The request's '{prefix},{type},{to}' (one path segment: the router matches whole segments). */
function slipArgs(raw: string): { rawPrefix: string; type: SlipType; to: number } {
  const parts = raw.split(',');
  if (parts.length !== 3) refuse(SLIP_MSG.invalid);
  const [rawPrefix, rawType, rawTo] = parts as [string, string, string];
  const type = slipType(rawType);
  const to = rawTo.trim();
  if (!type || !/^\d{1,15}$/.test(to) || Number(to) < 1) refuse(SLIP_MSG.invalid);
  return { rawPrefix, type, to: Number(to) };
}

/** Product/UpdateIds: reserves last+1..to of (prefix, type) for the actor, with its event, in the
 *  caller's transaction. */
export async function reserveIds(tx: Tx, actor: SlipActor, args: string): Promise<ReservedIds> {
  const { rawPrefix, type, to } = slipArgs(args);
  const site = await prefixSite(tx, actor, rawPrefix);
  if (to > MAX_SLIP_NUMBER) refuse(SLIP_MSG.pastMax);
  const year = slipYear();
  const counter = and(
    eq(idCounters.prefix, site.prefix),
    eq(idCounters.type, type),
    eq(idCounters.companyId, site.companyId),
  );
  await tx
    .insert(idCounters)
    .values({ companyId: site.companyId, prefix: site.prefix, type, last: 0 })
    .onConflictDoNothing();
  // FOR UPDATE holds the counter row to the end of the transaction: the next device waits, then
  // reads the moved counter.
  const [row] = await tx.select({ last: idCounters.last }).from(idCounters).where(counter).for('update');
  const last = row?.last ?? 0;
  if (to <= last) refuse(SLIP_MSG.alreadyPrinted(makeSlipId(type, year, site.prefix, last)));
  if (to - last > SLIP_BLOCK_LIMIT) refuse(SLIP_MSG.tooMany(to - last));
  await tx.update(idCounters).set({ last: to, updatedAt: new Date() }).where(counter);
  const value: ReservedIds = {
    Type: type,
    Prefix: site.prefix,
    FromNo: last + 1,
    ToNo: to,
    Year: year,
    FirstId: makeSlipId(type, year, site.prefix, last + 1),
    LastId: makeSlipId(type, year, site.prefix, to),
  };
  await logEvent(tx, {
    action: 'slip-ids',
    userId: actor.userId,
    companyId: site.companyId,
    siteId: site.siteId,
    ref: value.FirstId,
    detail: { type, prefix: site.prefix, from: value.FromNo, to: value.ToNo, lastId: value.LastId },
  });
  return value;
}
