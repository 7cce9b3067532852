// A street address for a verification's position from a Nominatim-compatible service (GEOCODER_URL,
// issue 13 item 3): optional, and never in the visitor's way. The place the reports group by (city,
// state, PIN area) is our own lookup (places.ts); this only adds the street line, after the answer
// has gone, into the stored row. A slow or failing service leaves the row as it was.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.js';
import { verifications } from '../db/schema.js';

export interface Geocoder {
  /** The display address at a position, or null (none found, the service failed or was slow). */
  streetAddress(lat: number, lng: number): Promise<string | null>;
}

const CACHE_MAX = 10_000;

/** `base`'s /reverse (Nominatim's API: format=jsonv2, display_name), each answer kept for its
 *  position to about 11 m, so a shop's many scans ask once. */
export function nominatim(base: string, timeoutMs = 2000): Geocoder {
  const cache = new Map<string, string | null>();
  const root = base.replace(/\/+$/, '');
  return {
    async streetAddress(lat, lng) {
      const key = `${lat.toFixed(4)},${lng.toFixed(4)}`;
      if (cache.has(key)) return cache.get(key)!;
      let found: string | null = null;
      try {
        const res = await fetch(`${root}/reverse?format=jsonv2&zoom=18&lat=${lat}&lon=${lng}`, {
          headers: { accept: 'application/json', 'user-agent': 'Fieldtrace verification (reverse geocoding)' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return null;
        const body = (await res.json()) as { display_name?: unknown };
        found =
          typeof body.display_name === 'string' && body.display_name.trim()
            ? body.display_name.trim().slice(0, 300)
            : null;
      } catch {
        return null; // down or slow: not kept, the next scan asks again
      }
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, found);
      return found;
    },
  };
}

/** Writes the street address into a stored verification that has none; answers whether it did. */
export async function addStreetAddress(
  db: Db,
  geocoder: Geocoder,
  id: number,
  lat: number,
  lng: number,
): Promise<boolean> {
  const address = await geocoder.streetAddress(lat, lng);
  if (!address) return false;
  const [row] = await db.select({ address: verifications.address }).from(verifications).where(eq(verifications.id, id));
  if (!row || row.address) return false;
  await db.update(verifications).set({ address }).where(eq(verifications.id, id));
  return true;
}
