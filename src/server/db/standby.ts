// The streaming standby the reports read (DATABASE_READ_URL, docs/deploy.md "Read replicas"). It is
// checked every READ_CHECK_SECONDS off the requests' path, and used while it answers, is in recovery
// and lags at most READ_MAX_LAG_SECONDS; otherwise those reads go to the primary. Each change of state
// is logged once, never per request, and none of them stops the server.
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { openStandby, type Database, type Db, type StandbyConnection } from './connect.js';

/** The server's log (pino's, in the app). */
interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/** Where a standby-reading route reads now: the standby's Db and the time its data is as of. */
export interface StandbyRead {
  db: Db;
  asOf: Date;
}

export interface Standby {
  /** The standby while it is healthy and within the lag bound; undefined: read the primary. */
  reading(): StandbyRead | undefined;
  /** A read on the standby failed: true when it should run again on the primary (the standby went
   *  away, which marks it down until a check sees it back, or replay cancelled the query). */
  failed(err: unknown): boolean;
  close(): Promise<void>;
}

/** No standby configured: every read is the primary's. */
const NONE: Standby = {
  reading: () => undefined,
  failed: () => false,
  close: async () => undefined,
};

type Reason = 'unreachable' | 'not-standby' | 'not-ours' | 'lagging' | 'no-replay';
type State = { kind: 'starting' } | { kind: 'up'; asOf: Date } | { kind: 'down'; reason: Reason; why: string };

/** One check's answer. Caught up: WAL streams in and all that arrived is replayed, so the data is
 *  current however long ago the primary last committed (the replay timestamp alone would say old). */
interface Check extends Identity {
  recovery: boolean;
  replayed_at: Date | null;
  caught_up: boolean | null;
  streaming: boolean;
  now: Date;
}

/** Which cluster and database a connection reaches: a standby of another cluster, or of another
 *  database of ours, would answer every report with the wrong rows or none. */
interface Identity {
  cluster: string;
  database: string;
}
const IDENTITY = `(select system_identifier::text from pg_control_system()) as cluster, current_database() as database`;

const CHECK_SQL = `select pg_is_in_recovery() as recovery, pg_last_xact_replay_timestamp() as replayed_at,
  pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() as caught_up,
  exists (select 1 from pg_stat_wal_receiver) as streaming, now() as now, ${IDENTITY}`;

/** The SQLSTATEs and socket errors of a standby gone (08: connection; 57P0x: shut down, starting, dropped). */
const GONE_CODES = /^(08|57P0[1-4])|^E(CONNREFUSED|CONNRESET|HOSTUNREACH|NETUNREACH|TIMEDOUT|PIPE|NOTFOUND|AI_AGAIN)$/;
const GONE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;
/** Replay cancelled the query (a conflict with recovery): the primary answers it instead. */
const CONFLICT_CODES = new Set(['40001', '40P01']);

function errorChain(err: unknown): { code?: string; message?: string }[] {
  const out: { code?: string; message?: string }[] = [];
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++, e = e.cause as typeof e) {
    out.push({
      code: typeof e.code === 'string' ? e.code : undefined,
      message: typeof e.message === 'string' ? e.message : undefined,
    });
  }
  return out;
}

const standbyGone = (err: unknown) =>
  errorChain(err).some((e) => (e.code && GONE_CODES.test(e.code)) || (e.message && GONE_TEXT.test(e.message)));
const recoveryConflict = (err: unknown) => errorChain(err).some((e) => e.code && CONFLICT_CODES.has(e.code));

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** What a check says: up with the data's time, or down and why. `current` is the last time it was
 *  seen caught up, a floor for the data's time while replay trails behind. */
function judge(c: Check, primary: Identity, current: Date | null, maxLag: number): State {
  if (!c.recovery)
    return { kind: 'down', reason: 'not-standby', why: 'it is not in recovery (not a standby, or promoted)' };
  if (c.cluster !== primary.cluster || c.database !== primary.database)
    return { kind: 'down', reason: 'not-ours', why: "it is not a standby of DATABASE_URL's database" };
  const replayed = c.replayed_at ? new Date(c.replayed_at) : null;
  const asOf = c.streaming && c.caught_up ? new Date(c.now) : later(replayed, current);
  if (!asOf) return { kind: 'down', reason: 'no-replay', why: 'it has replayed nothing from the primary yet' };
  const lag = (new Date(c.now).getTime() - asOf.getTime()) / 1000;
  if (lag > maxLag)
    return {
      kind: 'down',
      reason: 'lagging',
      why: `it lags ${Math.round(lag)} s, beyond READ_MAX_LAG_SECONDS=${maxLag}`,
    };
  return { kind: 'up', asOf };
}

/** The standby of DATABASE_READ_URL, watched; none when unset, or beside PGlite (which has none). */
export async function watchStandby(config: Config, database: Database, log: Log): Promise<Standby> {
  const url = config.databaseReadUrl;
  if (!url) return NONE;
  if (database.kind !== 'postgres') {
    log.warn('DATABASE_READ_URL is ignored: it needs DATABASE_URL (the embedded database has no standby)');
    return NONE;
  }
  let state: State = { kind: 'starting' };
  let current: Date | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const key = (s: State) => (s.kind === 'down' ? s.reason : s.kind);
  const become = (next: State) => {
    if (key(next) !== key(state)) {
      if (next.kind === 'up') log.info('DATABASE_READ_URL: reports read the standby');
      else if (next.kind === 'down') log.warn(`DATABASE_READ_URL: reports read the primary: ${next.why}`);
    }
    state = next;
  };
  const gone = (err: Error) =>
    become({ kind: 'down', reason: 'unreachable', why: `the standby does not answer (${err.message})` });
  // A malformed address fails at the first check, as one pointing nowhere does.
  const conn: StandbyConnection = await openStandby(url, gone);
  let primary: Identity | undefined;

  /** The primary's own identity, read once (asked again at the next check while it does not answer). */
  const primaryIdentity = async () => {
    const result = await database.db.execute(sql.raw(`select ${IDENTITY}`)).catch(() => undefined);
    return (result as { rows: Identity[] } | undefined)?.rows[0];
  };

  const check = async () => {
    primary ??= await primaryIdentity();
    if (primary) {
      try {
        const c = await conn.queryRow<Check>(CHECK_SQL, 5000);
        if (!c) throw new Error('no answer to the health check');
        if (c.streaming && c.caught_up) current = new Date(c.now);
        become(judge(c, primary, current, config.readMaxLagSeconds));
      } catch (err) {
        gone(err instanceof Error ? err : new Error(String(err)));
      }
    }
    if (!closed) timer = setTimeout(() => void check(), config.readCheckSeconds * 1000).unref();
  };
  void check();

  return {
    reading: () => (state.kind === 'up' ? { db: conn.db, asOf: state.asOf } : undefined),
    failed(err) {
      if (standbyGone(err)) {
        gone(err instanceof Error ? err : new Error(String(err)));
        return true;
      }
      return recoveryConflict(err);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await conn.close();
    },
  };
}
