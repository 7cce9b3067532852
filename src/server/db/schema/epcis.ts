// The EPCIS partner feed (docs/epcis.md): a partner of a company reads the company's events in the
// export's order from its cursor, and the cursor moves only when the partner acknowledges a page.
import { bigint, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { companies, users } from './companies.js';

export const epcisPartners = pgTable(
  'epcis_partners',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The account the partner's EPCIS client signs in with; one feed per account. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** The last event acknowledged, as its place in the export's order (epcis/order.ts): the
     *  source row's time in microseconds, its source (0 the event log, 1 a recall) and its id. */
    ackedMicros: bigint('acked_micros', { mode: 'number' }).notNull().default(0),
    ackedSource: smallint('acked_source').notNull().default(0),
    ackedId: bigint('acked_id', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('epcis_partners_user_uq').on(t.userId), index('epcis_partners_company_idx').on(t.companyId)],
);
