// The place of a point (issue 13 item 3): the nearest city and its state, and the nearest PIN area,
// from the reference data the server ships (db/reference-data/india.json and india-pins.json, made by
// scripts/make-reference-data.mjs); no outside service at run time. Built once, on the first lookup,
// into 1-degree grid cells, so a lookup reads a few cells near the point: microseconds.
import { existsSync, readFileSync } from 'node:fs';

export interface LatLng {
  lat: number;
  lng: number;
}
export interface Place {
  city: string;
  state: string;
  pin: string;
  km: number;
}

/** Farther than this from every city, a point has no place (the sea, another country). */
export const PLACE_KM = 100;
/** Farther than this from every PIN area's point, the PIN is unknown (''). */
export const PIN_KM = 50;

const EARTH_KM = 6371.0088; // mean radius (IUGG)
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_KM; // along a meridian
const RAD = Math.PI / 180;

// Found the way db/reference.ts finds india.json: beside the sources, under tsx and the built server alike.
const CITIES_FILE = new URL('../db/reference-data/india.json', import.meta.url);
const PINS_FILE = new URL('../db/reference-data/india-pins.json', import.meta.url);

interface CitiesFile {
  states: [number, string, string][];
  cities: [number, number, string, number, number][];
}
interface PinsFile {
  pins: [string, number, number][];
}

/** Great-circle distance in km (haversine on a sphere of the Earth's mean radius; within 0.5% of the ellipsoid). */
export function kmBetween(a: LatLng, b: LatLng): number {
  const s1 = Math.sin(((b.lat - a.lat) * RAD) / 2);
  const s2 = Math.sin(((b.lng - a.lng) * RAD) / 2);
  const h = s1 * s1 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * s2 * s2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Points of one kind in 1-degree cells; each point keeps its cosine of latitude for the haversine. */
class Grid<T> {
  private readonly cells = new Map<number, { lat: number; lng: number; cos: number; item: T }[]>();

  add(lat: number, lng: number, item: T): void {
    const key = cellKey(Math.floor(lat), Math.floor(lng));
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = []));
    cell.push({ lat, lng, cos: Math.cos(lat * RAD), item });
  }

  /** The nearest item within maxKm of the point, with its distance; null when none is. */
  nearest(lat: number, lng: number, maxKm: number, accept?: (item: T) => boolean): { item: T; km: number } | null {
    // The cells a circle of maxKm around the point can touch: a degree of longitude shrinks with cos(lat).
    const dLat = maxKm / KM_PER_DEGREE;
    const far = Math.min(89.9, Math.abs(lat) + dLat);
    const dLng = Math.min(180, maxKm / (KM_PER_DEGREE * Math.cos(far * RAD)));
    const cosLat = Math.cos(lat * RAD);
    // Compare by the haversine's h (it grows with distance) and take the distance of the best only.
    const maxH = Math.sin(maxKm / EARTH_KM / 2) ** 2;
    let best: T | null = null;
    let bestH = maxH;
    for (let y = Math.floor(lat - dLat); y <= Math.floor(lat + dLat); y++) {
      for (let x = Math.floor(lng - dLng); x <= Math.floor(lng + dLng); x++) {
        const cell = this.cells.get(cellKey(y, x));
        if (!cell) continue;
        for (const p of cell) {
          const s1 = Math.sin(((p.lat - lat) * RAD) / 2);
          const s2 = Math.sin(((p.lng - lng) * RAD) / 2);
          const h = s1 * s1 + cosLat * p.cos * s2 * s2;
          if (h <= bestH && (!accept || accept(p.item))) {
            bestH = h;
            best = p.item;
          }
        }
      }
    }
    return best === null ? null : { item: best, km: 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(bestH))) };
  }
}

// Longitude cells -180..180 fit in 360 slots; latitude cells are spaced by 1000.
const cellKey = (y: number, x: number) => y * 1000 + x;

interface City {
  name: string;
  state: string;
  area: boolean;
}
interface Index {
  cities: Grid<City>;
  pins: Grid<string>;
  byId: Map<number, LatLng>;
}
let index: Index | null = null;

/** Rows of the data that name an area rather than a town ("Nashik Division", "Jalandhar district"). */
const AREA = /\s(division|district|block)$/i;

function build(): Index {
  const data = JSON.parse(readFileSync(CITIES_FILE, 'utf8')) as CitiesFile;
  const stateNames = new Map(data.states.map(([id, , name]) => [id, name]));
  const cities = new Grid<City>();
  const byId = new Map<number, LatLng>();
  for (const [id, stateId, name, lat, lng] of data.cities) {
    if (typeof lat !== 'number' || typeof lng !== 'number') continue;
    cities.add(lat, lng, { name, state: stateNames.get(stateId) ?? '', area: AREA.test(name) });
    byId.set(id, { lat, lng });
  }
  const pins = new Grid<string>();
  // PINs are optional data: without the file every PIN is ''.
  if (existsSync(PINS_FILE)) {
    for (const [pin, lat, lng] of (JSON.parse(readFileSync(PINS_FILE, 'utf8')) as PinsFile).pins)
      pins.add(lat, lng, pin);
  }
  return { cities, pins, byId };
}

/**
 * The nearest city (with its state) within PLACE_KM of the point, and the nearest PIN area's PIN
 * ('' when none is within PIN_KM); km is the distance to the city, to 0.1 km. A town is preferred to
 * a row naming an area ("Nashik Division"), which answers only when no town is near. Null for a
 * point that is not a coordinate or is far from every city.
 */
export function nearestPlace(lat: number, lng: number): Place | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  index ??= build();
  const city = index.cities.nearest(lat, lng, PLACE_KM, (c) => !c.area) ?? index.cities.nearest(lat, lng, PLACE_KM);
  if (!city) return null;
  const pin = index.pins.nearest(lat, lng, PIN_KM);
  return { city: city.item.name, state: city.item.state, pin: pin?.item ?? '', km: Math.round(city.km * 10) / 10 };
}

/** Where a city of the reference data is (sites and dealers store its id), or null when unknown. */
export function cityPoint(cityId: number | null): LatLng | null {
  if (cityId === null) return null;
  index ??= build();
  return index.byId.get(cityId) ?? null;
}
