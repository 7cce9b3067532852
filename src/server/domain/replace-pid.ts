// Replace by PID (rules in domain/replace.ts): a torn pack code retired for good, a new code of the
// same product batch in its place, in its carton when it was packed.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { scannedUid, visibleNumber, type ParsedUid, type Series } from '../../shared/codes.js';
import {
  REPLACE_MSG,
  type DetailsRow,
  type replaceRequest,
  type ReplacedCode,
} from '../../shared/contracts/floor/replace.js';
import { items, replacements } from '../db/schema.js';
import type { CodeMac } from './code-mac.js';
import type { FloorSite } from './packing-common.js';
import { lockSeries, logEvent, type DeviceWork, type Tx } from './ranges.js';
import { refuse } from './refusal.js';
import { cartonProblem, lockedCarton, productText } from './replace-common.js';
import { resolveMany, type CodeMapping, type CodeState } from './resolve-many.js';

type Resolved = Extract<CodeState, { state: 'resolved' }>;
interface Pack {
  shown: string;
  series: Series;
  serial: number;
  mapping: CodeMapping;
  sid: string | null;
}

/** A genuine code, or the refusal naming what was scanned: checked before any database read. */
function genuine(codes: CodeMac, scan: string): ParsedUid {
  return codes.check(scan) ?? refuse(REPLACE_MSG.notGenuine(scannedUid(scan)));
}

const shownOf = (r: Resolved) => visibleNumber(r.code, r.code.serial);
const sameSeries = (a: Series, b: Series) => a.kind === b.kind && a.prefix === b.prefix;
/** A code in the event's detail: kind, prefix and serial, never ambiguous ('S:KA:950', 'P::7001'). */
const codeRef = (p: Pack) => `${p.series.kind}:${p.series.prefix}:${p.serial}`;

/** The pack whose code is to be replaced, its carton locked; or the refusal. */
async function oldPack(tx: Tx, site: FloorSite, r: Resolved): Promise<Pack> {
  const shown = shownOf(r);
  // Another company's code is "not mapped" to this caller: nothing more is said of it.
  if (!r.mapping || r.mapping.companyId !== site.companyId) refuse(REPLACE_MSG.notMapped(shown));
  if (r.replaced) refuse(REPLACE_MSG.replaced(shown));
  if (r.damageReason !== null) refuse(REPLACE_MSG.damaged(shown, r.damageReason));
  if (r.packedIn !== null) {
    const problem = await cartonProblem(tx, await lockedCarton(tx, site.companyId, r.packedIn), r.packedIn, site);
    if (problem) refuse(REPLACE_MSG.inCarton(shown, problem));
  }
  return { shown, series: r.series, serial: r.serial, mapping: r.mapping, sid: r.packedIn };
}

/** The code taking the old one's place; or the refusal naming it. */
async function newPack(tx: Tx, site: FloorSite, r: Resolved, old: Pack): Promise<Pack> {
  const shown = shownOf(r);
  // A paired static and preprinted code are one pack.
  if (sameSeries(r.series, old.series) && r.serial === old.serial) refuse(REPLACE_MSG.sameCode);
  if (!r.mapping || r.mapping.companyId !== site.companyId) refuse(REPLACE_MSG.notMapped(shown));
  if (r.replaced) refuse(REPLACE_MSG.replaced(shown));
  if (r.damageReason !== null) refuse(REPLACE_MSG.damaged(shown, r.damageReason));
  if (r.packedIn !== null) refuse(REPLACE_MSG.packed(shown, r.packedIn));
  const [earlier] = await tx
    .select({ id: replacements.id })
    .from(replacements)
    .where(
      and(
        eq(replacements.companyId, site.companyId),
        eq(replacements.newKind, r.series.kind),
        eq(replacements.newPrefix, r.series.prefix),
        eq(replacements.newSerial, r.serial),
      ),
    );
  if (earlier) refuse(REPLACE_MSG.alreadyNew(shown));
  const m = r.mapping;
  const want = old.mapping;
  if (
    m.productId !== want.productId ||
    m.batchNo !== want.batchNo ||
    m.mfgDate !== want.mfgDate ||
    m.expDate !== want.expDate
  ) {
    refuse(REPLACE_MSG.otherBatch(shown, want.batchNo, want.mfgDate, want.expDate));
  }
  return { shown, series: r.series, serial: r.serial, mapping: m, sid: null };
}

