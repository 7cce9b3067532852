// The floor's device caches (issue 11; DESIGN section 5). Every floor screen checks a scan against
// these at once, offline, without waiting for the network or IndexedDB:
//
//   const cache = await floorCache();            // or useFloorCache() in a component (undefined until loaded)
//   const facts = cache.codeFacts(code.kind, code.prefix, code.serial);
//   facts.state: 'unmapped' | 'mapped' | 'damaged' | 'packed'  (another company's code: 'unmapped';
//   a preprinted code paired with a static one is looked up as its static twin: facts.series/serial)
//   facts.mapping: MappingId, ProductId, ProductName, BatchNo, MFGDate, EXPDate  (mapped, damaged, packed)
//   facts.sid (packed, or damaged with its carton) / facts.reason (damaged) / facts.recalled (its batch's recall reason)
//   cache.openSecondary(sid), cache.openSecondaries(), cache.tertiaryAt(tid): the open cartons of my site
//   cache.cartonSizes, cache.products, cache.mySite, cache.slipLast {SID, TID, DID}
//   cache.refreshedAt[part]: the server's time of each part's snapshot (ms), shown by <CacheFreshness/>
//
// Parts: masters (products, carton sizes, sites, my site, last slip numbers, recalled batches),
// mappings, damages, pairs (static pairs), packed (packed items as runs) and open (open cartons of my site), pulled from
// FloorCache/* by refreshFloorCache() and kept fresh by startFloorCacheRefresh() (start, sign-in,
// `online`, every 10 minutes). Lookups are binary searches over sorted Float64Arrays in memory, built
// once per refresh (lookup.ts); the stored form is a few chunk rows per part (rows.ts, store.ts).
// "As of the last refresh": a pack packed on another device since then still reads as mapped here;
// the server has the last word when the work is sent.
export { CacheFreshness, freshness } from './cache-freshness.js';
export { floorCache, forgetFloorCache, reloadFloorCache, subscribeFloorCache, useFloorCache } from './floor-cache.js';
export {
  CARTON_DAMAGED,
  type CartonSize,
  type CodeFacts,
  type FloorCache,
  type OpenSecondary,
  type OpenTertiary,
  type Product,
} from './lookup.js';
export { refreshFloorCache, startFloorCacheRefresh, REFRESH_EVERY_MS, type RefreshReport } from './refresh.js';
