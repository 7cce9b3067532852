// Work the device made that is neither on the server nor in its store any more (docs/floor.md "Device
// health"). Every entry gets the next sequence number (offline/device-seq.ts); the server keeps the
// highest one it answered for good from this device. An entry above that number has not been answered,
// so nothing on the device may have removed it (only an answered entry is pruned or discarded): each
// such number missing from the store is work the server never got and the device has lost.

export interface GapFacts {
  /** The highest seq the device ever gave. */
  created: number;
  /** The highest seq the server answered for good from this device. */
  acked: number;
  /** Numbers up to this one are not looked at: given before the device had its id, or a loss already
   *  shown and confirmed. */
  from: number;
  /** The seqs still in the store. */
  held: ReadonlySet<number>;
}

export interface Gap {
  /** The lost sequence numbers, in order. */
  missing: number[];
  /** The entry still held just before the first lost one, and just after the last (their times say
   *  when the lost work was done), if any. */
  heldBefore: number | null;
  heldAfter: number | null;
}

/** The lost work, or null when nothing is missing. */
export function findGap(f: GapFacts): Gap | null {
  const low = Math.max(f.acked, f.from);
  const missing: number[] = [];
  for (let s = low + 1; s <= f.created; s++) if (!f.held.has(s)) missing.push(s);
  if (missing.length === 0) return null;
  const first = missing[0]!;
  const last = missing[missing.length - 1]!;
  let heldBefore: number | null = null;
  let heldAfter: number | null = null;
  for (const s of f.held) {
    if (s < first && (heldBefore === null || s > heldBefore)) heldBefore = s;
    if (s > last && (heldAfter === null || s < heldAfter)) heldAfter = s;
  }
  return { missing, heldBefore, heldAfter };
}

/** Numbers as runs: 3, 4, 5, 9 reads '3–5, 9'. */
export function seqRuns(seqs: readonly number[]): string {
  const runs: string[] = [];
  let i = 0;
  while (i < seqs.length) {
    let j = i;
    while (j + 1 < seqs.length && seqs[j + 1] === seqs[j]! + 1) j++;
    runs.push(j === i ? String(seqs[i]) : `${seqs[i]}–${seqs[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}
