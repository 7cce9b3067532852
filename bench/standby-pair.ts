// The reports benchmark's --standby: a PostgreSQL 15 primary and streaming standby of its own
// (tests/helpers/pg-standby.ts: as the postgres user, under /tmp, the stock settings with fsync off), on
// ports 5475/5476, and a wait until the standby has replayed everything the primary has written. With
// --keep the pair lives in KEPT_PAIR_DIR and is left running; --reuse starts it again from there.
import { startReplicated } from '../tests/helpers/pg-standby.js';

const PORTS = { primary: 5475, standby: 5476 };
/** The folder of a pair the bench keeps (--keep) and measures again (--reuse). */
export const KEPT_PAIR_DIR = '/tmp/ft-bench-pair';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface StandbyPair {
  /** The primary's postgres database, as the superuser: where the bench makes its database. */
  primaryUrl: string;
  /** The standby's copy of a database made on the primary. */
  standbyUrlOf(database: string): string;
  /** Resolves once the standby has replayed the primary's WAL as it stands now. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A new pair (in KEPT_PAIR_DIR when `kept`), or (`resume`) the kept one started again. */
export async function startStandbyPair(how: { kept?: boolean; resume?: boolean } = {}): Promise<StandbyPair> {
  const pair = await startReplicated(PORTS, how.kept || how.resume ? { dir: KEPT_PAIR_DIR, resume: how.resume } : {});
  const standbyUrlOf = (database: string) => {
    const u = new URL(pair.standbyUrl);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const caughtUp = async (timeoutMs = 3_600_000) => {
    const target = (await pair.query<{ lsn: string }>('primary', 'select pg_current_wal_lsn()::text as lsn'))!.lsn;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await pair.query<{ done: boolean }>(
        'standby',
        `select coalesce(pg_last_wal_replay_lsn() >= '${target}'::pg_lsn, false) as done`,
      );
      if (r?.done) return;
      if (Date.now() > deadline) throw new Error(`the standby did not replay up to ${target} in time`);
      await sleep(500);
    }
  };
  return { primaryUrl: pair.primaryUrl, standbyUrlOf, caughtUp, stop: pair.stop };
}
