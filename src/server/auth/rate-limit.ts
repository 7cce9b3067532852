// Fixed-window counters in the database, so the limit holds across several instances.
import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.js';
import { rateHits } from '../db/schema.js';

/**
 * The address a limit counts: IPv4 as is (also when seen through an IPv6 socket), IPv6 by its /64,
 * since one subscriber usually holds a whole /64 and could otherwise change address at every try.
 */
export function limitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one hit against key; answers whether the key is now over `limit` in its window. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const windowStart = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
    const [row] = await this.db
      .insert(rateHits)
      .values({ key, windowStart, hits: 1 })
      .onConflictDoUpdate({ target: [rateHits.key, rateHits.windowStart], set: { hits: sql`${rateHits.hits} + 1` } })
      .returning({ hits: rateHits.hits });
    if (Math.random() < 0.01) void this.sweep();
    return (row?.hits ?? 0) > limit;
  }

  /** Reads the count without adding to it. */
  async over(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const windowStart = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
    const rows = await this.db
      .select({ hits: rateHits.hits })
      .from(rateHits)
      .where(sql`${rateHits.key} = ${key} and ${rateHits.windowStart} = ${windowStart}`);
    return (rows[0]?.hits ?? 0) >= limit;
  }

  private async sweep(): Promise<void> {
    const dayAgo = Math.floor(Date.now() / 1000) - 86_400;
    await this.db
      .delete(rateHits)
      .where(sql`${rateHits.windowStart} < ${dayAgo}`)
      .catch(() => undefined);
  }
}
