// Who and where: companies, their sites (factories and warehouses), users and their pages.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { address, createdAt, updatedAt } from './columns.js';

/** Tenant 0: the company_id of a row that belongs to no company (a forged or unknown code's
 *  verification, an event of no company) where the column is NOT NULL for Citus. No company has it. */
export const NO_COMPANY = 0;

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    displayName: varchar('display_name', { length: 150 }).notNull(),
    mobile: varchar('mobile', { length: 10 }),
    gtin: varchar('gtin', { length: 50 }),
    email: varchar('email', { length: 100 }),
    address: varchar('address', { length: 250 }),
    city: varchar('city', { length: 100 }),
    pincode: varchar('pincode', { length: 6 }),
    logo: varchar('logo', { length: 250 }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('companies_code_uq').on(sql`lower(${t.code})`)],
);

/** Factories and warehouses: one entity, told apart by isFactory (spec 1 section 2.19). */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: varchar('code', { length: 20 }),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 100 }),
    mobile: varchar('mobile', { length: 10 }),
    isFactory: boolean('is_factory').notNull(),
    gst: varchar('gst', { length: 15 }),
    prefix: varchar('prefix', { length: 2 }),
    ...address('bill'),
    ...address('ship'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sites_prefix_uq').on(sql`upper(${t.prefix})`),
    // A site code is unique within its company, whatever the case; sites without one (null) do not clash.
    uniqueIndex('sites_company_code_uq').on(t.companyId, sql`lower(${t.code})`),
    index('sites_company_idx').on(t.companyId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: varchar('user_name', { length: 100 }).notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    email: varchar('email', { length: 100 }).notNull(),
    mobile: varchar('mobile', { length: 10 }),
    passwordHash: text('password_hash').notNull(),
    userType: smallint('user_type').notNull(),
    companyId: integer('company_id').references(() => companies.id),
    siteId: integer('site_id').references(() => sites.id),
    isActive: boolean('is_active').notNull().default(true),
    isResetPassword: boolean('is_reset_password').notNull().default(false),
    /** Tokens carry the version they were issued at; raising it ends every session (password, deactivation). */
    tokenVersion: integer('token_version').notNull().default(0),
    gst: varchar('gst', { length: 15 }),
    tin: varchar('tin', { length: 20 }),
    sapCustomerCode: varchar('sap_customer_code', { length: 30 }),
    empId: varchar('emp_id', { length: 30 }),
    /** List Master entries: the list a record belongs to (spec 1 section 2.17). */
    listType: varchar('list_type', { length: 50 }),
    ...address('bill'),
    ...address('ship'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
    index('users_type_idx').on(t.userType),
  ],
);

/** A user's ticked pages (spec 1 section 2.8). Admin (type 0) needs none: it has every page. */
export const userPages = pgTable(
  'user_pages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pageKey: varchar('page_key', { length: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pageKey] })],
);
