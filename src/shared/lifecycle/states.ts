// The states of a pack and of a carton, and the flags that cut across them (DESIGN section 4, "Item
// lifecycle"). Pure data and one derivation each from the stored facts, so the server, the device and
// docs/lifecycle.md's table name a state the same way.

/** Where a pack stands. `free`: a number no mapping holds (never mapped, or de-mapped: see `demapped`). */
export const PACK_STATES = [
  'free',
  'mapped',
  'in-sid',
  'in-tid',
  'in-transit',
  'at-site',
  'with-dealer',
  'missing',
  'damaged',
  'demapped',
  'replaced',
] as const;
export type PackState = (typeof PACK_STATES)[number];

/** Where a carton (SID or TID) stands. `packed`: at the site it was packed at; `at-site`: received at
 *  another; `emptied`: its slip was replaced, its packs live on under the new one. */
export const CARTON_STATES = [
  'packed',
  'in-tid',
  'in-transit',
  'at-site',
  'with-dealer',
  'missing',
  'damaged',
  'emptied',
] as const;
export type CartonState = (typeof CARTON_STATES)[number];

/** What cuts across every state: the batch is recalled (with the recall's reason), the batch has
 *  expired (with the expiry date, YYYY-MM-DD). A carton carries the flags of what it holds. */
export interface Flags {
  recalled: string | null;
  expired: string | null;
}
export const NO_FLAGS: Flags = { recalled: null, expired: null };

/** A carton row as stored: its own state column, where it is, and what holds it. */
export interface CartonRow {
  state: 'packed' | 'damaged' | 'replaced';
  /** A SID's tertiary carton. */
  tid?: string | null;
  dispatchId: string | null;
  dealerId: number | null;
  locationSiteId: number | null;
  /** The site it was packed at. */
  siteId: number;
}

/** The state of a carton from its row (a SID inside a TID answers `in-tid`: ask the TID where it is). */
export function cartonStateOf(c: CartonRow): CartonState {
  if (c.state === 'damaged') return 'damaged';
  if (c.state === 'replaced') return 'emptied';
  if (c.tid) return 'in-tid';
  if (c.dispatchId !== null) return 'in-transit';
  if (c.dealerId !== null) return 'with-dealer';
  if (c.locationSiteId === null) return 'missing';
  return c.locationSiteId === c.siteId ? 'packed' : 'at-site';
}

/** What is known of one number: mapped or not, voided, retired, and its outermost carton's state. */
export interface PackRow {
  mapped: boolean;
  /** A de-mapping once covered it (only read when it is not mapped now). */
  demapped?: boolean;
  /** Damaged by range. */
  damagedRange?: boolean;
  replaced?: boolean;
  /** Its SID, when packed. */
  sid?: string | null;
  /** The state of its SID (`in-tid`: then `outer` is the TID's). */
  carton?: CartonState | null;
  /** The TID's state when the SID is in one. */
  outer?: CartonState | null;
}

/** The state of a pack from what is stored of it. */
export function packStateOf(p: PackRow): PackState {
  if (p.replaced) return 'replaced';
  if (!p.mapped) return p.demapped ? 'demapped' : 'free';
  if (p.damagedRange) return 'damaged';
  if (!p.sid || !p.carton) return 'mapped';
  const where = p.carton === 'in-tid' ? (p.outer ?? 'packed') : p.carton;
  switch (where) {
    case 'damaged':
      return 'damaged';
    case 'emptied':
      return 'replaced';
    case 'in-transit':
      return 'in-transit';
    case 'with-dealer':
      return 'with-dealer';
    case 'missing':
      return 'missing';
    case 'at-site':
      return 'at-site';
    case 'in-tid':
      return 'in-tid';
    case 'packed':
      return p.carton === 'in-tid' ? 'in-tid' : 'in-sid';
  }
}

/** Expired: the expiry date (YYYY-MM-DD) is before `today` (India's calendar day, shared/today.ts). */
export const isExpired = (expDate: string | null | undefined, today: string): boolean => !!expDate && expDate < today;

/** The flags of a carton from what it holds: recalled if any of its contents is, expired from the
 *  earliest expiry among them. */
export function flagsOfContents(contents: readonly Flags[]): Flags {
  let recalled: string | null = null;
  let expired: string | null = null;
  for (const f of contents) {
    recalled ??= f.recalled;
    if (f.expired && (expired === null || f.expired < expired)) expired = f.expired;
  }
  return { recalled, expired };
}
