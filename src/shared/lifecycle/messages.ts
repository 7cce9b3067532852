// The lifecycle's own refusals: what no screen's contract said before the lifecycle was written once
// (a recall or an expiry met on a carton, a packed or voided number in a range operation).
import { VERIFY_MSG } from '../contracts/public/verify-rules.js';
import { RECALL_MSG } from '../contracts/recall.js';

export const LIFECYCLE_MSG = {
  /** A pack of a recalled batch (packing): the recall's reason. */
  recalled: RECALL_MSG.onFloor,
  /** A carton holding a pack of a recalled batch: it may only go back to a factory of the company. */
  cartonRecalled: (id: string, reason: string) => `${id} holds a recalled batch: ${reason}`,
  /** A carton holding stock past its expiry: it may not go to a dealer. */
  cartonExpired: (id: string, expDate: string) =>
    `${id} holds stock that expired on ${expDate}: it cannot go to a dealer.`,
  /** The public page: a genuine pack whose batch has expired (no points are paid for it). */
  expiredPack: VERIFY_MSG.expired,
  notMapped: (code: string) => `${code} is not mapped.`,
  damaged: (code: string, reason: string) => `${code} is damaged (${reason}).`,
  packedRange: (code: string, what: string) => `${code} is already packed: packed numbers cannot be ${what}.`,
  notAtSite: (code: string) => `${code} is not at your site.`,
  /** A state or operation the lifecycle does not know (a stored value out of the catalogue). */
  unknownState: (state: string) => `Unknown state "${state}": nothing was changed.`,
} as const;
