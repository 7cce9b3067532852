// The database schema's core tables. An area's own tables live beside it (schema-loyalty.ts), import
// these and are imported from their own file; connect.ts and drizzle.config.ts list every file.
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' });

/** Billing and shipping address columns shared by sites and trade users. */
const address = (side: 'bill' | 'ship') => ({
  [`${side}Country`]: integer(`${side}_country`),
  [`${side}State`]: integer(`${side}_state`),
  [`${side}City`]: integer(`${side}_city`),
  [`${side}Pincode`]: varchar(`${side}_pincode`, { length: 6 }),
  [`${side}Address1`]: varchar(`${side}_address1`, { length: 250 }),
  [`${side}Address2`]: varchar(`${side}_address2`, { length: 250 }),
}) as Record<`${typeof side}${'Country' | 'State' | 'City'}`, ReturnType<typeof integer>> &
  Record<`${typeof side}${'Pincode' | 'Address1' | 'Address2'}`, ReturnType<typeof varchar>>;

export const companies = pgTable('companies', {
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
}, (t) => [uniqueIndex('companies_code_uq').on(sql`lower(${t.code})`)]);

/** Factories and warehouses: one entity, told apart by isFactory (spec 1 section 2.19). */
export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
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
}, (t) => [
  uniqueIndex('sites_prefix_uq').on(sql`upper(${t.prefix})`),
  // A site code is unique within its company, whatever the case; sites without one (null) do not clash.
  uniqueIndex('sites_company_code_uq').on(t.companyId, sql`lower(${t.code})`),
  index('sites_company_idx').on(t.companyId),
]);

export const users = pgTable('users', {
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
}, (t) => [
  uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  index('users_company_idx').on(t.companyId),
  index('users_type_idx').on(t.userType),
]);

/** A user's ticked pages (spec 1 section 2.8). Admin (type 0) needs none: it has every page. */
export const userPages = pgTable('user_pages', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  pageKey: varchar('page_key', { length: 10 }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.pageKey] })]);

/** Carton sizes are reference data shared by every company (see docs/masters.md). */
export const cartons = pgTable('cartons', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  description: varchar('description', { length: 500 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('cartons_name_uq').on(sql`lower(${t.name})`)]);

/** Refresh tokens, stored hashed; one family per sign-in, rotated on every use. */
export const refreshTokens = pgTable('refresh_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  family: varchar('family', { length: 64 }).notNull(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  /** The user's token version at sign-in: a family of an older version is refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.family)]);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('password_resets_hash_uq').on(t.tokenHash)]);

/** Idempotency keys of floor saves (DESIGN section 5): per caller, the request's hash and, once the
 *  work has committed, its answer; an in-flight row is the claim of a request still being worked on. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: varchar('key', { length: 64 }).notNull(),
  route: varchar('route', { length: 200 }).notNull(),
  requestHash: varchar('request_hash', { length: 64 }).notNull(),
  /** 'in-flight' until the work commits, then 'done'. */
  state: varchar('state', { length: 10 }).notNull(),
  httpStatus: smallint('http_status'),
  answer: jsonb('answer'),
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)]);

/** Fixed-window counters for rate limits, shared by every instance on the database. */
export const rateHits = pgTable('rate_hits', {
  key: varchar('key', { length: 200 }).notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull(),
}, (t) => [primaryKey({ columns: [t.key, t.windowStart] })]);

/** Server secrets made on first start, so every instance on one database signs alike. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 50 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Reference data: countries, states and cities (India is country 101, as the spec's client asks). */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
});

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  countryId: integer('country_id').notNull().references(() => countries.id),
  name: varchar('name', { length: 100 }).notNull(),
}, (t) => [index('states_country_idx').on(t.countryId)]);

export const cities = pgTable('cities', {
  id: integer('id').primaryKey(),
  stateId: integer('state_id').notNull().references(() => states.id),
  name: varchar('name', { length: 100 }).notNull(),
}, (t) => [index('cities_state_idx').on(t.stateId)]);

