// The reads of public verifications (issue 29 item 5), shared: static codes asked while the database
// is busy wait in line and are then looked up together, up to `maxRows` codes of one company in one
// statement (verify-details.ts lookupStatics), with at most `maxInFlight` statements at work at once.
// A code's company is its series' route (code-routes.ts), kept in memory: the statement names it, so
// under Citus it reads one company's shard, and no global lookup finds it. Starting the statement
// costs more than a code's share of its work, so under load the line itself makes the lists long,
// and an idle server looks each code up at once, alone. The rare reads of the general path (a code
// that is not static, or not mapped) take a slot each. Past `queue` waiting, a caller is refused
// (VerifyBusy: the route's 429), so a flood costs memory for no more than that.
import type { ParsedUid } from '../../shared/codes.js';
import type { Tx } from './ranges.js';
import { companyOfCode, staticRoutes } from './code-routes.js';
import { lookupStatics, UNROUTED, type StaticAsk, type StaticLookup } from './verify-details.js';

/** The line is full: try again later. */
export class VerifyBusy extends Error {
  constructor() {
    super('verifications waiting: too many');
  }
}

/** The reads a verification makes: a static code's lookup, and any other read work, alone. */
export interface VerifyReadsOf {
  lookup(code: ParsedUid, state: string | null, day: string): Promise<StaticLookup>;
  alone<T>(work: () => Promise<T>): Promise<T>;
}

/** Each read at once, on its own (a caller without a line: tests, scripts). */
export const directReads = (tx: Tx): VerifyReadsOf => ({
  async lookup(code, state, day) {
    const company = await companyOfCode(tx, code, code.serial);
    return company === null ? UNROUTED : (await lookupStatics(tx, company, [{ code, state, day }]))[0]!;
  },
  alone: (work) => work(),
});

/** The static series' routes in memory: loaded at first use, again when a prefix is not found (at most
 *  once every `missMs`: a new factory's codes are found within that) and when older than `maxAgeMs`
 *  (a prefix, once set, stays its company's; this only bounds a surprise). */
export class StaticRoutes {
  private routes: Map<string, number> | null = null;
  private loadedAt = 0;
  private loading: Promise<Map<string, number>> | null = null;

  constructor(
    private readonly db: Tx,
    private readonly o = { missMs: 1000, maxAgeMs: 300_000 },
    private readonly now = Date.now,
  ) {}

  async companyOf(prefix: string): Promise<number | null> {
    const p = prefix.toUpperCase();
    const age = this.now() - this.loadedAt;
    let routes = this.routes;
    if (!routes || age > this.o.maxAgeMs || (!routes.has(p) && age > this.o.missMs)) routes = await this.load();
    return routes.get(p) ?? null;
  }

  private load(): Promise<Map<string, number>> {
    this.loading ??= staticRoutes(this.db)
      .then((routes) => {
        this.routes = routes;
        this.loadedAt = this.now();
        return routes;
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }
}

export interface ReadOptions {
  maxInFlight: number;
  maxRows: number;
  queue: number;
}

type Waiting =
  | { ask: StaticAsk; company: number; done: (r: StaticLookup) => void; fail: (e: unknown) => void }
  | { work: () => Promise<unknown>; done: (r: unknown) => void; fail: (e: unknown) => void };

export class VerifyReads implements VerifyReadsOf {
  private line: Waiting[] = [];
  private atWork = 0;
  private readonly routes: StaticRoutes;

  constructor(
    private readonly db: Tx,
    private readonly o: ReadOptions,
  ) {
    this.routes = new StaticRoutes(db);
  }

  async lookup(code: ParsedUid, state: string | null, day: string): Promise<StaticLookup> {
    const company = await this.routes.companyOf(code.prefix);
    if (company === null) return UNROUTED;
    return new Promise((done, fail) => this.wait({ ask: { code, state, day }, company, done, fail }));
  }

  alone<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((done, fail) => this.wait({ work, done: done as (r: unknown) => void, fail }));
  }

  private wait(w: Waiting) {
    if (this.line.length >= this.o.queue) return w.fail(new VerifyBusy());
    this.line.push(w);
    this.next();
  }

  /** Starts work while slots are free: the first in line alone, or every lookup waiting of the first
   *  one's company (up to maxRows) in one statement. */
  private next() {
    while (this.atWork < this.o.maxInFlight && this.line.length > 0) {
      const first = this.line[0]!;
      if ('work' in first) {
        this.line.shift();
        this.run(first.work(), (r) => first.done(r), first.fail);
        continue;
      }
      const lookups: Extract<Waiting, { ask: StaticAsk }>[] = [];
      this.line = this.line.filter((w) => {
        if (!('ask' in w) || w.company !== first.company || lookups.length >= this.o.maxRows) return true;
        lookups.push(w);
        return false;
      });
      this.run(
        lookupStatics(
          this.db,
          first.company,
          lookups.map((w) => w.ask),
        ),
        (found) => lookups.forEach((w, i) => w.done(found[i]!)),
        (e) => lookups.forEach((w) => w.fail(e)),
      );
    }
  }

  private run<T>(work: Promise<T>, done: (r: T) => void, fail: (e: unknown) => void) {
    this.atWork++;
    void work.then(done, fail).finally(() => {
      this.atWork--;
      // The next work starts on a later turn of the event loop: with PGlite (in process) a line of
      // verifications would otherwise run as one chain of promise callbacks, and no other request
      // (an admin's list) would be read until the line was empty.
      setImmediate(() => this.next());
    });
  }
}
