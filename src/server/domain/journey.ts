// QR Code Tracking's journey (Dispatch/GetJourney): what a scan is (shared/contracts/tracking.ts
// trackedCode), whether it is the caller's (a company user sees its company's codes, the admin all;
// anything else answers 'Invalid Scanned', as an unknown code does), and its steps in time order.
// A pack: journey-pack.ts; a SID or TID: its cartons' steps; a DID: its own.
import { and, eq } from 'drizzle-orm';
import type { SlipId } from '../../shared/codes.js';
import { TRACK_MSG, trackedCode, type JourneyItem, type TrackedCode } from '../../shared/contracts/tracking.js';
import { dispatches, sites, tertiaryCartons, users } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import type { CodeMac } from './code-mac.js';
import { companyOfSlip } from './code-routes.js';
import { cartonSteps, dispatchSteps, secondaryChain, type SecondaryRow, type TertiaryRow } from './journey-cartons.js';
import { findPack, packSteps } from './journey-pack.js';
import { finishSteps, personName, type Step } from './journey-steps.js';
import type { Tx } from './ranges.js';
import { refuse } from './refusal.js';

type DispatchRow = typeof dispatches.$inferSelect;

/** The scan as a code, or 'Invalid Scanned'. */
export function scannedCode(raw: unknown): TrackedCode {
  const code = typeof raw === 'string' ? trackedCode(raw) : null;
  return code ?? refuse(TRACK_MSG.invalid);
}

export type Slip =
  | { type: 'SID'; s: SecondaryRow; t: TertiaryRow | null }
  | { type: 'TID'; t: TertiaryRow }
  | { type: 'DID'; d: DispatchRow };

/** The caller's carton or dispatch the slip id names: looked up in the caller's company (the admin's:
 *  the company of the slip's site prefix). */
export async function findSlip(tx: Tx, caller: Caller, slip: SlipId): Promise<Slip> {
  const id = slip.text;
  const companyId = caller.isAdmin ? await companyOfSlip(tx, slip.prefix) : caller.companyId;
  if (companyId === null) return refuse(TRACK_MSG.invalid);
  if (slip.type === 'SID') {
    const { s, t } = await secondaryChain(tx, companyId, id);
    if (s) return { type: 'SID', s, t };
  } else if (slip.type === 'TID') {
    const [t] = await tx
      .select()
      .from(tertiaryCartons)
      .where(and(eq(tertiaryCartons.tid, id), eq(tertiaryCartons.companyId, companyId)));
    if (t) return { type: 'TID', t };
  } else {
    const [d] = await tx
      .select()
      .from(dispatches)
      .where(and(eq(dispatches.did, id), eq(dispatches.companyId, companyId)));
    if (d) return { type: 'DID', d };
  }
  return refuse(TRACK_MSG.invalid);
}

/** Where a dispatch went from and to, in words. */
async function dispatchNames(tx: Tx, d: DispatchRow): Promise<{ fromName: string; toName: string }> {
  const [from] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, d.fromSiteId));
  if (d.toSiteId !== null) {
    const [to] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, d.toSiteId));
    return { fromName: from?.name ?? '', toName: to?.name ?? '' };
  }
  const [dealer] = d.toUserId === null ? [] : await tx.select().from(users).where(eq(users.id, d.toUserId));
  return { fromName: from?.name ?? '', toName: dealer ? personName(dealer) : '' };
}

async function slipSteps(tx: Tx, slip: Slip): Promise<Step[]> {
  if (slip.type === 'SID') return cartonSteps(tx, 'sid', slip.s, slip.t);
  if (slip.type === 'TID') return cartonSteps(tx, 'tid', null, slip.t);
  return dispatchSteps(tx, slip.d, await dispatchNames(tx, slip.d));
}

export async function journeyOf(tx: Tx, codes: CodeMac, caller: Caller, raw: unknown): Promise<JourneyItem[]> {
  const code = scannedCode(raw);
  if (code.type === 'slip') return finishSteps(tx, await slipSteps(tx, await findSlip(tx, caller, code.slip)));
  const pack = await findPack(tx, codes, caller, code);
  const steps = await packSteps(tx, pack);
  if (steps.length === 0) refuse(TRACK_MSG.notMapped(pack.shown));
  return finishSteps(tx, steps);
}
