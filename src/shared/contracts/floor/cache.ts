// The floor's device caches (issue 11; DESIGN section 5): snapshots a handheld keeps in IndexedDB so
// every scan is checked at once, offline. Our own calls under `FloorCache/` (the spec has none).
// Ranges, not rows: mappings, damages, static pairs and packed items come as ranges of a series,
// columns per series (one Kind and Prefix, then parallel arrays), so a big company's first fill stays
// small. Those four parts come in pages, by keyset on (Kind, Prefix, FromNo), packed items by SID: a
// device sends the `Next` of its last page as `After` and continues where a dropped connection left
// it. Every answer carries `AsOf`, the server's time of the snapshot, shown as "Data as of".
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { FLOOR_PAGES } from '../../pages.js';
import { dispatchCache } from './dispatch-cache.js';

export const FLOOR_CACHE_MSG = {
  noCompany: 'Floor data is kept per company: sign in as a user of a company to load it.',
  pageSize: 'PageSize must be a whole number from 1 to 20000.',
  after: 'After must be the Next of the previous page.',
} as const;

export const CACHE_PAGE_MAX = 20_000;

/** Where a page starts: just after this (Kind, Prefix, FromNo); `Next` of the page before. */
export const cacheCursor = z.strictObject({
  Kind: z.enum(['P', 'S'], { error: FLOOR_CACHE_MSG.after }),
  Prefix: z.string({ error: FLOOR_CACHE_MSG.after }).regex(/^[A-Z0-9]{0,2}$/, FLOOR_CACHE_MSG.after),
  FromNo: z.number({ error: FLOOR_CACHE_MSG.after }).int(FLOOR_CACHE_MSG.after).min(0, FLOOR_CACHE_MSG.after),
});
export type CacheCursor = z.infer<typeof cacheCursor>;

/** Packed items page by carton: just after this SID (runs never cross a carton). */
export const packedCursor = z.strictObject({
  SID: z.string({ error: FLOOR_CACHE_MSG.after }).regex(/^[A-Z0-9]{1,20}$/, FLOOR_CACHE_MSG.after),
});
export type PackedCursor = z.infer<typeof packedCursor>;

const pageSize = z
  .number({ error: FLOOR_CACHE_MSG.pageSize })
  .int(FLOOR_CACHE_MSG.pageSize)
  .min(1, FLOOR_CACHE_MSG.pageSize)
  .max(CACHE_PAGE_MAX, FLOOR_CACHE_MSG.pageSize)
  .default(CACHE_PAGE_MAX);

/** PageSize counts ranges, or cartons for packed items. */
export const cachePageRequest = z.strictObject({ After: cacheCursor.nullable().default(null), PageSize: pageSize });
export const packedPageRequest = z.strictObject({ After: packedCursor.nullable().default(null), PageSize: pageSize });
/** Either page request, as a device sends it (After: the `Next` of the page before, as it came). */
export type CachePageRequest = { After?: CacheCursor | PackedCursor | null; PageSize?: number };

const nums = z.array(z.number());
const texts = z.array(z.string());
/** One series' ranges: FromNo[i]..ToNo[i], in FromNo order, never overlapping. */
const seriesShape = { Kind: z.enum(['P', 'S']), Prefix: z.string(), FromNo: nums, ToNo: nums };

export const mappingSeries = z.strictObject({
  ...seriesShape,
  MappingId: nums,
  ProductId: nums,
  BatchNo: texts,
  MFGDate: texts,
  EXPDate: texts,
});
/** Damaged sub-ranges with their reason, and codes retired by Replace (one serial each, Reason '') with
 *  the code that took their place in `By` ('' for a damage). `By` is optional for caches stored before it. */
