// Group commits of verifications (issue 29 item 5): the rows decided within a few milliseconds (or up
// to `maxRows` of them) are written in one multi-row INSERT ... RETURNING, one round trip and one
// commit for the group instead of one per request. Each request is answered only once its row is
// committed, with its own id; a group that fails fails every request in it, and stores none of them
// (one statement: all or nothing). A verification that books points is stored alone, in one
// transaction with them (storeDecided), so a pack's points always name a stored verification.
import { verifications } from '../db/schema.js';
import type { Tx } from './ranges.js';
import { VerifyBusy } from './verify-reads.js';
import { getTableColumns, sql } from 'drizzle-orm';
import { STORED, storeDecided, storedValues, type Decided, type Verified } from './verify.js';

const P = (name: string) => sql.placeholder(name);

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

/** The PostgreSQL type of each stored column (verify.ts STORED), as the group statement takes it:
 *  one array a column. */
const GROUP_TYPES = {
  at: 'timestamptz',
  scan: 'text',
  kind: 'text',
  prefix: 'text',
  serial: 'bigint',
  companyId: 'int',
  productId: 'int',
  mappingId: 'int',
  result: 'text',
  message: 'text',
  name: 'text',
  email: 'text',
  mobile: 'text',
  city: 'text',
  state: 'text',
  country: 'text',
  address: 'text',
  zip: 'text',
  latitude: 'float8',
  longitude: 'float8',
  ip: 'text',
  mode: 'text',
  flags: 'jsonb',
  feedbackKey: 'text',
} as const satisfies Record<(typeof STORED)[number], string>;

/** A group's rows in one prepared statement, whatever their number: each column an array, unnested
 *  (building a VALUES list of a group's 24 columns a row cost more of the server than the insert
 *  cost the database). An insert of a select names every column of the table in its order: the id
 *  drawn from the table's sequence row by row, in the arrays' order; a column not stored, null. */
function groupQuery(db: Tx) {
  const v = verifications;
  const arrays = sql.join(
    STORED.map((k) => sql`${P(k)}::${sql.raw(GROUP_TYPES[k] === 'jsonb' ? 'text' : GROUP_TYPES[k])}[]`),
    sql`, `,
  );
  const names = sql.join(
    STORED.map((k) => sql.identifier(k)),
    sql`, `,
  );
  const stored = new Set<string>(STORED);
  const values = sql.join(
    Object.keys(getTableColumns(v)).map((k) => {
      if (k === 'id') return sql`nextval('verifications_id_seq')`;
      return stored.has(k)
        ? sql`u.${sql.identifier(k)}::${sql.raw(GROUP_TYPES[k as keyof typeof GROUP_TYPES])}`
        : sql`null`;
    }),
    sql`, `,
  );
  const rows = sql`select ${values} from unnest(${arrays}) as u(${names})`;
  return db.insert(v).select(rows).returning({ id: v.id }).prepare('verify_store_group');
}
const preparedGroup = new WeakMap<object, ReturnType<typeof groupQuery>>();

/** Writes rows in one statement; the ids in the rows' order (drawn in the arrays' order, so sorted
 *  they are the rows' ids in that order, whatever order RETURNING gives them in). */
async function insertGroup(db: Tx, rows: Decided['row'][]): Promise<number[]> {
  let q = preparedGroup.get(db);
  if (!q) preparedGroup.set(db, (q = groupQuery(db)));
  const stored = rows.map(storedValues);
  const params = Object.fromEntries(
    STORED.map((k) => [
      k,
      stored.map((r) => {
        const value = r[k];
        if (GROUP_TYPES[k] === 'jsonb') return JSON.stringify(value);
        return value instanceof Date ? value.toISOString() : (value ?? null);
      }),
    ]),
  );
  const back = await q.execute(params);
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
