// Replace (spec 2 sections 2-5, 7; issue 12 item 5; DESIGN section 4): a torn code gives way for good.
// Decisions (docs/floor.md repeats them):
// - PID. The code to replace is a genuine code of the caller's company, mapped, not damaged, de-mapped
//   or replaced already; when it is packed, its carton (or the tertiary carton holding it) is at the
//   caller's site and not damaged. The new code must be a genuine code of the same company, mapped to
//   the same product and batch (batch number, MFG and expiry dates: what the label printed and what the
//   carton records), never packed, not damaged or replaced, and not already in another code's place.
//   An unmapped code (issued stock, a free static number) cannot serve: giving it a product would be a
//   one-number mapping made outside Mapping; map it there first. A static code and its paired
//   preprinted code are one pack: the pack's static code is what is retired (either then verifies as
//   replaced). The old code gets a `replacements` row and its items row (made if it had none) leaves
//   its carton with status 'replaced'; the new code takes its place in that carton.
// - SID. The slip to replace is a packed carton of the company at the caller's site (loose there, or
//   in a tertiary carton there), not damaged or replaced; the new slip is a SID of the caller's prefix,
//   printed and never used. The carton lives on under the new SID: a copy of its row (same everything,
//   packing time included), its packs and its place in a tertiary carton. The old row stays as the
//   record: state 'replaced', replacedBy the new SID, and nowhere (no location, tertiary carton,
//   dispatch or dealer), so nothing that asks where cartons are or what a carton holds counts it
//   twice. Dispatch legs keep the old id (history).
// - The spec's prefix rule for the second code ('Invalid Cartons') is a SID rule: a uid carries its
//   prefix encoded, a preprinted one none. One 'replace' event; all or nothing.
import type { z } from 'zod';
import type { DetailsRow, detailsRequest, replaceRequest, ReplacedCode } from '../../shared/contracts/floor/replace.js';
import type { CodeMac } from './code-mac.js';
import type { Actor } from './packing-common.js';
import type { DeviceWork, Tx } from './ranges.js';
import { replaceSite } from './replace-common.js';
import { pidDetails, replacePid } from './replace-pid.js';
import { replaceSid, sidDetails } from './replace-sid.js';

/** GetQrCodeDetails: the row of a code that may be replaced, or the refusal. */
export async function replaceDetails(
  tx: Tx,
  codes: CodeMac,
  actor: Actor,
  b: z.output<typeof detailsRequest>,
): Promise<DetailsRow[]> {
  const site = replaceSite(actor);
  return [
    b.Type === 'PID' ? await pidDetails(tx, codes, site, b.FistQrCode) : await sidDetails(tx, site, b.FistQrCode),
  ];
}

/** ReplaceQrCode: the replacement made, or the refusal (the save's transaction then rolls back). */
export async function replaceCode(
  tx: Tx,
  codes: CodeMac,
  actor: Actor,
  b: z.output<typeof replaceRequest>,
  device?: DeviceWork,
): Promise<ReplacedCode> {
  const site = replaceSite(actor);
  return b.Type === 'PID' ? replacePid(tx, codes, site, b, device) : replaceSid(tx, site, b, device);
}
