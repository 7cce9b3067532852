// The place of a point from the shipped reference data (issue 13 item 3): nearest city, state, PIN.
import { describe, expect, it } from 'vitest';
import { kmBetween, nearestPlace } from '../../../src/server/domain/places.js';

/** The point d km from (lat, lng) towards the bearing (degrees from north), on a sphere. */
function offset(lat: number, lng: number, km: number, bearing: number): [number, number] {
  const r = Math.PI / 180;
  const d = km / 6371.0088;
  const p1 = lat * r;
  const b = bearing * r;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = lng * r + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return [p2 / r, l2 / r];
}

describe('nearestPlace', () => {
  it.each([
    ['Nashik', 19.9975, 73.7898, 'Nashik', 'Maharashtra'],
    ['Indore', 22.7196, 75.8577, 'Indore', 'Madhya Pradesh'],
    ['Chennai', 13.0827, 80.2707, 'Chennai', 'Tamil Nadu'],
    ['Mumbai', 19.076, 72.8777, 'Mumbai', 'Maharashtra'],
    ['Bengaluru', 12.9716, 77.5946, 'Bengaluru', 'Karnataka'],
    ['Kolkata', 22.5726, 88.3639, 'Kolkata', 'West Bengal'],
    ['Port Blair', 11.6234, 92.7265, 'Port Blair', 'Andaman and Nicobar Islands'],
  ])('%s', (_, lat, lng, city, state) => {
    const place = nearestPlace(lat, lng);
    expect(place).toMatchObject({ city, state });
    expect(place!.km).toBeLessThan(15);
  });

  it('a point 1 km from a city centre still gives that city, in any direction', () => {
    // Nashik's point in the data; "Nashik Division" (1.6 km away) names an area, not a town.
    for (const bearing of [0, 90, 180, 270]) {
      const [lat, lng] = offset(19.9973, 73.791, 1, bearing);
      const place = nearestPlace(lat, lng);
      expect(place).toMatchObject({ city: 'Nashik', state: 'Maharashtra' });
      expect(place!.km).toBeCloseTo(1, 0);
    }
  });

  it("Nashik's PIN area is one of Nashik's (422...)", () => {
    expect(nearestPlace(19.9975, 73.7898)!.pin).toMatch(/^422\d{3}$/);
  });

  it.each([
    ['the Arabian Sea far from land', 15, 65],
    ['the Bay of Bengal far from land', 15, 87],
    ['Europe (Paris)', 48.8566, 2.3522],
    ['the other side of the world', -33.8688, 151.2093],
  ])('nothing within 100 km: %s', (_, lat, lng) => {
    expect(nearestPlace(lat, lng)).toBeNull();
  });

  it('not a coordinate: null', () => {
    expect(nearestPlace(Number.NaN, 75)).toBeNull();
    expect(nearestPlace(20, Number.POSITIVE_INFINITY)).toBeNull();
    expect(nearestPlace(95, 75)).toBeNull();
    expect(nearestPlace(20, 181)).toBeNull();
  });
});

describe('kmBetween', () => {
  // References: geodesic distances on the WGS84 ellipsoid (Vincenty), which a sphere matches to 0.5%.
  it.each([
    ['Delhi-Mumbai', { lat: 28.6139, lng: 77.209 }, { lat: 19.076, lng: 72.8777 }, 1144.5],
    ['Chennai-Kolkata', { lat: 13.0827, lng: 80.2707 }, { lat: 22.5726, lng: 88.3639 }, 1355.3],
    ['Nashik-Indore', { lat: 19.9975, lng: 73.7898 }, { lat: 22.7196, lng: 75.8577 }, 369.9],
  ])('%s within 1%', (_, a, b, km) => {
    expect(Math.abs(kmBetween(a, b) - km) / km).toBeLessThan(0.01);
    expect(kmBetween(b, a)).toBeCloseTo(kmBetween(a, b), 9);
  });

  it('a point to itself is 0', () => {
    expect(kmBetween({ lat: 19.9975, lng: 73.7898 }, { lat: 19.9975, lng: 73.7898 })).toBe(0);
  });
});
