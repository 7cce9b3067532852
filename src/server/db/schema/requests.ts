// What callers sent that the server keeps: floor saves' idempotency keys and uploaded files.
import {
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
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './companies.js';

/** Idempotency keys of floor saves (DESIGN section 5): per caller, the request's hash and, once the
 *  work has committed, its answer; an in-flight row is the claim of a request still being worked on. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The caller's company, 0 for the administrator (no company): the key lives beside the work. */
    companyId: integer('company_id').notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    route: varchar('route', { length: 200 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** 'in-flight' until the work commits, then 'done'. */
    state: varchar('state', { length: 10 }).notNull(),
    httpStatus: smallint('http_status'),
    answer: jsonb('answer'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key, t.companyId] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Uploaded files: stored under DATA_DIR/uploads with a generated name, checked by content. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    storedName: varchar('stored_name', { length: 80 }).notNull(),
    originalName: varchar('original_name', { length: 250 }),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_name_uq').on(t.storedName)],
);