export const damageSeries = z.strictObject({ ...seriesShape, Reason: texts, By: texts.optional() });
/** Static pairs as runs: static FromNo..ToNo of Prefix paired with preprinted PreprintedNo.. in step. */
export const pairSeries = z.strictObject({ ...seriesShape, PreprintedNo: nums });
/** Packed items as runs of consecutive serials in one SID; CartonState 'damaged' when it (or its TID) is. */
export const packedSeries = z.strictObject({
  ...seriesShape,
  SID: texts,
  CartonState: z.array(z.enum(['packed', 'damaged'])),
});

const page = <S extends z.ZodType, C extends z.ZodType = typeof cacheCursor>(series: S, cursor?: C) =>
  z.strictObject({
    AsOf: z.string(),
    /** `After` for the next page; null on the last page. */
    Next: (cursor ?? cacheCursor).nullable(),
    /** Ranges in this page, over all its series. */
    Count: z.number(),
    Series: z.array(series),
  });

export const mappingPage = page(mappingSeries);
export const damagePage = page(damageSeries);
export const pairPage = page(pairSeries);
export const packedPage = page(packedSeries, packedCursor);
export type MappingSeries = z.infer<typeof mappingSeries>;
export type DamageSeries = z.infer<typeof damageSeries>;
export type PairSeries = z.infer<typeof pairSeries>;
export type PackedSeries = z.infer<typeof packedSeries>;
export type CachePage<S, C = CacheCursor> = { AsOf: string; Next: C | null; Count: number; Series: S[] };

export const cacheProduct = z.strictObject({
  ProductId: z.number(),
  ProductName: z.string(),
  ProductCode: z.string(),
  UOM: z.string(),
  PackValue: z.number(),
  IsActive: z.boolean(),
  /** Product Configuration's default carton sizes (issue 27), taken by a first scan with no size picked;
   *  absent in a cache stored before they were sent. */
  SecondaryCartonId: z.number().nullable().optional(),
  TertiaryCartonId: z.number().nullable().optional(),
});
export const cacheCartonSize = z.strictObject({ CartonId: z.number(), CartonName: z.string(), CartonSize: z.number() });
export const cacheSite = z.strictObject({
  SiteId: z.number(),
  Name: z.string(),
  Prefix: z.string(),
  IsFactory: z.boolean(),
});
export type CacheProduct = z.infer<typeof cacheProduct>;
export type CacheCartonSize = z.infer<typeof cacheCartonSize>;
export type CacheSite = z.infer<typeof cacheSite>;
/** A recalled batch of the company (Recall/CreateRecall): its packs are refused on the floor. */
export const cacheRecall = z.strictObject({ ProductId: z.number(), BatchNo: z.string(), Reason: z.string() });
export type CacheRecall = z.infer<typeof cacheRecall>;

export const cacheMasters = z.strictObject({
  AsOf: z.string(),
  Products: z.array(cacheProduct),
  CartonSizes: z.array(cacheCartonSize),
  Sites: z.array(cacheSite),
  /** The caller's own site; null for a user without one. */
  MySite: z.strictObject({ SiteId: z.number(), Name: z.string(), Prefix: z.string() }).nullable(),
  /** The last slip numbers used for the caller's prefix (0 when none yet). */
  SlipLast: z.strictObject({ SID: z.number(), TID: z.number(), DID: z.number() }),
  /** The company's recalled batches (absent in a cache stored before they were sent). */
  Recalls: z.array(cacheRecall).optional(),
});
export type CacheMasters = z.infer<typeof cacheMasters>;

/** One batch a carton holds, with the earliest expiry among its packs of it: what the device works a
 *  carton's recalled and expired flags out from (shared/lifecycle flagsOfContents), so a recall made
 *  after the carton was cached applies at the next masters refresh. */
export const cartonBatch = z.strictObject({ ProductId: z.number(), BatchNo: z.string(), EXPDate: z.string() });
export type CartonBatch = z.infer<typeof cartonBatch>;

/** The distinct batches of a list, each with its earliest expiry, in (product, batch) order: a TID's
 *  from its SIDs' (server and device alike). */
