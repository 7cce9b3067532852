// Timing and formatting helpers shared by the benchmarks.
import { performance } from 'node:perf_hooks';

/** Durations in milliseconds, kept in a typed array so 100 k samples cost nothing to hold. */
export class Timings {
  private values: Float64Array;
  private n = 0;
  constructor(capacity: number) {
    this.values = new Float64Array(Math.max(1, capacity));
  }
  add(ms: number): void {
    if (this.n === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.n++] = ms;
  }
  get count(): number {
    return this.n;
  }
  summary(): Summary {
    const sorted = this.values.slice(0, this.n).sort();
    const at = (q: number) => (this.n === 0 ? 0 : sorted[Math.min(this.n - 1, Math.ceil(q * this.n) - 1)]!);
    let total = 0;
    for (let i = 0; i < this.n; i++) total += sorted[i]!;
    return {
      count: this.n,
      totalMs: total,
      meanMs: this.n ? total / this.n : 0,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      max: at(1),
    };
  }
}

export interface Summary {
  count: number;
  totalMs: number;
  meanMs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export const now = () => performance.now();

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);
export const fmtMB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A plain text table: first row is the header. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
