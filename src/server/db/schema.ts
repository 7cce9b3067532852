// The database schema, one file per area under schema/: the one import point for its tables, and what
// connect.ts and drizzle.config.ts read. An area imports the areas it refers to by their own files,
// never this one, so no import closes a cycle.
export * from './schema/companies.js';
export * from './schema/places.js';
export * from './schema/products.js';
export * from './schema/auth.js';
export * from './schema/requests.js';
export * from './schema/numbers.js';
export * from './schema/events.js';
export * from './schema/packing.js';
export * from './schema/dispatch.js';
export * from './schema/verification.js';
export * from './schema/loyalty.js';
export * from './schema/devices.js';
export * from './schema/epcis.js';
export * from './schema/routes.js';
