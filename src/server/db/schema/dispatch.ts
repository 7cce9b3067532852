// Dispatch: transport modes, dispatches (DID) and the cartons each carried.
import {
  boolean,
  foreignKey,
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
import { companies, sites, users } from './companies.js';
import { packedBy } from './packing.js';
import { products } from './products.js';

/** Transport modes a dispatch goes by (GetModeDDL): reference data, seeded at start. */
export const transportModes = pgTable(
  'transport_modes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('transport_modes_name_uq').on(t.name)],
);

export type DispatchState = 'sent' | 'received';

/** A dispatch (DID): cartons sent from a site to a warehouse or factory (toSiteId) or to a dealer
 *  (toUserId, a user of type 1). Its id comes from a block of DIDs the device reserved. */
export const dispatches = pgTable(
  'dispatches',
  {
    did: varchar('did', { length: 20 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    fromSiteId: integer('from_site_id')
      .notNull()
      .references(() => sites.id),
    toSiteId: integer('to_site_id').references(() => sites.id),
    toUserId: integer('to_user_id').references(() => users.id),
    transportModeId: integer('transport_mode_id')
      .notNull()
      .references(() => transportModes.id),
    lr: varchar('lr', { length: 50 }).notNull(),
    /** The approval remark when newer stock went while older stock waited. */
    remark: varchar('remark', { length: 200 }),
    cartons: integer('cartons').notNull(),
    packs: integer('packs').notNull(),
    state: varchar('state', { length: 10 }).notNull().$type<DispatchState>(),
    ...packedBy(),
    receivedBy: integer('received_by').references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    receivedDeviceAt: timestamp('received_device_at', { withTimezone: true, mode: 'date' }),
    receivedEntryId: varchar('received_entry_id', { length: 64 }),
  },
  (t) => [
    primaryKey({ columns: [t.did, t.companyId] }),
    index('dispatches_from_idx').on(t.companyId, t.fromSiteId, t.createdAt),
    index('dispatches_to_site_idx').on(t.toSiteId, t.state),
    index('dispatches_to_user_idx').on(t.toUserId, t.state),
  ],
);

/** How a carton's dispatch leg ended: still on the way, received, missing on arrival, or taken back. */
export type LegState = 'sent' | 'received' | 'missing' | 'returned';

/** A carton (SID or TID) on a dispatch, with what it held when it left. */
export const dispatchCartons = pgTable(
  'dispatch_cartons',
  {
    /** The dispatch's company. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    did: varchar('did', { length: 20 }).notNull(),
    cartonId: varchar('carton_id', { length: 20 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    batchNo: varchar('batch_no', { length: 50 }),
    mfgDate: date('mfg_date', { mode: 'string' }),
    expDate: date('exp_date', { mode: 'string' }),
    /** Packs in it when it left. */
    qty: integer('qty').notNull(),
    state: varchar('state', { length: 10 }).notNull().$type<LegState>(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.did, t.cartonId, t.companyId] }),
    foreignKey({ columns: [t.did, t.companyId], foreignColumns: [dispatches.did, dispatches.companyId] }),
    index('dispatch_cartons_carton_idx').on(t.cartonId),
  ],
);
