// Reference data: countries, states and cities (read by addresses, schemes and reports).
import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/** Reference data: countries, states and cities (India is country 101, as the spec's client asks). */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
});

export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (t) => [index('states_country_idx').on(t.countryId)],
);

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (t) => [index('cities_state_idx').on(t.stateId)],
);
