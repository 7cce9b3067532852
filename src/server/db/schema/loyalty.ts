// The loyalty tables (issue 13; DESIGN section 4 "Verification and loyalty"): schemes, and points as an
// append-only ledger (a balance is a sum), with redemption requests waiting for an admin.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
  boolean,
} from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';
import { products } from './products.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A scheme of Scheme Master ('master': one product, its points) or Scheme Design ('design': items with
 *  points, of the products or of one category level). Dates are India's calendar dates, both included. */
export const schemes = pgTable(
  'schemes',
  {
    id: serial('id').primaryKey(),
    /** Null: a scheme of the administrator's for every company. */
    companyId: integer('company_id').references(() => companies.id),
    kind: varchar('kind', { length: 6 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    /** PB, CM, SC, SD on a design; null on a master scheme. */
    schemeType: varchar('scheme_type', { length: 2 }),
    /** BENEFICIARY: 2 dealer or distributor, 3 farmer, 9 all. */
    beneficiary: smallint('beneficiary').notNull(),
    productId: integer('product_id').references(() => products.id),
    points: integer('points').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('schemes_name_uq').on(sql`coalesce(${t.companyId}, 0)`, t.kind, sql`lower(${t.name})`),
    index('schemes_in_force_idx').on(t.companyId, t.validTo),
  ],
);

/** A design's chosen products or categories (by the level of its type), each with its points. */
export const schemeItems = pgTable(
  'scheme_items',
  {
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => schemes.id),
    itemId: integer('item_id').notNull(),
    label: varchar('label', { length: 150 }).notNull(),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schemeId, t.itemId] })],
);

/** The states a design is limited to (none: everywhere). */
export const schemeLocations = pgTable(
  'scheme_locations',
  {
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => schemes.id),
    stateId: integer('state_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schemeId, t.stateId] })],
);

/** Product batches (mappings) a design leaves out ('Select the Product Group to exclude'). */
export const schemeExclusions = pgTable(
  'scheme_exclusions',
  {
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => schemes.id),
    mappingId: integer('mapping_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schemeId, t.mappingId] })],
);

/** A redemption asked for from the verification page; its points leave the balance when asked
 *  (a ledger row), and the admin accepts it with a remark. One waiting request per person. */
export const redemptionRequests = pgTable(
  'redemption_requests',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    mobile: varchar('mobile', { length: 10 }).notNull(),
    name: varchar('name', { length: 100 }).notNull().default(''),
    points: integer('points').notNull(),
    /** What the page sent beside the points (spec 3's payload), kept as sent. */
    sent: jsonb('sent').$type<Record<string, unknown>>().notNull().default({}),
    verificationId: bigint('verification_id', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    acceptedAt: at('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('redemption_waiting_uq')
      .on(t.companyId, t.mobile)
      .where(sql`${t.acceptedAt} is null`),
    index('redemption_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** The points ledger: + earned (a farmer's verification of a pack, a dealer's dispatch), - redeemed.
 *  Rows are never changed. A pack earns once ever (the code's unique index); a dispatch once per dealer. */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: at('at').notNull().defaultNow(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 'farmer' (by mobile) or 'dealer' (by user). */
    party: varchar('party', { length: 6 }).notNull(),
    mobile: varchar('mobile', { length: 10 }),
    /** The farmer's name as given with the verification or the request (the reports show the latest). */
    name: varchar('name', { length: 100 }),
    userId: integer('user_id').references(() => users.id),
    points: integer('points').notNull(),
    /** 'verify', 'dispatch' or 'redeem'. */
    source: varchar('source', { length: 8 }).notNull(),
    verificationId: bigint('verification_id', { mode: 'number' }),
    kind: varchar('kind', { length: 1 }),
    prefix: varchar('prefix', { length: 2 }),
    serial: bigint('serial', { mode: 'number' }),
    did: varchar('did', { length: 30 }),
    requestId: integer('request_id'),
    productName: varchar('product_name', { length: 150 }).notNull().default(''),
    schemeNames: varchar('scheme_names', { length: 300 }).notNull().default(''),
    schemeIds: jsonb('scheme_ids').$type<number[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('point_entries_pack_uq')
      .on(t.kind, t.prefix, t.serial, t.companyId)
      .where(sql`${t.source} = 'verify'`),
    uniqueIndex('point_entries_dispatch_uq')
      .on(t.did, t.userId, t.companyId)
      .where(sql`${t.source} = 'dispatch'`),
    index('point_entries_farmer_idx').on(t.companyId, t.mobile),
    index('point_entries_dealer_idx').on(t.userId),
    // The loyalty reports read a date range of the ledger, of one company or (the admin) of all.
    index('point_entries_company_at_idx').on(t.companyId, t.at),
    index('point_entries_at_idx').on(t.at),
    // The farmers' report groups a month of the ledger (100,000 rows at harvest): read from this index
    // alone, not row by row from the table.
    index('point_entries_party_at_idx').on(t.party, t.at, t.companyId, t.mobile, t.points, t.id, t.name),
  ],
);

/** A product batch the company has recalled: every pack of it answers '-1' on verification with the
 *  reason (issue 13 item 2). One recall per product and batch. */
export const recalls = pgTable(
  'recalls',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    batchNo: varchar('batch_no', { length: 50 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('recalls_batch_uq').on(t.productId, sql`lower(${t.batchNo})`, t.companyId),
  ],
);
