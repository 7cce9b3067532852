// The event log every change to numbers, items and cartons is written to.
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The append-only event log: every change to numbers and items, what, which codes, where, who, when
 * and from which device batch. A trigger refuses UPDATE and DELETE (migration 0002). Partitioned by month
 * on `at` (migration 0022, db/partitions.ts); the key holds the partition column and `company_id` (0: an
 * event of no company), as Citus asks.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action: varchar('action', { length: 30 }).notNull(),
    userId: integer('user_id'),
    companyId: integer('company_id').notNull(),
    siteId: integer('site_id'),
    kind: varchar('kind', { length: 1 }),
    prefix: varchar('prefix', { length: 2 }),
    fromNo: bigint('from_no', { mode: 'number' }),
    toNo: bigint('to_no', { mode: 'number' }),
    /** A carton, dispatch or record id the event is about (SID26KA00042, a mapping id...). */
    ref: varchar('ref', { length: 40 }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The outbox entry (its Idempotency-Key) the work came in, when it came from a device. */
    deviceBatch: varchar('device_batch', { length: 64 }),
    /** The device's clock when the work was done, beside the server's `at`. */
    deviceAt: timestamp('device_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId, t.at] }),
    index('events_series_idx').on(t.kind, t.prefix, t.fromNo),
    index('events_action_at_idx').on(t.action, t.at),
    index('events_company_at_idx').on(t.companyId, t.at),
    index('events_ref_idx').on(t.ref),
    // The dashboard's sums over a company's whole log (de-mapped numbers, cartons received at a site),
    // read from the index alone but for a receipt's cartons: the action's index would read every
    // site's receipts of every month, row by row.
    index('events_dashboard_idx')
      .on(t.companyId, t.action, t.siteId, t.kind, t.prefix, t.fromNo, t.toNo, t.at)
      .where(sql`${t.action} in ('demap', 'receive')`),
  ],
);