const resolved = (r: CodeState): Resolved => {
  if (r.state !== 'resolved') throw new Error('a checked code did not resolve'); // genuine() ran first
  return r;
};

export async function pidDetails(tx: Tx, codes: CodeMac, site: FloorSite, scan: string): Promise<DetailsRow> {
  genuine(codes, scan);
  const [r] = await resolveMany(tx, codes, site.companyId, [scan]);
  const old = await oldPack(tx, site, resolved(r!));
  return { RandomNumber: old.shown, ...(await productText(tx, old.mapping.productId)), SecondaryCarton: old.sid ?? '' };
}

export async function replacePid(
  tx: Tx,
  codes: CodeMac,
  site: FloorSite,
  b: z.output<typeof replaceRequest>,
  device?: DeviceWork,
): Promise<ReplacedCode> {
  const first = genuine(codes, b.FistQrCode);
  const second = genuine(codes, b.SecondQrCode);
  if (first.uid === second.uid) refuse(REPLACE_MSG.sameCode);
  // Damage, de-mapping and packing of these series wait for the replace (they lock them too), and the
  // codes are read again once locked, so what is checked still holds when the rows go in. Sorted, so
  // two saves never lock in opposite order.
  const scans = [b.FistQrCode, b.SecondQrCode];
  const series = new Map(
    (await resolveMany(tx, codes, site.companyId, scans)).map((r) => {
      const s = resolved(r).series;
      return [`${s.kind}${s.prefix}`, s] as const;
    }),
  );
  for (const k of [...series.keys()].sort()) await lockSeries(tx, series.get(k)!);
  const [r1, r2] = (await resolveMany(tx, codes, site.companyId, scans)).map(resolved);
  const old = await oldPack(tx, site, r1!);
  const now = await newPack(tx, site, r2!, old);

  const at = { createdBy: site.userId, deviceAt: device?.at ?? null, entryId: device?.entryId ?? null };
  if (old.sid) {
    const taken = await tx
      .insert(items)
      .values({
        companyId: site.companyId,
        kind: now.series.kind,
        prefix: now.series.prefix,
        serialNo: now.serial,
        secondaryId: old.sid,
        status: 'packed',
      })
      .onConflictDoUpdate({
        target: [items.kind, items.prefix, items.serialNo, items.companyId],
        set: { secondaryId: old.sid, status: 'packed', updatedAt: sql`now()` },
        setWhere: sql`${items.secondaryId} is null and ${items.status} <> 'replaced'`,
      })
      .returning({ id: items.id });
    if (taken.length === 0) refuse(REPLACE_MSG.packed(now.shown, 'another carton'));
  }
  // The old code leaves its carton for good; a loose one gets its row here, so packing refuses it too.
  await tx
    .insert(items)
    .values({
      companyId: site.companyId,
      kind: old.series.kind,
      prefix: old.series.prefix,
      serialNo: old.serial,
      secondaryId: null,
      status: 'replaced',
    })
    .onConflictDoUpdate({
      target: [items.kind, items.prefix, items.serialNo, items.companyId],
      set: { secondaryId: null, status: 'replaced', updatedAt: sql`now()` },
    });
  await tx.insert(replacements).values({
    companyId: site.companyId,
    oldKind: old.series.kind,
    oldPrefix: old.series.prefix,
    oldSerial: old.serial,
    newKind: now.series.kind,
    newPrefix: now.series.prefix,
    newSerial: now.serial,
    sid: old.sid,
    ...at,
  });
  await logEvent(tx, {
    action: 'replace',
    userId: site.userId,
    companyId: site.companyId,
    siteId: site.siteId,
    device,
    series: old.series,
    fromNo: old.serial,
    toNo: old.serial,
    ...(old.sid ? { ref: old.sid } : {}),
    detail: { type: 'PID', old: codeRef(old), new: codeRef(now), ...(old.sid ? { sid: old.sid } : {}) },
  });
  return { Type: 'PID', OldCode: old.shown, NewCode: now.shown, SecondaryCarton: old.sid ?? '' };
}
