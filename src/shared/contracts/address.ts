// An address in a dropdown row (spec 2 section 3, 'Active user option' and 'Warehouse or factory
// option'): the ids the forms save and the names the dispatch's billing block shows.
import { z } from 'zod';

const side = <S extends 'bill' | 'ship'>(s: S) =>
  ({
    [`${s}_Country`]: z.number().nullable(),
    [`${s}_State`]: z.number().nullable(),
    [`${s}_City`]: z.number().nullable(),
    [`${s}_Pincode`]: z.string(),
    [`${s}_Address1`]: z.string(),
    [`${s}_Address2`]: z.string(),
    [`${s}_CountryName`]: z.string(),
    [`${s}_StateName`]: z.string(),
    [`${s}_CityName`]: z.string(),
  }) as Record<`${S}_${'Country' | 'State' | 'City'}`, z.ZodNullable<z.ZodNumber>> &
    Record<`${S}_${'Pincode' | 'Address1' | 'Address2' | 'CountryName' | 'StateName' | 'CityName'}`, z.ZodString>;

export const billingAddress = side('bill');
export const shippingAddress = side('ship');