/** Product categories in three levels (MG1 > MG2 > MG3); level 1 has no parent. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  level: smallint('level').notNull(),
  parentId: integer('parent_id'),
  name: varchar('name', { length: 100 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('categories_name_uq').on(t.level, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
  index('categories_parent_idx').on(t.parentId),
]);

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
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
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('products_code_uq').on(t.companyId, sql`lower(${t.code})`),
  index('products_company_idx').on(t.companyId),
]);

export const prices = pgTable('prices', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // One price per product, held here so two saves at once cannot both add one.
  uniqueIndex('prices_product_uq').on(t.productId),
]);

/** Uploaded files: stored under DATA_DIR/uploads with a generated name, checked by content. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  storedName: varchar('stored_name', { length: 80 }).notNull(),
  originalName: varchar('original_name', { length: 250 }),
  mime: varchar('mime', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('uploads_name_uq').on(t.storedName)]);

// ---- Numbers and codes (DESIGN section 4). Ranges are the unit of storage: a number is found
// through the range that holds it, by the (series, from_no) index; ranges of a table never overlap.

const serialCol = (name: string) => bigint(name, { mode: 'number' }).notNull();
/** A series: kind 'P' (preprinted, one for the system, prefix '') or 'S' (static, one per factory prefix). */
const seriesCols = () => ({
  kind: varchar('kind', { length: 1 }).notNull().$type<'P' | 'S'>(),
  prefix: varchar('prefix', { length: 2 }).notNull().default(''),
});

/** Preprinted ranges the admin issued to a company; accepted (stock) once acceptedAt is set. */
export const numberIssues = pgTable('number_issues', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  fromNo: serialCol('from_no'),
  toNo: serialCol('to_no'),
  salesOrderNo: varchar('sales_order_no', { length: 50 }).notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  acceptedBy: integer('accepted_by').references(() => users.id),
  acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  uniqueIndex('number_issues_from_uq').on(t.fromNo),
  index('number_issues_company_idx').on(t.companyId, t.fromNo),
]);

/** A range of a series given a product batch. De-mapping cuts ranges; damage does not (see damages). */
export const mappings = pgTable('mappings', {
  id: serial('id').primaryKey(),
  ...seriesCols(),
  fromNo: serialCol('from_no'),
  toNo: serialCol('to_no'),
  companyId: integer('company_id').notNull().references(() => companies.id),
  siteId: integer('site_id').references(() => sites.id),
  productId: integer('product_id').notNull().references(() => products.id),
  batchNo: varchar('batch_no', { length: 50 }).notNull(),
  mfgDate: date('mfg_date', { mode: 'string' }).notNull(),
  expDate: date('exp_date', { mode: 'string' }).notNull(),
  mrp: numeric('mrp', { precision: 12, scale: 2 }),
  remark: varchar('remark', { length: 250 }).notNull().default(''),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('mappings_series_from_uq').on(t.kind, t.prefix, t.fromNo),
  index('mappings_company_idx').on(t.companyId, t.kind),
  index('mappings_product_idx').on(t.productId),
]);

/** Numbers voided for good, with a reason; they stay inside their mapping. */
export const damages = pgTable('damages', {
  id: serial('id').primaryKey(),
  ...seriesCols(),
  fromNo: serialCol('from_no'),
  toNo: serialCol('to_no'),
  companyId: integer('company_id').notNull().references(() => companies.id),
  productId: integer('product_id').notNull().references(() => products.id),
  reason: varchar('reason', { length: 200 }).notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('damages_series_from_uq').on(t.kind, t.prefix, t.fromNo),
  index('damages_company_idx').on(t.companyId, t.kind),
]);

/** A static code and a preprinted code on the same pack: either resolves to the static one's mapping. */
export const staticPairs = pgTable('static_pairs', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  prefix: varchar('prefix', { length: 2 }).notNull(),
  staticNo: serialCol('static_no'),
  preprintedNo: serialCol('preprinted_no'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('static_pairs_static_uq').on(t.prefix, t.staticNo),
  uniqueIndex('static_pairs_preprinted_uq').on(t.preprintedNo),
  index('static_pairs_company_idx').on(t.companyId),
]);

/** Print files made from a static mapping (Number Generation); the file itself is made on download. */
export const generations = pgTable('generations', {
  id: serial('id').primaryKey(),
  /** No foreign key: de-mapping may remove the mapping, the record of what was printed stays. */
  mappingId: integer('mapping_id').notNull(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  prefix: varchar('prefix', { length: 2 }).notNull(),
  fromNo: serialCol('from_no'),
  toNo: serialCol('to_no'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('generations_company_idx').on(t.companyId, t.prefix)]);

/** The last SID/TID/DID number used per site prefix (Product/GetIds, Product/UpdateIds). */
export const idCounters = pgTable('id_counters', {
  prefix: varchar('prefix', { length: 2 }).notNull(),
  type: varchar('type', { length: 3 }).notNull(),
  last: bigint('last', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.prefix, t.type] })]);

/**
 * Items touched one by one (packed, dispatched, replaced...). Rows appear only then: a mapped pack
 * that nobody has scanned yet lives in its mapping range alone. Packing adds its columns (issue 5).
 */
/** How a packed carton stands; where it is comes from its location and its dispatch legs. A
 *  replaced secondary carton (its slip torn, Replace by SID) lives on under its new SID. */
export type CartonState = 'packed' | 'damaged' | 'replaced';

