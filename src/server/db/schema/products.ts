// What is packed in what: categories, products, their prices, and carton sizes.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { companies } from './companies.js';

/** Carton sizes are reference data shared by every company (see docs/masters.md). */
export const cartons = pgTable(
  'cartons',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cartons_name_uq').on(sql`lower(${t.name})`)],
);

/** Product categories in three levels (MG1 > MG2 > MG3); level 1 has no parent. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    level: smallint('level').notNull(),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 100 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_name_uq').on(t.level, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index('categories_parent_idx').on(t.parentId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    gtin: varchar('gtin', { length: 50 }),
    sapCode: varchar('sap_code', { length: 50 }),
    technicalName: varchar('technical_name', { length: 250 }),
    description: varchar('description', { length: 2000 }),
    image: varchar('image', { length: 250 }),
    genuineAudio: varchar('genuine_audio', { length: 250 }),
    uom: varchar('uom', { length: 20 }),
    packValue: integer('pack_value').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    mg2Id: integer('mg2_id').references(() => categories.id),
    mg3Id: integer('mg3_id').references(() => categories.id),
    manufactureName: varchar('manufacture_name', { length: 150 }),
    registrationNo: varchar('registration_no', { length: 100 }),
    marketedBy: varchar('marketed_by', { length: 150 }),
    cautionarySymbol: varchar('cautionary_symbol', { length: 250 }),
    antidoteStatement: varchar('antidote_statement', { length: 250 }),
    bestBeforeDays: integer('best_before_days').notNull().default(730),
    mrp: numeric('mrp', { precision: 12, scale: 2 }),
    labelPdf: varchar('label_pdf', { length: 250 }),
    leafletPdf: varchar('leaflet_pdf', { length: 250 }),
    /** Product Configuration flags: { IsFeedback, IsProductImage }. */
    config: jsonb('config').$type<Record<string, boolean>>().notNull().default({}),
    /** Default carton sizes for scan-first packing (issue 27): the size a first scan takes when none is picked. */
    secondaryCartonId: integer('secondary_carton_id').references(() => cartons.id),
    tertiaryCartonId: integer('tertiary_carton_id').references(() => cartons.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.companyId, sql`lower(${t.code})`),
    index('products_company_idx').on(t.companyId),
  ],
);

export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Its product's company (set by the save, from the product): the company scope reads it directly. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One price per product, held here so two saves at once cannot both add one.
    uniqueIndex('prices_product_uq').on(t.productId),
  ],
);
