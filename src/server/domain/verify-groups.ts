// Group commits of verifications (issue 29 item 5): the rows decided within a few milliseconds (or up
// to `maxRows` of them) are written in one multi-row INSERT ... RETURNING, one round trip and one
// commit for the group instead of one per request. Each request is answered only once its row is
// committed, with its own id; a group that fails fails every request in it, and stores none of them
// (one statement: all or nothing). A verification that books points is stored alone, in one
// transaction with them (storeDecided), so a pack's points always name a stored verification.
import { verifications } from '../db/schema.js';
import type { Tx } from './ranges.js';
import { VerifyBusy } from './verify-reads.js';
import { storeDecided, storedValues, type Decided, type Verified } from './verify.js';

interface Waiting {
  d: Decided;
  done: (v: Verified) => void;
  fail: (e: unknown) => void;
}

export interface GroupOptions {
  /** How long the first row of a group waits for others; 0: each row is stored alone. */
  windowMs: number;
  /** A group is written at once when it holds this many rows. */
  maxRows: number;
  /** Rows taken and not yet committed, beyond which `room` makes the caller wait. */
  maxPending: number;
}

/** Writes rows in one statement; the ids in the rows' order. The ids come from the table's sequence,
 *  drawn row by row in the VALUES' order within the statement, so sorted they are the rows' ids in
 *  that order, whatever order RETURNING gives them in. */
async function insertGroup(db: Tx, rows: Decided['row'][]): Promise<number[]> {
  const back = await db.insert(verifications).values(rows.map(storedValues)).returning({ id: verifications.id });
  if (back.length !== rows.length) throw new Error(`group insert stored ${back.length} of ${rows.length} rows`);
  return back.map((r) => r.id).sort((a, b) => a - b);
}

export class VerifyGroups {
  private group: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pending = 0;
  private readonly roomWaiting: Array<() => void> = [];

  constructor(
    private readonly db: Tx,
    private readonly o: GroupOptions,
  ) {}

  /** Resolves when fewer than `maxPending` rows wait for their commit; refuses (VerifyBusy) when as
   *  many callers wait for room already, so a stalled table cannot gather requests without end. */
  room(): Promise<void> {
    if (this.pending < this.o.maxPending) return Promise.resolve();
    if (this.roomWaiting.length >= this.o.maxPending) return Promise.reject(new VerifyBusy());
    return new Promise((go) => this.roomWaiting.push(go));
  }

  /** Stores a decided verification: in the next group, or alone when it books points. */
  store(d: Decided): Promise<Verified> {
    if (d.earn || this.o.windowMs <= 0) return this.counted(storeDecided(this.db, d));
    this.pending++;
    const stored = new Promise<Verified>((done, fail) => this.group.push({ d, done, fail }));
    if (this.group.length >= this.o.maxRows) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.o.windowMs);
    return stored;
  }

  private async counted(work: Promise<Verified>): Promise<Verified> {
    this.pending++;
    try {
      return await work;
    } finally {
      this.release(1);
    }
  }

  private release(n: number) {
    this.pending -= n;
    while (this.pending < this.o.maxPending && this.roomWaiting.length > 0) this.roomWaiting.shift()!();
  }

  /** Writes the group gathered so far; the next row starts a new one. */
  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const group = this.group;
    this.group = [];
    if (group.length === 0) return;
    void insertGroup(
      this.db,
      group.map((w) => w.d.row),
    ).then(
      (ids) => {
        this.release(group.length);
        group.forEach((w, i) => w.done({ id: ids[i]!, answer: w.d.answer(ids[i]!, 0) }));
      },
      (e: unknown) => {
        this.release(group.length);
        // Every request of the group gets the route's answer to a database failure (500): the cause
        // is one of the rows, or the table, and none of them was stored.
        const failed = new Error(`a group of ${group.length} verifications was not stored`, { cause: e });
        for (const w of group) w.fail(failed);
      },
    );
  }
}
