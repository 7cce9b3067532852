// What makes a genuine verification risky beyond "verified before" (docs/verification-and-loyalty.md):
// many places, a burst, or far from where the pack was sent. verify.ts raises the flags.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { dispatchCartons, dispatches, items, secondaryCartons, sites, users } from '../db/schema.js';
import type { VerifyInput } from './verify.js';
import { cityPoint, kmBetween } from './places.js';

export const VERIFY_FLAG = {
  verifiedBefore: 'verified-before',
  manyPlaces: 'many-places',
  burst: 'burst',
  far: 'far',
} as const;

/** What makes a verification risky beyond "verified before" (docs/verification-and-loyalty.md). */
export const VERIFY_RISK = {
  /** Distinct places (city and state) among a pack's genuine verifications, this one included. */
  places: 3,
  /** Genuine verifications of a pack within `burstMinutes`, this one included. */
  burst: 5,
  burstMinutes: 10,
  /** Km from the city of the site or dealer the pack was last dispatched to, beyond which it is far. */
  farKm: 300,
} as const;

/** A place as the risk flags compare them: city and state, case aside; '' when neither is known. */
export const placeKey = (city: string | null, state: string | null) =>
  city || state ? `${(city ?? '').toLowerCase()}|${(state ?? '').toLowerCase()}` : '';

export interface Earlier {
  times: number;
  places: string[];
  recent: number;
  first: { at: Date; city: string | null; state: string | null } | null;
}

/** The city (reference-data id) of the site or dealer the pack's carton was last dispatched to: the
 *  leg of its tertiary carton, or of itself when it travelled loose; null: never dispatched, or the
 *  target has no city. A scalar sub-select, so the verification reads it in its one details statement. */
export const sentToSql = (pack: { kind: SQLWrapper; prefix: SQLWrapper; serial: SQLWrapper }) => sql<number | null>`(
    select coalesce(s.bill_city, u.bill_city)
    from ${items} i
    join ${secondaryCartons} sc on sc.sid = i.secondary_id
    join ${dispatchCartons} dc on dc.carton_id = sc.sid or dc.carton_id = sc.tid
    join ${dispatches} d on d.did = dc.did
    left join ${sites} s on s.id = d.to_site_id
    left join ${users} u on u.id = d.to_user_id
    where i.kind = ${pack.kind} and i.prefix = ${pack.prefix} and i.serial_no = ${pack.serial}
    order by d.created_at desc limit 1)`;

/** The risk flags of a genuine verification from `here` (its place key, and its position when the
 *  page sent one), given the pack's earlier ones and where it was sent. */
export function riskFlags(earlier: Earlier, here: string, far: boolean): string[] {
  const places = new Set(earlier.places);
  if (here) places.add(here);
  return [
    ...(earlier.times > 0 ? [VERIFY_FLAG.verifiedBefore] : []),
    ...(places.size >= VERIFY_RISK.places ? [VERIFY_FLAG.manyPlaces] : []),
    ...(earlier.recent + 1 >= VERIFY_RISK.burst ? [VERIFY_FLAG.burst] : []),
    ...(far ? [VERIFY_FLAG.far] : []),
  ];
}

/** Farther than VERIFY_RISK.farKm from where the pack was sent (`sentTo`, a city id: sentToSql), known
 *  only with a position. */
export function isFar(sentTo: number | null, b: VerifyInput): boolean {
  if (b.Latitude === null || b.Longitude === null) return false;
  const point = cityPoint(sentTo);
  return point !== null && kmBetween(point, { lat: b.Latitude, lng: b.Longitude }) > VERIFY_RISK.farKm;
}
