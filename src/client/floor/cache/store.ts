// The floor caches' reads and writes in IndexedDB. A part's new data is written beside the old, page
// by page, each page with the cursor of the next in one transaction; the switch to the new fill and
// the removal of the old one are one transaction too, so a reader always finds one whole snapshot and
// a fill cut off by a dropped connection or a closed app resumes where it stopped.
import { CACHE_PARTS, PAGED_PARTS, type CachePart } from '@shared/contracts/floor/cache.js';
import type { FieldtraceDb } from '../../offline/db.js';
import { EMPTY_CONTENT, type CacheContent } from './lookup.js';
import type { CacheChunkRow, CachePartRow, ChunkData } from './rows.js';

// Key ranges by prefix: [a] sorts before every [a, ...], [a, []] after (an array is above any string or number).
const chunksOf = (db: FieldtraceDb, part: CachePart, fill: string) =>
  db.cacheChunks.where('[part+fill+seq]').between([part, fill], [part, fill, []]);
const allChunksOf = (db: FieldtraceDb, part: CachePart) =>
  db.cacheChunks.where('[part+fill+seq]').between([part], [part, []]);

export function newFillId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
}

/** The part's row for this user: another user's (or none) gives an empty one. */
export async function partRow(db: FieldtraceDb, part: CachePart, owner: number): Promise<CachePartRow> {
  const row = await db.cacheParts.get(part);
  return row && row.owner === owner ? row : { part, owner, fill: null, asOf: null, pending: null };
}

/** Stores one page of a fill and where the next starts, in one transaction. */
export async function storePage<P extends CachePart>(
  db: FieldtraceDb,
  row: CachePartRow,
  data: ChunkData[P],
): Promise<void> {
  const pending = row.pending!;
  await db.transaction('rw', db.cacheParts, db.cacheChunks, async () => {
    await db.cacheChunks.put({ part: row.part, fill: pending.fill, seq: pending.seq, data } as CacheChunkRow);
    await db.cacheParts.put({ ...row, pending: { ...pending, seq: pending.seq + 1 } });
  });
  row.pending = { ...pending, seq: pending.seq + 1 };
}

/** Makes the pending fill the part's data and drops the fill it replaces (and any other leftovers). */
export async function commitFill(db: FieldtraceDb, row: CachePartRow): Promise<CachePartRow> {
  const pending = row.pending!;
  const done: CachePartRow = {
    part: row.part,
    owner: row.owner,
    fill: pending.fill,
    asOf: pending.asOf,
    pending: null,
  };
  await db.transaction('rw', db.cacheParts, db.cacheChunks, async () => {
    await allChunksOf(db, row.part)
      .filter((c) => c.fill !== pending.fill)
      .delete();
    await db.cacheParts.put(done);
  });
  return done;
}

/** Drops a pending fill's pages (one too old to resume, or another user's). */
export async function dropPending(db: FieldtraceDb, row: CachePartRow): Promise<void> {
  if (!row.pending) return;
  const { fill } = row.pending;
  row.pending = null;
  await db.transaction('rw', db.cacheParts, db.cacheChunks, async () => {
    await chunksOf(db, row.part, fill).delete();
    const stored = await db.cacheParts.get(row.part);
    if (stored?.pending?.fill === fill) await db.cacheParts.put({ ...stored, pending: null });
  });
}

/** Everything stored for this user, as the index is built from. */
export async function loadContent(db: FieldtraceDb, owner: number): Promise<CacheContent> {
  const content: CacheContent = { ...EMPTY_CONTENT, refreshedAt: {} };
  const rows = await db.cacheParts.bulkGet([...CACHE_PARTS]);
  for (const row of rows) {
    if (!row || row.owner !== owner || !row.fill) continue;
    const chunks = await chunksOf(db, row.part, row.fill).toArray();
    content.refreshedAt[row.part] = row.asOf ?? undefined;
    // A snapshot part is one chunk; a paged part's chunks are its pages' series.
    if (!(PAGED_PARTS as readonly string[]).includes(row.part)) Object.assign(content, { [row.part]: chunks[0]?.data });
    else Object.assign(content, { [row.part]: chunks.flatMap((c) => c.data as unknown[]) });
  }
  return content;
}
