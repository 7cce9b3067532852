// What may happen to a pack or a carton in each state (DESIGN section 4): for every operation, the
// states that allow it and the refusal's text. The server's guard, every floor screen's device check
// and docs/lifecycle.md's table read this one module; no path decides a state on its own.
//
// Where the spec is silent: physical facts are always recorded (receive, return, damage), so goods
// already on the way arrive; commercial moves are blocked for recalled stock (packing, dispatch to a
// dealer or a warehouse; it may go back to a factory of its company) and for expired stock to a
// dealer; the public page tells the farmer of a recall or an expiry and pays no points for either.
import { CARTON_DAMAGE_MSG } from '../contracts/floor/carton-damage.js';
import { DISPATCH_MSG } from '../contracts/floor/dispatch.js';
import { PACKING_MSG } from '../contracts/floor/packing.js';
import { RECEIVE_MSG } from '../contracts/floor/dispatch-receive.js';
import { REPLACE_MSG } from '../contracts/floor/replace.js';
import { RETURN_MSG } from '../contracts/floor/carton-return.js';
import { VERIFY_MSG } from '../contracts/public/verify-rules.js';
import type { CartonState, Flags, PackState } from './states.js';
import { LIFECYCLE_MSG } from './messages.js';

/** Operations on one pack (its code). */
export const PACK_OPERATIONS = [
  'pack-sid',
  'replace-code',
  'damage-range',
  'demap',
  'verify',
  'earn',
  'redeem',
] as const;
export type PackOperation = (typeof PACK_OPERATIONS)[number];

/** Operations on one carton (a SID or a TID). */
export const CARTON_OPERATIONS = [
  'pack-tid',
  'dispatch-factory',
  'dispatch-warehouse',
  'dispatch-dealer',
  'receive',
  'return-transit',
  'return-received',
  'damage-carton',
  'replace-slip',
] as const;
export type CartonOperation = (typeof CARTON_OPERATIONS)[number];

/** A pack as a rule sees it: its code as shown, its state, its flags, and the facts its messages name. */
export interface Pack {
  code: string;
  state: PackState;
  flags: Flags;
  /** The SID it is packed in (states in-sid ... missing). */
  sid?: string | null;
  /** Why it is damaged (by range or with its carton). */
  reason?: string | null;
}

/** A carton as a rule sees it. `here`: at the caller's site (for receive: on its way to the caller). */
export interface Carton {
  id: string;
  state: CartonState;
  flags: Flags;
  here: boolean;
  /** The TID a SID is packed in. */
  tid?: string | null;
  /** The dispatch it travels on (in-transit), or the leg it was last on. */
  did?: string | null;
  /** The SID that took an emptied one's place. */
  by?: string | null;
}

const PACKED: readonly PackState[] = ['in-sid', 'in-tid', 'in-transit', 'at-site', 'with-dealer', 'missing'];
const isPacked = (s: PackState) => PACKED.includes(s);

/** Why the pack may not undergo `op` now, or null. The order is the order a user needs to hear it:
 *  a void code first, then a recall, then where it is. */
export function packRefusal(op: PackOperation, p: Pack): string | null {
  switch (op) {
    case 'pack-sid':
      if (p.state === 'free' || p.state === 'demapped') return PACKING_MSG.unmapped;
      if (p.state === 'damaged') return PACKING_MSG.damaged(p.reason ?? '');
      if (p.state === 'replaced') return REPLACE_MSG.retired;
      if (p.flags.recalled !== null) return LIFECYCLE_MSG.recalled(p.flags.recalled);
      if (isPacked(p.state)) return PACKING_MSG.packed(p.sid ?? '');
      return null;
    case 'replace-code':
      // A torn label is a physical fact: a recalled or expired pack may still get its new code.
      if (p.state === 'free' || p.state === 'demapped') return REPLACE_MSG.notMapped(p.code);
      if (p.state === 'replaced') return REPLACE_MSG.replaced(p.code);
      if (p.state === 'damaged') return REPLACE_MSG.damaged(p.code, p.reason ?? '');
      if (p.state === 'in-transit' || p.state === 'with-dealer' || p.state === 'missing')
        return LIFECYCLE_MSG.notAtSite(p.code);
      return null;
    case 'damage-range':
    case 'demap':
      if (p.state === 'free' || p.state === 'demapped') return LIFECYCLE_MSG.notMapped(p.code);
      if (p.state === 'replaced') return REPLACE_MSG.replaced(p.code);
      if (p.state === 'damaged') return LIFECYCLE_MSG.damaged(p.code, p.reason ?? '');
      if (isPacked(p.state)) return LIFECYCLE_MSG.packedRange(p.code, op === 'demap' ? 'de-mapped' : 'damaged');
      return null;
    case 'verify':
      return verdictOf(p).refusal;
    case 'earn':
      if (verdictOf(p).refusal !== null) return verdictOf(p).refusal;
      if (p.flags.expired !== null) return LIFECYCLE_MSG.expiredPack(p.flags.expired);
      return null;
    case 'redeem':
      // Points already earned are the farmer's whatever becomes of the pack later.
      return null;
  }
}

