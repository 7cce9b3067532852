// Public verification: every scan of a pack's code by the public, with what it answered.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Every public verification (ProductAuthentication/VerifyProduct), whatever it answered: the copy
 *  warnings, the reports and the loyalty points read it. A genuine code is stored as its pack's code
 *  (a paired preprinted code as its static twin), so either printed code counts for the pack. Partitioned by month on `at` (migration 0022,
 *  db/partitions.ts; old months may be dropped, VERIFICATION_RETENTION_MONTHS); the key holds the partition
 *  column and `company_id` (0: a forged or unknown code, no company's), as Citus asks. */
export const verifications = pgTable(
  'verifications',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The text scanned, trimmed (a forged code is kept as it came). */
    scan: varchar('scan', { length: 500 }).notNull(),
    kind: varchar('kind', { length: 1 }),
    prefix: varchar('prefix', { length: 2 }),
    serial: bigint('serial', { mode: 'number' }),
    companyId: integer('company_id').notNull(),
    productId: integer('product_id'),
    mappingId: integer('mapping_id'),
    /** '200' genuine, '-1' refused, '-3' details asked (VERIFY_CODE). */
    result: varchar('result', { length: 4 }).notNull(),
    message: varchar('message', { length: 400 }).notNull(),
    name: varchar('name', { length: 100 }),
    email: varchar('email', { length: 100 }),
    mobile: varchar('mobile', { length: 10 }),
    city: varchar('city', { length: 100 }),
    state: varchar('state', { length: 100 }),
    country: varchar('country', { length: 100 }),
    address: varchar('address', { length: 300 }),
    zip: varchar('zip', { length: 10 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ip: varchar('ip', { length: 64 }),
    mode: varchar('mode', { length: 20 }),
    /** The risk flags of this verification (VERIFY_FLAG). */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    /** What the visitor wrote in the feedback box (ProductAuthentication/UpdateFeedback), once. */
    feedback: varchar('feedback', { length: 500 }),
    feedbackAt: timestamp('feedback_at', { withTimezone: true, mode: 'date' }),
    /** The secret of the answer's FeedbackId (`<id>.<key>`, feedbackRef): 128 random bits (base64url)
     *  only the visitor of a genuine verification receives; the feedback and a redemption need it beside
     *  the row id, which alone is guessable. Not indexed: the row is found by its id. */
    feedbackKey: varchar('feedback_key', { length: 22 }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId, t.at] }),
    index('verifications_code_idx').on(t.kind, t.prefix, t.serial, t.at),
    index('verifications_company_at_idx').on(t.companyId, t.at),
    // The reports: the admin's (every company) by time, and the feedback among a million verifications.
    index('verifications_at_idx').on(t.at),
    index('verifications_feedback_idx')
      .on(t.companyId, t.at)
      .where(sql`${t.feedback} is not null`),
    index('verifications_feedback_at_idx')
      .on(t.at)
      .where(sql`${t.feedback} is not null`),
    // The feedback export reads in id order.
    index('verifications_feedback_id_idx')
      .on(t.id)
      .where(sql`${t.feedback} is not null`),
  ],
);
