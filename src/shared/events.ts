// The event catalogue: every kind of row the append-only event log holds, with the details it carries.
// The server writes through it (domain/ranges.ts logEvent parses the detail, so a malformed one fails
// where it is made, not in a report years later); the item ledger, the QR journey and the reports read
// it. A new kind of work adds its entry here first.
import { z } from 'zod';

const id = z.number().int().positive();
const serial = z.number().int().nonnegative();

export const EVENT_DETAILS = {
  /** The admin issued a preprinted range to a company. */
  issue: z.object({ salesOrderNo: z.string() }),
  'issue-delete': z.object({ salesOrderNo: z.string() }),
  /** The company accepted an issued range as stock. */
  accept: z.object({ salesOrderNo: z.string() }),
  map: z.object({ productId: id, batchNo: z.string() }),
  /** A mapping's expiry changed (the one field a mapping update may change), dates as YYYY-MM-DD. */
  'map-expiry': z.object({ from: z.string(), to: z.string() }),
  /** A sub-range cut out of a mapping: all of it, its start, its end, or its middle (a new right part). */
  demap: z.object({
    mappingId: id,
    productId: id,
    batchNo: z.string(),
    split: z.enum(['whole', 'start', 'end', 'middle']),
    rightMappingId: id.optional(),
  }),
  damage: z.object({ mappingId: id, productId: id, batchNo: z.string(), reason: z.string() }),
  /** A print file: of a static mapping (a generations row), or the admin's file of an issued range. */
  generate: z.union([
    z.object({ generationId: id, mappingId: id, file: z.string(), damaged: z.number().int().nonnegative() }),
    z.object({ issueId: id, file: z.string() }),
  ]),
  pair: z.object({ staticNo: serial, preprintedNo: serial, prefix: z.string(), mappingId: id }),
  /** Packs into a secondary carton; `runs` are the packs' serials as [kind, prefix, from, to]. */
  'pack-secondary': z.object({
    sid: z.string(),
    productId: id,
    qty: z.number().int().positive(),
    cartonSizeId: id,
    reason: z.string().optional(),
    runs: z.array(z.tuple([z.enum(['P', 'S']), z.string(), serial, serial])),
  }),
  /** Secondary cartons into a tertiary one; `remark` when newer stock went before older. */
  'pack-tertiary': z.object({
    tid: z.string(),
    productId: id,
    qty: z.number().int().positive(),
    cartonSizeId: id,
    sids: z.array(z.string()),
    reason: z.string().optional(),
    remark: z.string().optional(),
  }),
  /** A carton and everything in it damaged for good. */
  'damage-carton': z.object({
    cartonId: z.string(),
    reason: z.string(),
    sids: z.array(z.string()),
    packs: z.number().int().nonnegative(),
  }),
  /** Cartons sent on a dispatch leg: to a site (toSiteId) or a dealer (toUserId); `remark` when newer
   *  stock went before older. */
  dispatch: z.object({
    did: z.string(),
    toSiteId: id.optional(),
    toUserId: id.optional(),
    cartons: z.array(z.string()),
    packs: z.number().int().nonnegative(),
    transportModeId: id,
    lr: z.string(),
    remark: z.string().optional(),
  }),
  /** The target received a dispatch: the cartons that arrived, and those it reported missing. */
  receive: z.object({ did: z.string(), received: z.array(z.string()), missing: z.array(z.string()) }),
  /** Cartons taken back: from transit by their sender (the leg ends), or after a received leg. */
  return: z.object({
    cartons: z.array(z.string()),
    transit: z.boolean(),
    dids: z.array(z.string()),
    remark: z.string(),
  }),
  /** A torn code replaced for good: a pack's code (PID) or a carton's slip (SID). */
  replace: z.object({ type: z.enum(['PID', 'SID']), old: z.string(), new: z.string(), sid: z.string().optional() }),
  'slip-ids': z.object({
    type: z.enum(['SID', 'TID', 'DID']),
    prefix: z.string(),
    from: serial,
    to: serial,
    lastId: z.string(),
  }),
} as const;

export type EventAction = keyof typeof EVENT_DETAILS;
export type EventDetail<A extends EventAction> = z.infer<(typeof EVENT_DETAILS)[A]>;

/** One event as the domain writes it: the action and its typed detail, as a discriminated union. */
export type TypedEvent = { [A in EventAction]: { action: A; detail: EventDetail<A> } }[EventAction];

/** Checks a detail against its action's shape; throws (a bug in the writer) when it does not fit. */
export function checkedDetail(event: TypedEvent): Record<string, unknown> {
  return EVENT_DETAILS[event.action].parse(event.detail) as Record<string, unknown>;
}