/** What secondary and tertiary cartons share: whose, packed where, where now, what, how many, why
 *  not full, how it stands, and who packed it from which outbox entry. */
const cartonCols = () => ({
  companyId: integer('company_id').notNull().references(() => companies.id),
  /** The site it was packed at. */
  siteId: integer('site_id').notNull().references(() => sites.id),
  /** The site it is at now; null while it travels or once a dealer holds it. */
  locationSiteId: integer('location_site_id').references(() => sites.id),
  /** The dispatch it travels on, until that leg ends (received, missing or returned). */
  dispatchId: varchar('dispatch_id', { length: 20 }),
  /** The dealer (a user of type 1) who received it, while it is with that dealer. */
  dealerId: integer('dealer_id').references(() => users.id),
  cartonSizeId: integer('carton_size_id').notNull().references(() => cartons.id),
  productId: integer('product_id').notNull().references(() => products.id),
  qty: integer('qty').notNull(),
  /** Of its oldest contents (earliest MFG): what older-stock-first and the scanned rows compare. */
  batchNo: varchar('batch_no', { length: 50 }),
  mfgDate: date('mfg_date', { mode: 'string' }),
  expDate: date('exp_date', { mode: 'string' }),
  /** Why it is not full (the fractional carton remark). */
  reason: varchar('reason', { length: 200 }),
  state: varchar('state', { length: 10 }).notNull().$type<CartonState>(),
  ...packedBy(),
});

/** Who packed a carton and from which outbox entry, with the device's clock beside the server's. */
const packedBy = () => ({
  createdBy: integer('created_by').notNull().references(() => users.id),
  createdAt: createdAt(),
  deviceAt: timestamp('device_at', { withTimezone: true, mode: 'date' }),
  entryId: varchar('entry_id', { length: 64 }),
});

/** A tertiary carton (TID): secondary cartons of one product packed together. */
export const tertiaryCartons = pgTable('tertiary_cartons', {
  tid: varchar('tid', { length: 20 }).primaryKey(),
  /** qty: secondary cartons in it. */
  ...cartonCols(),
  /** The approval remark when newer stock was packed while older stock waited. */
  remark: varchar('remark', { length: 200 }),
}, (t) => [
  index('tertiary_cartons_location_idx').on(t.companyId, t.locationSiteId, t.state),
  index('tertiary_cartons_dispatch_idx').on(t.dispatchId),
]);

/** A secondary carton (SID): items of one product, later packed into a tertiary carton or sent loose. */
export const secondaryCartons = pgTable('secondary_cartons', {
  sid: varchar('sid', { length: 20 }).primaryKey(),
  /** qty: packs in it; locationSiteId counts only while it is loose (not in a tertiary carton). */
  ...cartonCols(),
  /** The tertiary carton it is packed in, once packed. */
  tid: varchar('tid', { length: 20 }).references(() => tertiaryCartons.tid),
  /** The SID that took its place when its slip was replaced (state 'replaced'). */
  replacedBy: varchar('replaced_by', { length: 20 }),
}, (t) => [
  index('secondary_cartons_location_idx').on(t.companyId, t.locationSiteId, t.state),
  index('secondary_cartons_tid_idx').on(t.tid),
  index('secondary_cartons_dispatch_idx').on(t.dispatchId),
]);

/** Items touched one by one: a row per packed pack (mapped numbers stay ranges). */
export const items = pgTable('items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ...seriesCols(),
  serialNo: serialCol('serial_no'),
  /** The SID the item is packed in, once packed. */
  secondaryId: varchar('secondary_id', { length: 20 }).references(() => secondaryCartons.sid),
  status: varchar('status', { length: 20 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('items_series_serial_uq').on(t.kind, t.prefix, t.serialNo), index('items_secondary_idx').on(t.secondaryId)]);

/**
 * The append-only event log: every change to numbers and items, what, which codes, where, who, when
 * and from which device batch. A trigger refuses UPDATE and DELETE (migration 0002).
 */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  action: varchar('action', { length: 30 }).notNull(),
  userId: integer('user_id'),
  companyId: integer('company_id'),
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
}, (t) => [
  index('events_series_idx').on(t.kind, t.prefix, t.fromNo),
  index('events_action_at_idx').on(t.action, t.at),
  index('events_company_at_idx').on(t.companyId, t.at),
  index('events_ref_idx').on(t.ref),
]);

/** Transport modes a dispatch goes by (GetModeDDL): reference data, seeded at start. */
export const transportModes = pgTable('transport_modes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
}, (t) => [uniqueIndex('transport_modes_name_uq').on(t.name)]);

export type DispatchState = 'sent' | 'received';

