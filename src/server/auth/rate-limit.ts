// Fixed-window counters in the database, so the limit holds across several instances.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.js';
import { rateHits } from '../db/schema.js';

export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one hit against key; answers whether the key is now over `limit` in its window. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const windowStart = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
    const [row] = await this.db.insert(rateHits).values({ key, windowStart, hits: 1 })
      .onConflictDoUpdate({ target: [rateHits.key, rateHits.windowStart], set: { hits: sql`${rateHits.hits} + 1` } })
      .returning({ hits: rateHits.hits });
    if (Math.random() < 0.01) void this.sweep();
    return (row?.hits ?? 0) > limit;
  }

  /** Reads the count without adding to it. */
  async over(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const windowStart = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
    const rows = await this.db.select({ hits: rateHits.hits }).from(rateHits)
      .where(sql`${rateHits.key} = ${key} and ${rateHits.windowStart} = ${windowStart}`);
    return (rows[0]?.hits ?? 0) >= limit;
  }

  private async sweep(): Promise<void> {
    const dayAgo = Math.floor(Date.now() / 1000) - 86_400;
    await this.db.delete(rateHits).where(sql`${rateHits.windowStart} < ${dayAgo}`).catch(() => undefined);
  }
}
