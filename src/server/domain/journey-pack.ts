// A pack's journey: which pack a scan is (checked as the caller's before anything of it is read), then
// its mapping, its static/preprinted pairing, its damage or de-mapping, its cartons' steps while it was
// in them (a replaced code leaves its carton; the code taking its place joins then), its replacement,
// and its public verifications with their risk flags. Every lookup is by an index on the code.
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { isPrefix, validSerial, type ParsedUid, type Series } from '../../shared/codes.js';
import { pidOf, TRACK_MSG, type TrackedCode } from '../../shared/contracts/tracking.js';
import { VERIFY_CODE } from '../../shared/contracts/public/verify.js';
import { damages, events, items, mappings, products, replacements, staticPairs, verifications } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import type { CodeMac } from './code-mac.js';
import { cartonSteps, secondaryChain } from './journey-cartons.js';
import { joined, type Step } from './journey-steps.js';
import { rangeAt, type Tx } from './ranges.js';
import { refuse } from './refusal.js';
import { ownsCode, packCode, resolveScan } from './resolve.js';

export interface Pack {
  /** The scanned code as PID{visible number}. */
  shown: string;
  /** The pack's own code (a paired preprinted code's static twin). */
  series: Series;
  serial: number;
  state: 'mapped' | 'damaged' | 'replaced' | 'unmapped';
  mapping: typeof mappings.$inferSelect | null;
}

/** The most verifications one journey lists (a copied label may be scanned thousands of times). */
export const VERIFICATIONS_SHOWN = 200;

/** The genuine code a scan names: its MAC checked, or made from a PID's number (which carries none). */
function genuineCode(codes: CodeMac, code: Extract<TrackedCode, { type: 'pid' | 'uid' }>): ParsedUid | null {
  if (code.type === 'uid') return codes.check(code.scan);
  if (!validSerial(code.serial) || (code.series.kind === 'S' && !isPrefix(code.series.prefix))) return null;
  return codes.check(codes.make(code.series, code.serial));
}

/** The caller's pack the scan names; another company's code is refused as an unknown one is. */
export async function findPack(
  tx: Tx,
  codes: CodeMac,
  caller: Caller,
  code: Extract<TrackedCode, { type: 'pid' | 'uid' }>,
): Promise<Pack> {
  const genuine = genuineCode(codes, code);
  if (!genuine || !(await ownsCode(tx, caller, genuine))) refuse(TRACK_MSG.invalid);
  const found = await resolveScan(tx, codes, genuine.uid);
  const shown = pidOf(genuine, genuine.serial);
  const mine = (companyId: number) => caller.isAdmin || companyId === caller.companyId;
  switch (found.state) {
    case 'forged':
      return refuse(TRACK_MSG.invalid);
    case 'unmapped':
      return { shown, ...(await packCode(tx, genuine, genuine.serial)), state: 'unmapped', mapping: null };
    case 'replaced':
      if (!mine(found.companyId)) refuse(TRACK_MSG.invalid);
      return { shown, series: found.series, serial: found.serial, state: 'replaced', mapping: found.mapping };
    default:
      if (!mine(found.mapping.companyId)) refuse(TRACK_MSG.invalid);
      return { shown, series: found.series, serial: found.serial, state: found.state, mapping: found.mapping };
  }
}

const prefixOf = (s: Series) => (s.kind === 'S' ? s.prefix.toUpperCase() : '');
const seriesWhere = (s: Series) => ({ kind: s.kind, prefix: prefixOf(s) });

async function mappingSteps(tx: Tx, p: Pack): Promise<Step[]> {
  const steps: Step[] = [];
  const m = p.mapping;
  if (m) {
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, m.productId));
    steps.push({
      step: 'map',
      at: m.createdAt,
      siteId: m.siteId,
      userId: m.createdBy,
      activity: `Mapped to ${product?.name ?? 'a product'}, batch ${m.batchNo}`,
      detail: joined(`MFG ${m.mfgDate}`, `EXP ${m.expDate}`, m.remark),
    });
    const damage = await rangeAt(tx, damages, p.series, p.serial, m.companyId);
    if (damage)
      steps.push({
        step: 'damage',
        at: damage.createdAt,
        siteId: m.siteId,
        userId: damage.createdBy,
        activity: 'Damaged',
        detail: `Reason: ${damage.reason}`,
      });
  } else {
    // De-mapped numbers keep no row but the event (as verification reads them).
    const cut = await tx
      .select()
      .from(events)
      .where(
        and(
          eq(events.action, 'demap'),
          eq(events.kind, p.series.kind),
          eq(events.prefix, prefixOf(p.series)),
          lte(events.fromNo, p.serial),
          gte(events.toNo, p.serial),
        ),
      )
      .limit(20);
    for (const e of cut) {
      const batch = typeof e.detail.batchNo === 'string' ? e.detail.batchNo : '';
      steps.push({
        step: 'demap',
        at: e.at,
        siteId: e.siteId,
        userId: e.userId,
        activity: 'De-mapped',
        detail: batch && `Was batch ${batch}`,
      });
    }
  }
  if (p.series.kind === 'S') {
    const [pair] = await tx
      .select()
      .from(staticPairs)
      .where(and(eq(staticPairs.prefix, p.series.prefix.toUpperCase()), eq(staticPairs.staticNo, p.serial)));
    if (pair)
      steps.push({
        step: 'pair',
        at: pair.createdAt,
        userId: pair.createdBy,
        activity: `Paired with preprinted code ${pidOf({ kind: 'P', prefix: '' }, pair.preprintedNo)}`,
      });
  }
  return steps;
}

