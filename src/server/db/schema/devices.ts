// The devices that report their health (issue 27 item 5; shared/contracts/device.ts): one row per
// device id, upserted by every report, and the highest outbox sequence number the server answered for
// good from it (the device's check that it lost nothing reads it).
import { bigint, boolean, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { sites, users } from './companies.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    /** Who last used it (the caller of its last report or push), and their site then. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    appVersion: varchar('app_version', { length: 40 }).notNull().default(''),
    pending: integer('pending').notNull().default(0),
    /** The server's time the oldest pending entry was made (its reported age taken from the report's time). */
    oldestPendingAt: at('oldest_pending_at'),
    rejected: integer('rejected').notNull().default(0),
    storageUsed: bigint('storage_used', { mode: 'number' }),
    storageQuota: bigint('storage_quota', { mode: 'number' }),
    persisted: boolean('persisted'),
    /** The highest sequence number the device says it ever gave an entry. */
    createdSeq: integer('created_seq').notNull().default(0),
    /** The highest sequence number of an entry the server answered for good, and when. */
    ackedSeq: integer('acked_seq').notNull().default(0),
    ackedAt: at('acked_at'),
    lastSeen: at('last_seen').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('devices_last_seen_idx').on(t.lastSeen)],
);
