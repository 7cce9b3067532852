// Numbers and codes (DESIGN section 4). Ranges are the unit of storage: a number is found through the
// range that holds it, by the (series, from_no) index; ranges of a table never overlap.
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, serialCol, seriesCols, updatedAt } from './columns.js';
import { companies, sites, users } from './companies.js';
import { products } from './products.js';

/** Preprinted ranges the admin issued to a company; accepted (stock) once acceptedAt is set. */
export const numberIssues = pgTable(
  'number_issues',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    fromNo: serialCol('from_no'),
    toNo: serialCol('to_no'),
    salesOrderNo: varchar('sales_order_no', { length: 50 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    acceptedBy: integer('accepted_by').references(() => users.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    // Unique across companies too: code_routes holds each issued range once (see db/placement.ts).
    uniqueIndex('number_issues_from_uq').on(t.fromNo, t.companyId),
    index('number_issues_company_idx').on(t.companyId, t.fromNo),
  ],
);

/** A range of a series given a product batch. De-mapping cuts ranges; damage does not (see damages). */
export const mappings = pgTable(
  'mappings',
  {
    id: serial('id').notNull(),
    ...seriesCols(),
    fromNo: serialCol('from_no'),
    toNo: serialCol('to_no'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    siteId: integer('site_id').references(() => sites.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    batchNo: varchar('batch_no', { length: 50 }).notNull(),
    mfgDate: date('mfg_date', { mode: 'string' }).notNull(),
    expDate: date('exp_date', { mode: 'string' }).notNull(),
    mrp: numeric('mrp', { precision: 12, scale: 2 }),
    remark: varchar('remark', { length: 250 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('mappings_series_from_uq').on(t.kind, t.prefix, t.fromNo, t.companyId),
    index('mappings_company_idx').on(t.companyId, t.kind),
    index('mappings_product_idx').on(t.productId),
  ],
);

/** Numbers voided for good, with a reason; they stay inside their mapping. */
export const damages = pgTable(
  'damages',
  {
    id: serial('id').notNull(),
    ...seriesCols(),
    fromNo: serialCol('from_no'),
    toNo: serialCol('to_no'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    reason: varchar('reason', { length: 200 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('damages_series_from_uq').on(t.kind, t.prefix, t.fromNo, t.companyId),
    index('damages_company_idx').on(t.companyId, t.kind),
  ],
);

/** A static code and a preprinted code on the same pack: either resolves to the static one's mapping. */
export const staticPairs = pgTable(
  'static_pairs',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    prefix: varchar('prefix', { length: 2 }).notNull(),
    staticNo: serialCol('static_no'),
    preprintedNo: serialCol('preprinted_no'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('static_pairs_static_uq').on(t.prefix, t.staticNo, t.companyId),
    uniqueIndex('static_pairs_preprinted_uq').on(t.preprintedNo, t.companyId),
    index('static_pairs_company_idx').on(t.companyId),
  ],
);

/** Print files made from a static mapping (Number Generation); the file itself is made on download. */
export const generations = pgTable(
  'generations',
  {
    id: serial('id').notNull(),
    /** No foreign key: de-mapping may remove the mapping, the record of what was printed stays. */
    mappingId: integer('mapping_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    prefix: varchar('prefix', { length: 2 }).notNull(),
    fromNo: serialCol('from_no'),
    toNo: serialCol('to_no'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.companyId] }), index('generations_company_idx').on(t.companyId, t.prefix)],
);

/** The last SID/TID/DID number used per site prefix (Product/GetIds, Product/UpdateIds). */
export const idCounters = pgTable(
  'id_counters',
  {
    /** The prefix's site's company. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    prefix: varchar('prefix', { length: 2 }).notNull(),
    type: varchar('type', { length: 3 }).notNull(),
    last: bigint('last', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.type, t.companyId] })],
);
