// Limits kept in this process's memory, for a public call that must stay cheap under a flood
// (VerifyProduct): no database write per request, so refusing costs nothing. Per instance: with N
// instances an address gets N times the limit, which is fine for a flood guard (sign-in keeps its
// limits in the database, auth/rate-limit.ts, since there they guard against guessing).

/** Fixed windows: `limit` hits per key per window of `seconds`. */
export class MemoryWindow {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly seconds = 60,
    private readonly maxKeys = 200_000,
    private readonly now = Date.now,
  ) {}

  /** Counts a hit; true when the key is now over the limit (or the window holds too many keys: a
   *  flood from that many addresses at once is refused whole rather than held in memory). */
  hit(key: string): boolean {
    const w = Math.floor(this.now() / 1000 / this.seconds);
    if (w !== this.window) {
      this.window = w;
      this.counts.clear();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    if (n === 1 && this.counts.size >= this.maxKeys) return true;
    this.counts.set(key, n);
    return n > this.limit;
  }
}
