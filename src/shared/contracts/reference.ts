// Country, state and city options (spec 1 sections 3.12, 7) and the address group that forms build
// from them: `${prefix}_Country`, `_State`, `_City` (ids), `_Pincode`, `_Address1`, `_Address2`.
import { z } from 'zod';
import type { Endpoint } from '../endpoint.js';
import { digitsText, intOrDigits, optionalText, PINCODE_PATTERN, requiredText } from './fields.js';

/** The spec's client asks for this country only (spec 1 section 9). */
export const INDIA_ID = 101;

export const countryRow = z.object({ CountryId: z.number(), Country: z.string() });
export type CountryRow = z.infer<typeof countryRow>;
export const stateRow = z.object({ StateId: z.number(), State: z.string(), CountryId: z.number() });
export type StateRow = z.infer<typeof stateRow>;
export const cityRow = z.object({ CityId: z.number(), City: z.string(), StateId: z.number() });
export type CityRow = z.infer<typeof cityRow>;

export const ADDRESS_PARTS = ['Country', 'State', 'City', 'Pincode', 'Address1', 'Address2'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export interface AddressMessages {
  country: string;
  state: string;
  city: string;
  pincodeRequired: string;
  pincodeInvalid: string;
  /** Address line 1 is required only where the spec gives it a message. */
  address1?: string;
}

/**
 * An id chosen in a select, as a JSON number or numeric text (clients send either): empty (null, 0,
 * '', missing) answers `message`.
 */
export const pickedId = (message: string) =>
  intOrDigits(message).pipe(z.number().min(1, message).max(2_147_483_647, message));

/** The six fields of one address group, with the form's own messages. */
export function addressShape<P extends string>(prefix: P, m: AddressMessages) {
  return {
    [`${prefix}_Country`]: pickedId(m.country),
    [`${prefix}_State`]: pickedId(m.state),
    [`${prefix}_City`]: pickedId(m.city),
    // Six digits as text, or as a JSON number (stored as text either way).
    [`${prefix}_Pincode`]: digitsText(m.pincodeRequired).pipe(
      z.string().trim().min(1, m.pincodeRequired).regex(PINCODE_PATTERN, m.pincodeInvalid),
    ),
    [`${prefix}_Address1`]: m.address1 ? requiredText(m.address1, 'Address 1', 250) : optionalText('Address 1', 250),
    [`${prefix}_Address2`]: optionalText('Address 2', 250),
  } as Record<`${P}_${'Country' | 'State' | 'City'}`, ReturnType<typeof pickedId>> &
    Record<`${P}_Pincode`, z.ZodType<string, string>> &
    Record<`${P}_${'Address1' | 'Address2'}`, z.ZodType<string, string | null | undefined>>;
}

/** An address group's values as the server reads them. */
export interface AddressValues {
  Country: number;
  State: number;
  City: number;
  Pincode: string;
  Address1: string;
  Address2: string;
}

/** Reads one group out of a parsed body. */
export function addressOf(body: Record<string, unknown>, prefix: string): AddressValues {
  const v = (part: AddressPart) => body[`${prefix}_${part}`];
  return {
    Country: Number(v('Country')),
    State: Number(v('State')),
    City: Number(v('City')),
    Pincode: String(v('Pincode') ?? ''),
    Address1: String(v('Address1') ?? ''),
    Address2: String(v('Address2') ?? ''),
  };
}

/** The spec's calls are POSTs without a body: the id travels in the query (`cCode`, `sCode`; 0 means all). */
const queryPost = <D extends z.ZodType>(path: string, data: D) =>
  ({ method: 'POST', path, access: 'signed-in', body: undefined, data }) satisfies Endpoint<undefined, D, 'signed-in'>;

/** Readable by any signed-in user: every address form uses them. */
export const REFERENCE_API = {
  countries: queryPost('Country/GetCountries', z.array(countryRow)),
  states: queryPost('Country/GetStates', z.array(stateRow)),
  cities: queryPost('Country/GetCities', z.array(cityRow)),
};
