// Column helpers the areas' tables share: stamps, an address, a series and its numbers.
import { bigint, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' });

/** Billing and shipping address columns shared by sites and trade users. */
export const address = (side: 'bill' | 'ship') =>
  ({
    [`${side}Country`]: integer(`${side}_country`),
    [`${side}State`]: integer(`${side}_state`),
    [`${side}City`]: integer(`${side}_city`),
    [`${side}Pincode`]: varchar(`${side}_pincode`, { length: 6 }),
    [`${side}Address1`]: varchar(`${side}_address1`, { length: 250 }),
    [`${side}Address2`]: varchar(`${side}_address2`, { length: 250 }),
  }) as Record<`${typeof side}${'Country' | 'State' | 'City'}`, ReturnType<typeof integer>> &
    Record<`${typeof side}${'Pincode' | 'Address1' | 'Address2'}`, ReturnType<typeof varchar>>;

export const serialCol = (name: string) => bigint(name, { mode: 'number' }).notNull();
/** A series: kind 'P' (preprinted, one for the system, prefix '') or 'S' (static, one per factory prefix). */
export const seriesCols = () => ({
  kind: varchar('kind', { length: 1 }).notNull().$type<'P' | 'S'>(),
  prefix: varchar('prefix', { length: 2 }).notNull().default(''),
});
