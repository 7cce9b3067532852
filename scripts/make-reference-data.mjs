// Makes src/server/db/reference-data/india.json, the reference data the server loads at start
// (countries, states, cities; India is country 101 as the spec's client asks), from the MIT-licensed
// npm package country-state-city-js. The package is not a dependency of the app: install it aside,
//   npm install --prefix /tmp/csc country-state-city-js@2.5.0
//   node scripts/make-reference-data.mjs /tmp/csc/node_modules/country-state-city-js
// Ids already in the file are kept (users and sites store them); new states and cities get new ids.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PKG = process.argv[2];
if (!PKG || !existsSync(join(PKG, 'db/states/IN/index.json'))) {
  console.error('usage: node scripts/make-reference-data.mjs <path to node_modules/country-state-city-js>');
  process.exit(1);
}
const OUT = resolve(import.meta.dirname, '../src/server/db/reference-data/india.json');
const version = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')).version;
const read = (p) => JSON.parse(readFileSync(join(PKG, p), 'utf8'));

const old = existsSync(OUT) ? JSON.parse(readFileSync(OUT, 'utf8')) : { states: [], cities: [] };
const stateIds = new Map(old.states.map(([id, iso]) => [iso, id]));
const cityIds = new Map(old.cities.map(([id, stateId, name]) => [`${stateId}|${name.toLowerCase()}`, id]));
let nextState = Math.max(0, ...stateIds.values()) + 1;
let nextCity = Math.max(0, ...cityIds.values()) + 1;

const collator = new Intl.Collator('en');
const sourceStates = read('db/states/IN/index.json').sort((a, b) => collator.compare(a.name, b.name));
const states = [];
const cities = [];
for (const s of sourceStates) {
  const id = stateIds.get(s.iso) ?? nextState++;
  states.push([id, s.iso, s.name.trim()]);
  const dir = join(PKG, 'db/cities/IN', s.iso);
  if (!existsSync(dir) || !readdirSync(dir).includes('index.json')) continue;
  const names = [...new Set(read(`db/cities/IN/${s.iso}/index.json`).map((c) => c.name.trim()).filter(Boolean))];
  for (const name of names.sort(collator.compare)) {
    cities.push([cityIds.get(`${id}|${name.toLowerCase()}`) ?? nextCity++, id, name]);
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
  "cityColumns": ["id", "stateId", "name"],
  "cities": [
${rows(cities)}
  ]
}
`;
writeFileSync(OUT, text);
console.log(`${OUT}: ${states.length} states, ${cities.length} cities`);
