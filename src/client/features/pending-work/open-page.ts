// One page of the user's open outbox entries (waiting, sending, refused), in queue order. Only the
// page's entries are read: the rest are known by their keys on the [userId+status] index. Reading
// every open entry whole, as this screen did, took a full shift (6,000 cartons, 120,000 items) 39 s to
// show at 4x CPU (bench/floor-scan.bench.ts --pending).
import type { FieldtraceDb } from '../../offline/db.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';

export interface OpenPage {
  /** The user's open entries, and how many of them wait (pending or sending) and were refused. */
  total: number;
  waiting: number;
  rejected: number;
  /** The page asked for, or the last one there is (entries sent or discarded emptied it); 1-based. */
  page: number;
  /** The page's entries, in queue order. */
  entries: OutboxEntry[];
}

const OPEN = ['pending', 'sending', 'rejected'] as const;

export async function openPage(db: FieldtraceDb, userId: number, page: number, size: number): Promise<OpenPage> {
  const [pending, sending, rejected] = await Promise.all(
    OPEN.map((s) => db.outbox.where('[userId+status]').equals([userId, s]).primaryKeys()),
  );
  const seqs = [...pending!, ...sending!, ...rejected!].sort((a, b) => a - b);
  const pages = Math.max(1, Math.ceil(seqs.length / size));
  const current = Math.min(Math.max(1, page), pages);
  const keys = seqs.slice((current - 1) * size, current * size);
  const entries = (await db.outbox.bulkGet(keys)).filter((e): e is OutboxEntry => e !== undefined);
  return {
    total: seqs.length,
    waiting: pending!.length + sending!.length,
    rejected: rejected!.length,
    page: current,
    entries,
  };
}
