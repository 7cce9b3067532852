// Replace by SID (rules in domain/replace.ts): a carton whose slip was torn lives on under a new
// slip of the caller's prefix, with its packs and its place in a tertiary carton.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { PACKING_MSG } from '../../shared/contracts/floor/packing.js';
import {
  firstScanProblem,
  secondScanProblem,
  type DetailsRow,
  type replaceRequest,
  type ReplacedCode,
} from '../../shared/contracts/floor/replace.js';
import { idCounters, items, secondaryCartons } from '../db/schema.js';
import type { FloorSite } from './packing-common.js';
import { logEvent, type DeviceWork, type Tx } from './ranges.js';
import { refuse } from './refusal.js';
import { cartonProblem, lockedCarton, productText, type HeldCarton } from './replace-common.js';

/** The carton whose slip is to be replaced, locked; or the refusal. */
async function oldCarton(tx: Tx, site: FloorSite, scan: string): Promise<HeldCarton> {
  const first = firstScanProblem('SID', scan);
  if ('message' in first) refuse(first.message);
  const held = await lockedCarton(tx, site.companyId, first.code);
  const problem = await cartonProblem(tx, held, first.code, site);
  if (problem) refuse(problem);
  return held!;
}

export async function sidDetails(tx: Tx, site: FloorSite, scan: string): Promise<DetailsRow> {
  const { carton } = await oldCarton(tx, site, scan);
  return { RandomNumber: carton.sid, ...(await productText(tx, carton.productId)), SecondaryCarton: carton.sid };
}

/** The last SID printed (reserved) for the prefix; 0 before any. */
async function lastSid(tx: Tx, site: FloorSite): Promise<number> {
  const [row] = await tx
    .select({ last: idCounters.last })
    .from(idCounters)
    .where(
      and(eq(idCounters.prefix, site.prefix), eq(idCounters.type, 'SID'), eq(idCounters.companyId, site.companyId)),
    );
  return row?.last ?? 0;
}

export async function replaceSid(
  tx: Tx,
  site: FloorSite,
  b: z.output<typeof replaceRequest>,
  device?: DeviceWork,
): Promise<ReplacedCode> {
  // The scans' form first (no database), then whether the new slip was printed.
  const form = secondScanProblem('SID', b.FistQrCode, b.SecondQrCode, site.prefix, Number.MAX_SAFE_INTEGER);
  if ('message' in form) refuse(form.message);
  const printed = secondScanProblem('SID', b.FistQrCode, b.SecondQrCode, site.prefix, await lastSid(tx, site));
  if ('message' in printed) refuse(printed.message);
  const sid = printed.code;
  const { carton } = await oldCarton(tx, site, b.FistQrCode);
  const old = carton.sid;

  // The same carton under the new slip; a slip on any carton already (replaced ones too) is used.
  const made = await tx
    .insert(secondaryCartons)
    .values({ ...carton, sid })
    .onConflictDoNothing()
    .returning({ sid: secondaryCartons.sid });
  if (made.length === 0) refuse(PACKING_MSG.slipUsed(sid));
  await tx
    .update(items)
    .set({ secondaryId: sid })
    .where(and(eq(items.secondaryId, old), eq(items.companyId, site.companyId)));
  await tx
    .update(secondaryCartons)
    .set({
      state: 'replaced',
      replacedBy: sid,
      tid: null,
      locationSiteId: null,
      dispatchId: null,
      dealerId: null,
    })
    .where(and(eq(secondaryCartons.sid, old), eq(secondaryCartons.companyId, site.companyId)));
  await logEvent(tx, {
    action: 'replace',
    userId: site.userId,
    companyId: site.companyId,
    siteId: site.siteId,
    ref: old,
    device,
    detail: { type: 'SID', old, new: sid, sid },
  });
  return { Type: 'SID', OldCode: old, NewCode: sid, SecondaryCarton: sid };
}