/** What the public page answers for a genuine code: refused ('-1') with the reason, or genuine with
 *  an optional warning; `pays` whether it may earn points. */
export interface Verdict {
  refusal: string | null;
  warning: string | null;
  pays: boolean;
}

export function verdictOf(p: Pack): Verdict {
  const no = (refusal: string): Verdict => ({ refusal, warning: null, pays: false });
  if (p.state === 'free') return no(VERIFY_MSG.unmapped);
  if (p.state === 'demapped') return no(VERIFY_MSG.demapped);
  if (p.state === 'replaced') return no(VERIFY_MSG.replaced);
  if (p.state === 'damaged') return no(VERIFY_MSG.damaged(p.reason ?? ''));
  if (p.flags.recalled !== null) return no(VERIFY_MSG.recalled(p.flags.recalled));
  if (p.flags.expired !== null)
    return { refusal: null, warning: LIFECYCLE_MSG.expiredPack(p.flags.expired), pays: false };
  return { refusal: null, warning: null, pays: true };
}

const AT_A_SITE: readonly CartonState[] = ['packed', 'at-site'];

/** Why the carton may not undergo `op` now, or null. */
export function cartonRefusal(op: CartonOperation, c: Carton): string | null {
  const id = c.id;
  switch (op) {
    case 'pack-tid':
      if (!c.here && AT_A_SITE.includes(c.state)) return PACKING_MSG.notHere(id);
      if (c.state === 'damaged') return PACKING_MSG.cartonDamaged(id);
      if (c.state === 'in-tid') return PACKING_MSG.inTertiary(id, c.tid ?? '');
      // An emptied slip is gone from the floor: Tertiary Packing has always said so (not the new slip).
      if (!AT_A_SITE.includes(c.state) || !c.here) return PACKING_MSG.notHere(id);
      if (c.flags.recalled !== null) return LIFECYCLE_MSG.cartonRecalled(id, c.flags.recalled);
      return null;
    case 'dispatch-factory':
    case 'dispatch-warehouse':
    case 'dispatch-dealer': {
      if (c.state === 'in-tid') return DISPATCH_MSG.inTertiary(id, c.tid ?? '');
      if (c.state === 'emptied') return DISPATCH_MSG.replaced(id, c.by ?? '');
      if (c.state === 'in-transit') return DISPATCH_MSG.dispatched(id, c.did ?? '');
      if (!c.here || (!AT_A_SITE.includes(c.state) && c.state !== 'damaged')) return DISPATCH_MSG.notHere(id);
      if (c.state === 'damaged') return DISPATCH_MSG.damaged(id);
      if (c.flags.recalled !== null && op !== 'dispatch-factory')
        return LIFECYCLE_MSG.cartonRecalled(id, c.flags.recalled);
      if (c.flags.expired !== null && op === 'dispatch-dealer') return LIFECYCLE_MSG.cartonExpired(id, c.flags.expired);
      return null;
    }
    case 'receive':
      // Goods on the way arrive, recalled or expired: a receipt records a physical fact.
      if (c.state !== 'in-transit' || !c.here) return RECEIVE_MSG.notInTransit(id);
      return null;
    case 'return-transit':
      if (c.state === 'in-tid') return RETURN_MSG.packedIn(id, c.tid ?? '');
      if (c.state === 'damaged' || c.state === 'emptied')
        return RETURN_MSG.notInUse(id, c.state === 'emptied' ? 'replaced' : 'damaged');
      if (c.state === 'missing') return RETURN_MSG.missing(id, c.did ?? '');
      if (c.state !== 'in-transit') return RETURN_MSG.received(id, c.did ?? '');
      return null;
    case 'return-received':
      if (c.state === 'in-tid') return RETURN_MSG.packedIn(id, c.tid ?? '');
      if (c.state === 'damaged' || c.state === 'emptied')
        return RETURN_MSG.notInUse(id, c.state === 'emptied' ? 'replaced' : 'damaged');
      if (c.state === 'missing') return RETURN_MSG.missing(id, c.did ?? '');
      if (c.state === 'in-transit') return RETURN_MSG.inTransit(id, c.did ?? '');
      // At the site it was packed at: it never left, or it came back already.
      if (c.state === 'packed') return RETURN_MSG.notYours(id);
      return null;
    case 'damage-carton':
      // A physical fact: recalled or expired stock may be damaged; a carton inside a TID is where the TID is.
      if (c.state === 'damaged') return CARTON_DAMAGE_MSG.already(id);
      if (!c.here || !(AT_A_SITE.includes(c.state) || c.state === 'in-tid')) return CARTON_DAMAGE_MSG.notHere(id);
      return null;
    case 'replace-slip':
      if (c.state === 'emptied') return REPLACE_MSG.cartonReplaced(id, c.by ?? '');
      if (c.state === 'damaged') return REPLACE_MSG.cartonDamaged(id);
      if (!c.here || !(AT_A_SITE.includes(c.state) || c.state === 'in-tid')) return REPLACE_MSG.cartonNotHere(id);
      return null;
  }
}
