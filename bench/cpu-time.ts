// CPU time (user + system) spent by the processes of a benchmark, read from /proc (Linux): what a run
// costs in CPU, which stays comparable while other work shares the machine (its wall-clock figures
// do not). The server is its process group (tsx and its node); PostgreSQL is the backends of one
// database.
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`: 100 on Linux). */
const TICK_MS = 10;

/** A process's group and CPU milliseconds so far; null once it has gone. */
function cpuOf(pid: number): { group: number; ms: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces and parentheses): state is the first.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { group: Number(f[2]), ms: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** CPU milliseconds of every process in a process group. */
export function groupCpuMs(group: number): number {
  let ms = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = cpuOf(Number(name));
    if (p?.group === group) ms += p.ms;
  }
  return ms;
}

/** CPU milliseconds of each PostgreSQL backend connected to `database` (this client's own aside), by pid. */
export async function backendCpu(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return new Map(rows.map((r) => [r.pid, cpuOf(r.pid)?.ms ?? 0]));
}

/** The backends' CPU milliseconds between two readings: of those connected at the second (a backend
 *  that left in between takes its time with it: the pool keeps its connections while it works). */
export const backendCpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((ms, [pid, now]) => ms + now - (before.get(pid) ?? 0), 0);