export function mergeBatches(list: readonly CartonBatch[]): CartonBatch[] {
  const by = new Map<string, CartonBatch>();
  for (const b of list) {
    const k = `${b.ProductId}|${b.BatchNo}`;
    const had = by.get(k);
    if (!had || (b.EXPDate && (!had.EXPDate || b.EXPDate < had.EXPDate))) by.set(k, b);
  }
  return [...by.values()].sort((a, b) => a.ProductId - b.ProductId || a.BatchNo.localeCompare(b.BatchNo));
}

/** A loose secondary carton at the caller's site, with its items' earliest batch and dates. */
export const openSecondary = z.strictObject({
  SID: z.string(),
  ProductId: z.number(),
  Qty: z.number(),
  CartonSizeId: z.number(),
  /** The batch of its earliest-MFG mapping, the earliest MFG and the earliest expiry, as packing
   *  stored them (worked out from its items for a carton without them; '' when empty). */
  BatchNo: z.string(),
  MFGDate: z.string(),
  EXPDate: z.string(),
  /** The distinct batches it holds (absent in a cache stored before they were sent: none known). */
  Batches: z.array(cartonBatch).optional(),
});
/** A tertiary carton at the caller's site, with the batch and dates packing gave it ('' when none);
 *  Qty: the secondary cartons in it, Packs: the packs in those (what a dispatch invoice counts). */
export const openTertiary = z.strictObject({
  TID: z.string(),
  ProductId: z.number(),
  Qty: z.number(),
  Packs: z.number(),
  State: z.string(),
  BatchNo: z.string(),
  MFGDate: z.string(),
  EXPDate: z.string(),
  /** The distinct batches of every SID in it, and those SIDs (both absent in a cache stored before). */
  Batches: z.array(cartonBatch).optional(),
  SIDs: z.array(z.string()).optional(),
});
export type OpenSecondary = z.infer<typeof openSecondary>;
export type OpenTertiary = z.infer<typeof openTertiary>;

export const openCartons = z.strictObject({
  AsOf: z.string(),
  Secondary: z.array(openSecondary),
  Tertiary: z.array(openTertiary),
  /** The damaged SIDs at my site, loose or in a TID here (damaged TIDs are in Tertiary, State
   *  'damaged'); absent in a cache stored before it was sent. */
  Damaged: z.array(z.string()).optional(),
});
export type OpenCartons = z.infer<typeof openCartons>;

/** The floor pages: any of them may load the caches. */
export const FLOOR_CACHE_ACCESS = { pages: FLOOR_PAGES };

export const FLOOR_CACHE_API = {
  masters: getEndpoint('FloorCache/GetMasters', FLOOR_CACHE_ACCESS, cacheMasters),
  mappings: postEndpoint('FloorCache/GetMappings', FLOOR_CACHE_ACCESS, cachePageRequest, mappingPage),
  damages: postEndpoint('FloorCache/GetDamages', FLOOR_CACHE_ACCESS, cachePageRequest, damagePage),
  pairs: postEndpoint('FloorCache/GetStaticPairs', FLOOR_CACHE_ACCESS, cachePageRequest, pairPage),
  packed: postEndpoint('FloorCache/GetPacked', FLOOR_CACHE_ACCESS, packedPageRequest, packedPage),
  open: getEndpoint('FloorCache/GetOpenCartons', FLOOR_CACHE_ACCESS, openCartons),
  dispatch: getEndpoint('FloorCache/GetDispatchData', FLOOR_CACHE_ACCESS, dispatchCache),
};

/** The parts a device keeps, each with its own "last refreshed". */
export type CachePart = keyof typeof FLOOR_CACHE_API;
export const CACHE_PARTS: readonly CachePart[] = [
  'masters',
  'mappings',
  'damages',
  'pairs',
  'packed',
  'open',
  'dispatch',
];
export const PAGED_PARTS = ['mappings', 'damages', 'pairs', 'packed'] as const;
export type PagedPart = (typeof PAGED_PARTS)[number];
