// The code routing tables (issue 29 item 3): which company a printed code or a GTIN belongs to, read
// without touching any company's data. Reference tables under Citus (db/placement.ts): every node
// holds them, so the public verification finds a code's company, then its shard.
import { bigint, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/** A series range and its company: a preprinted range issued to it ('P', prefix ''), or a factory's
 *  whole static series ('S', the site's prefix, 1 to MAX_SERIAL). Written beside the issue or the site,
 *  in the same transaction. The key holds a range's start once across all companies. */
export const codeRoutes = pgTable(
  'code_routes',
  {
    kind: varchar('kind', { length: 1 }).notNull().$type<'P' | 'S'>(),
    prefix: varchar('prefix', { length: 2 }).notNull().default(''),
    fromNo: bigint('from_no', { mode: 'number' }).notNull(),
    toNo: bigint('to_no', { mode: 'number' }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.kind, t.prefix, t.fromNo] })],
);

/** A GTIN a company's product carries (written beside the product). A GTIN is GS1's and so one
 *  company's; a second company claiming it makes it ambiguous, and then it routes nowhere. */
export const gtinRoutes = pgTable(
  'gtin_routes',
  {
    gtin: varchar('gtin', { length: 50 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.gtin, t.companyId] }), index('gtin_routes_company_idx').on(t.companyId)],
);