/** Where Replace was done: its event, keyed by the retired code. */
async function replaceSite(tx: Tx, old: Series, serial: number): Promise<number | null> {
  const [e] = await tx
    .select({ siteId: events.siteId })
    .from(events)
    .where(
      and(
        eq(events.kind, old.kind),
        eq(events.prefix, prefixOf(old)),
        eq(events.fromNo, serial),
        eq(events.action, 'replace'),
      ),
    )
    .limit(1);
  return e?.siteId ?? null;
}

/** The pack's cartons while it was in them, and its replacement (of it, or by it). */
async function cartonAndReplaceSteps(tx: Tx, p: Pack): Promise<Step[]> {
  const key = seriesWhere(p.series);
  const [item] = await tx
    .select()
    .from(items)
    .where(and(eq(items.kind, key.kind), eq(items.prefix, key.prefix), eq(items.serialNo, p.serial)));
  const [gone] = await tx
    .select()
    .from(replacements)
    .where(
      and(
        eq(replacements.oldKind, key.kind),
        eq(replacements.oldPrefix, key.prefix),
        eq(replacements.oldSerial, p.serial),
      ),
    );
  const [came] = await tx
    .select()
    .from(replacements)
    .where(
      and(
        eq(replacements.newKind, key.kind),
        eq(replacements.newPrefix, key.prefix),
        eq(replacements.newSerial, p.serial),
      ),
    );
  const steps: Step[] = [];
  if (gone) {
    const by = pidOf({ kind: gone.newKind as Series['kind'], prefix: gone.newPrefix }, gone.newSerial);
    steps.push({
      step: 'replace',
      at: gone.createdAt,
      siteId: await replaceSite(tx, p.series, p.serial),
      userId: gone.createdBy,
      activity: `Replaced by ${by}`,
      detail: gone.sid ? `In ${gone.sid}` : '',
    });
  }
  if (came) {
    const old: Series = { kind: came.oldKind as Series['kind'], prefix: came.oldPrefix };
    steps.push({
      step: 'replace',
      at: came.createdAt,
      siteId: await replaceSite(tx, old, came.oldSerial),
      userId: came.createdBy,
      activity: `Took the place of ${pidOf(old, came.oldSerial)}`,
      detail: came.sid ? `In ${came.sid}` : '',
    });
  }
  // The carton and the row naming it are one company's.
  const [sid, owner] = item?.secondaryId ? [item.secondaryId, item.companyId] : [gone?.sid ?? null, gone?.companyId];
  if (sid && owner !== undefined) {
    const { s, t } = await secondaryChain(tx, owner, sid);
    // A retired code's carton steps end when it left; a replacing code's begin when it came.
    const from = came?.sid ? came.createdAt.getTime() : -Infinity;
    const to = gone ? gone.createdAt.getTime() : Infinity;
    const cartons = await cartonSteps(tx, 'pack', s, t);
    steps.push(
      ...cartons.filter(
        (c) => c.at.getTime() >= from && c.at.getTime() <= to && !(came?.sid && c.step === 'pack-secondary'),
      ),
    );
  }
  return steps;
}

const VERIFY_ACTIVITY: Record<string, string> = {
  [VERIFY_CODE.genuine]: 'Verified genuine by the public',
  [VERIFY_CODE.refused]: 'Verification refused',
  [VERIFY_CODE.details]: 'Verification asked for details',
};

/** The pack's public verifications (its own code's, either printed code counts), the latest first cut. */
async function verificationSteps(tx: Tx, p: Pack): Promise<Step[]> {
  const key = seriesWhere(p.series);
  const ofPack = and(
    eq(verifications.kind, key.kind),
    eq(verifications.prefix, key.prefix),
    eq(verifications.serial, p.serial),
  );
  const rows = await tx
    .select()
    .from(verifications)
    .where(ofPack)
    .orderBy(desc(verifications.at), desc(verifications.id))
    .limit(VERIFICATIONS_SHOWN);
  const steps: Step[] = rows.map((v) => ({
    step: 'verify',
    at: v.at,
    place: [v.city, v.state].filter(Boolean).join(', '),
    who: v.name || 'Public',
    activity: VERIFY_ACTIVITY[v.result] ?? `Verification ${v.result}`,
    detail: v.message,
    flags: v.flags,
  }));
  if (rows.length === VERIFICATIONS_SHOWN) {
    const [all] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number), first: sql<string>`min(${verifications.at})` })
      .from(verifications)
      .where(ofPack);
    const more = (all?.n ?? 0) - rows.length;
    if (more > 0)
      steps.push({
        step: 'verify',
        at: new Date(all!.first),
        activity: `${more} earlier verifications not listed`,
        who: 'Public',
      });
  }
  return steps;
}

export async function packSteps(tx: Tx, p: Pack): Promise<Step[]> {
  return [...(await mappingSteps(tx, p)), ...(await cartonAndReplaceSteps(tx, p)), ...(await verificationSteps(tx, p))];
}