/** A dispatch (DID): cartons sent from a site to a warehouse or factory (toSiteId) or to a dealer
 *  (toUserId, a user of type 1). Its id comes from a block of DIDs the device reserved. */
export const dispatches = pgTable('dispatches', {
  did: varchar('did', { length: 20 }).primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  fromSiteId: integer('from_site_id').notNull().references(() => sites.id),
  toSiteId: integer('to_site_id').references(() => sites.id),
  toUserId: integer('to_user_id').references(() => users.id),
  transportModeId: integer('transport_mode_id').notNull().references(() => transportModes.id),
  lr: varchar('lr', { length: 50 }).notNull(),
  /** The approval remark when newer stock went while older stock waited. */
  remark: varchar('remark', { length: 200 }),
  cartons: integer('cartons').notNull(),
  packs: integer('packs').notNull(),
  state: varchar('state', { length: 10 }).notNull().$type<DispatchState>(),
  ...packedBy(),
  receivedBy: integer('received_by').references(() => users.id),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
  receivedDeviceAt: timestamp('received_device_at', { withTimezone: true, mode: 'date' }),
  receivedEntryId: varchar('received_entry_id', { length: 64 }),
}, (t) => [
  index('dispatches_from_idx').on(t.companyId, t.fromSiteId, t.createdAt),
  index('dispatches_to_site_idx').on(t.toSiteId, t.state),
  index('dispatches_to_user_idx').on(t.toUserId, t.state),
]);

/** How a carton's dispatch leg ended: still on the way, received, missing on arrival, or taken back. */
export type LegState = 'sent' | 'received' | 'missing' | 'returned';

/** A carton (SID or TID) on a dispatch, with what it held when it left. */
export const dispatchCartons = pgTable('dispatch_cartons', {
  did: varchar('did', { length: 20 }).notNull().references(() => dispatches.did),
  cartonId: varchar('carton_id', { length: 20 }).notNull(),
  productId: integer('product_id').notNull().references(() => products.id),
  batchNo: varchar('batch_no', { length: 50 }),
  mfgDate: date('mfg_date', { mode: 'string' }),
  expDate: date('exp_date', { mode: 'string' }),
  /** Packs in it when it left. */
  qty: integer('qty').notNull(),
  state: varchar('state', { length: 10 }).notNull().$type<LegState>(),
  endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
}, (t) => [primaryKey({ columns: [t.did, t.cartonId] }), index('dispatch_cartons_carton_idx').on(t.cartonId)]);

/** A code retired for good and the code that took its place (Replace, by PID): the old one verifies
 *  as replaced. A replaced SID is on its carton row (replacedBy). */
export const replacements = pgTable('replacements', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  oldKind: varchar('old_kind', { length: 1 }).notNull(),
  oldPrefix: varchar('old_prefix', { length: 2 }).notNull(),
  oldSerial: bigint('old_serial', { mode: 'number' }).notNull(),
  newKind: varchar('new_kind', { length: 1 }).notNull(),
  newPrefix: varchar('new_prefix', { length: 2 }).notNull(),
  newSerial: bigint('new_serial', { mode: 'number' }).notNull(),
  /** The carton the new code took the old one's place in, when it was packed. */
  sid: varchar('sid', { length: 20 }),
  ...packedBy(),
}, (t) => [
  uniqueIndex('replacements_old_uq').on(t.oldKind, t.oldPrefix, t.oldSerial),
  uniqueIndex('replacements_new_uq').on(t.newKind, t.newPrefix, t.newSerial),
]);

/** Every public verification (ProductAuthentication/VerifyProduct), whatever it answered: the copy
 *  warnings, the reports and the loyalty points read it. A genuine code is stored as its pack's code
 *  (a paired preprinted code as its static twin), so either printed code counts for the pack. */
export const verifications = pgTable('verifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The text scanned, trimmed (a forged code is kept as it came). */
  scan: varchar('scan', { length: 500 }).notNull(),
  kind: varchar('kind', { length: 1 }),
  prefix: varchar('prefix', { length: 2 }),
  serial: bigint('serial', { mode: 'number' }),
  companyId: integer('company_id'),
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
}, (t) => [
  index('verifications_code_idx').on(t.kind, t.prefix, t.serial, t.at),
  index('verifications_company_at_idx').on(t.companyId, t.at),
  // The reports: the admin's (every company) by time, and the feedback among a million verifications.
  index('verifications_at_idx').on(t.at),
  index('verifications_feedback_idx').on(t.companyId, t.at).where(sql`${t.feedback} is not null`),
  index('verifications_feedback_at_idx').on(t.at).where(sql`${t.feedback} is not null`),
  // The feedback export reads in id order.
  index('verifications_feedback_id_idx').on(t.id).where(sql`${t.feedback} is not null`),
]);
