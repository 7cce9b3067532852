// The reports benchmark's --standby: a PostgreSQL 15 primary and streaming standby of its own
// (tests/helpers/pg-standby.ts: as the postgres user, under /tmp, the stock settings with fsync off), on
// ports 5475/5476, and a wait until the standby has replayed everything the primary has written.
import { startReplicated } from '../tests/helpers/pg-standby.js';

const PORTS = { primary: 5475, standby: 5476 };
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

export async function startStandbyPair(): Promise<StandbyPair> {
  const pair = await startReplicated(PORTS);
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
