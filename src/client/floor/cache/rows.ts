// How the floor caches sit in IndexedDB (offline/db.ts version 3): one row per part with its state,
// and the part's data as a few chunk rows, one per server page, numbers packed in Float64Arrays
// (IndexedDB stores a typed array as one block; a row per range costs a record each).
import type {
  CacheCursor,
  CacheMasters,
  CachePart,
  DamageSeries,
  MappingSeries,
  OpenCartons,
  PackedCursor,
  PackedSeries,
  PairSeries,
} from '@shared/contracts/floor/cache.js';
import type { DispatchCache } from '@shared/contracts/floor/dispatch-cache.js';

/** A series with its number columns packed. */
export type Packed<S> = { [K in keyof S]: S[K] extends number[] ? Float64Array : S[K] };

export interface ChunkData {
  masters: CacheMasters;
  open: OpenCartons;
  dispatch: DispatchCache;
  mappings: Packed<MappingSeries>[];
  damages: Packed<DamageSeries>[];
  pairs: Packed<PairSeries>[];
  packed: Packed<PackedSeries>[];
}

export interface CacheChunkRow<P extends CachePart = CachePart> {
  part: P;
  /** The fill it belongs to; a part reads only its current fill's chunks. */
  fill: string;
  seq: number;
  data: ChunkData[P];
}

/** A fill under way: what is stored so far and where the next page starts. */
export interface PendingFill {
  fill: string;
  seq: number;
  /** The server's `Next`, sent back as is (a range cursor, or a SID for packed items). */
  after: CacheCursor | PackedCursor | null;
  /** The server's AsOf of the fill's first page: the part is as fresh as that, not fresher. */
  asOf: number | null;
  startedAt: number;
}

export interface CachePartRow {
  part: CachePart;
  /** The user the data was loaded for; another user's cache is never read. */
  owner: number;
  /** The complete fill the device reads, and the server's time of its snapshot (ms). */
  fill: string | null;
  asOf: number | null;
  pending: PendingFill | null;
}

const NUMBER_COLUMNS = new Set(['FromNo', 'ToNo', 'MappingId', 'ProductId', 'PreprintedNo']);

/** A page's series as stored: number columns as Float64Arrays. */
export function packSeries<S extends object>(series: readonly S[]): Packed<S>[] {
  return series.map(
    (s) =>
      Object.fromEntries(
        Object.entries(s).map(([k, v]) => [k, NUMBER_COLUMNS.has(k) ? Float64Array.from(v as number[]) : v]),
      ) as Packed<S>,
  );
}
