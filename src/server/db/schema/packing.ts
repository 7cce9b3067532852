// Packing: secondary (SID) and tertiary (TID) cartons, the packs in them, and codes replaced on the floor.
import {
  foreignKey,
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, serialCol, seriesCols, updatedAt } from './columns.js';
import { companies, sites, users } from './companies.js';
import { cartons, products } from './products.js';

/** Who packed a carton and from which outbox entry, with the device's clock beside the server's. */
export const packedBy = () => ({
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  deviceAt: timestamp('device_at', { withTimezone: true, mode: 'date' }),
  entryId: varchar('entry_id', { length: 64 }),
});

/** How a packed carton stands; where it is comes from its location and its dispatch legs. A
 *  replaced secondary carton (its slip torn, Replace by SID) lives on under its new SID. */
export type CartonState = 'packed' | 'damaged' | 'replaced';

/** What secondary and tertiary cartons share: whose, packed where, where now, what, how many, why
 *  not full, how it stands, and who packed it from which outbox entry. */
const cartonCols = () => ({
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  /** The site it was packed at. */
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  /** The site it is at now; null while it travels or once a dealer holds it. */
  locationSiteId: integer('location_site_id').references(() => sites.id),
  /** The dispatch it travels on, until that leg ends (received, missing or returned). */
  dispatchId: varchar('dispatch_id', { length: 20 }),
  /** The dealer (a user of type 1) who received it, while it is with that dealer. */
  dealerId: integer('dealer_id').references(() => users.id),
  cartonSizeId: integer('carton_size_id')
    .notNull()
    .references(() => cartons.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  qty: integer('qty').notNull(),
  /** Of its oldest contents (earliest MFG): what older-stock-first and the scanned rows compare. */
  batchNo: varchar('batch_no', { length: 50 }),
  mfgDate: date('mfg_date', { mode: 'string' }),
  expDate: date('exp_date', { mode: 'string' }),
  /** Why it is not full (the fractional carton remark). */
  reason: varchar('reason', { length: 200 }),
  state: varchar('state', { length: 10 }).notNull().$type<CartonState>(),
  ...packedBy(),
});

/** A tertiary carton (TID): secondary cartons of one product packed together. */
export const tertiaryCartons = pgTable(
  'tertiary_cartons',
  {
    tid: varchar('tid', { length: 20 }).notNull(),
    /** qty: secondary cartons in it. */
    ...cartonCols(),
    /** The approval remark when newer stock was packed while older stock waited. */
    remark: varchar('remark', { length: 200 }),
  },
  (t) => [
    primaryKey({ columns: [t.tid, t.companyId] }),
    index('tertiary_cartons_location_idx').on(t.companyId, t.locationSiteId, t.state),
    index('tertiary_cartons_dispatch_idx').on(t.dispatchId),
  ],
);

/** A secondary carton (SID): items of one product, later packed into a tertiary carton or sent loose. */
export const secondaryCartons = pgTable(
  'secondary_cartons',
  {
    sid: varchar('sid', { length: 20 }).notNull(),
    /** qty: packs in it; locationSiteId counts only while it is loose (not in a tertiary carton). */
    ...cartonCols(),
    /** The tertiary carton it is packed in, once packed. */
    tid: varchar('tid', { length: 20 }),
    /** The SID that took its place when its slip was replaced (state 'replaced'). */
    replacedBy: varchar('replaced_by', { length: 20 }),
  },
  (t) => [
    primaryKey({ columns: [t.sid, t.companyId] }),
    foreignKey({ columns: [t.tid, t.companyId], foreignColumns: [tertiaryCartons.tid, tertiaryCartons.companyId] }),
    index('secondary_cartons_location_idx').on(t.companyId, t.locationSiteId, t.state),
    index('secondary_cartons_tid_idx').on(t.tid),
    index('secondary_cartons_dispatch_idx').on(t.dispatchId),
  ],
);

/** Items touched one by one: a row per packed pack (mapped numbers stay ranges). */
export const items = pgTable(
  'items',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** The company whose mapping holds the number (0 only for a row older than the column that no
     *  mapping or route knew: kept rather than lost, so no key to companies). */
    companyId: integer('company_id').notNull(),
    ...seriesCols(),
    serialNo: serialCol('serial_no'),
    /** The SID the item is packed in, once packed. */
    secondaryId: varchar('secondary_id', { length: 20 }),
    status: varchar('status', { length: 20 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      columns: [t.secondaryId, t.companyId],
      foreignColumns: [secondaryCartons.sid, secondaryCartons.companyId],
    }),
    uniqueIndex('items_series_serial_uq').on(t.kind, t.prefix, t.serialNo, t.companyId),
    index('items_secondary_idx').on(t.secondaryId),
  ],
);

/** A code retired for good and the code that took its place (Replace, by PID): the old one verifies
 *  as replaced. A replaced SID is on its carton row (replacedBy). */
export const replacements = pgTable(
  'replacements',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    oldKind: varchar('old_kind', { length: 1 }).notNull(),
    oldPrefix: varchar('old_prefix', { length: 2 }).notNull(),
    oldSerial: bigint('old_serial', { mode: 'number' }).notNull(),
    newKind: varchar('new_kind', { length: 1 }).notNull(),
    newPrefix: varchar('new_prefix', { length: 2 }).notNull(),
    newSerial: bigint('new_serial', { mode: 'number' }).notNull(),
    /** The carton the new code took the old one's place in, when it was packed. */
    sid: varchar('sid', { length: 20 }),
    ...packedBy(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('replacements_old_uq').on(t.oldKind, t.oldPrefix, t.oldSerial, t.companyId),
    uniqueIndex('replacements_new_uq').on(t.newKind, t.newPrefix, t.newSerial, t.companyId),
  ],
);
