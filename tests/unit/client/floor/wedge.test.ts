// The wedge detector against the timings handheld scanners really use (0 to 150 ms between keys, Enter,
// Tab or no suffix at all, long codes in chunks) and against a person typing in the same box.
import { describe, expect, it } from 'vitest';
import {
  createWedge,
  isWholeCode,
  wholerScan,
  type KeyVerdict,
  type Wedge,
} from '../../../../src/client/floor/wedge.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';
import { codeUrl } from '../../../../src/shared/codes.js';

const codes = codeMac('wedge test secret');
const UID = codes.make({ kind: 'S', prefix: 'KA' }, 4217);
const URL_CODE = codeUrl('https://trace.example.in', UID);

/** Types `text` from `start` ms with `gap` ms between keys, then `end` (if any) `gap` ms later. */
function type(
  w: Wedge,
  text: string,
  gap: number,
  start = 1000,
  end?: 'Enter' | 'Tab',
): { verdicts: KeyVerdict[]; at: number } {
  const verdicts: KeyVerdict[] = [];
  let at = start;
  [...text].forEach((ch, i) => {
    at = start + i * gap;
    verdicts.push(w.key(ch, at));
  });
  if (end) {
    at += gap;
    verdicts.push(w.key(end, at));
  }
  return { verdicts, at };
}
const scans = (v: KeyVerdict[]) => v.flatMap((x) => (x.scan === undefined ? [] : [x.scan]));

describe('a scanner with a suffix', () => {
  it.each([0, 7, 20, 50, 100, 150])('keys %i ms apart ending in Enter make one scan of the whole text', (gap) => {
    const w = createWedge({ isComplete: isWholeCode });
    const { verdicts } = type(w, URL_CODE, gap, 1000, 'Enter');
    expect(scans(verdicts)).toEqual([URL_CODE]);
    // Every key after the first is claimed, the Enter too: it must not submit a form as well.
    expect(verdicts.slice(1).every((v) => v.claimed)).toBe(true);
    expect(verdicts[0]!.claimed).toBe(false);
  });

  it.each([7, 150])('keys %i ms apart ending in Tab make a scan, and the Tab is claimed (focus stays)', (gap) => {
    const w = createWedge({ isComplete: isWholeCode });
    const { verdicts } = type(w, 'SID26KA00042', gap, 0, 'Tab');
    expect(verdicts.at(-1)).toEqual({ scan: 'SID26KA00042', claimed: true });
  });

  it('keys 151 ms apart are a person: their Enter is left to the box', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const { verdicts } = type(w, 'SID26KA00042', 151, 0, 'Enter');
    expect(scans(verdicts)).toEqual([]);
    expect(verdicts.every((v) => !v.claimed)).toBe(true);
  });

  it('scans back to back, a quarter of a second apart, are two scans', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const first = type(w, 'SID26KA00042', 5, 0, 'Enter');
    const second = type(w, 'SID26KA00043', 5, first.at + 250, 'Enter');
    expect([...scans(first.verdicts), ...scans(second.verdicts)]).toEqual(['SID26KA00042', 'SID26KA00043']);
  });

  it('a scanner that marks its keys with Alt or types capitals with Shift still makes one scan', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const out: KeyVerdict[] = [];
    let at = 0;
    for (const ch of 'TID26KA00007') {
      out.push(w.key('Alt', at), w.key('Shift', at));
      out.push(w.key(ch, (at += 3)));
    }
    out.push(w.key('Enter', at + 3));
    expect(scans(out)).toEqual(['TID26KA00007']);
  });

  it('two fast keys and Enter are a stray press, not a scan', () => {
    const w = createWedge({ isComplete: isWholeCode });
    expect(scans(type(w, '12', 5, 0, 'Enter').verdicts)).toEqual([]);
  });

  it('an Enter long after a burst is a person pressing it: left to the box', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const { at } = type(w, 'ABCDEFGH', 5, 0);
    expect(w.key('Enter', at + 600)).toEqual({ claimed: false });
  });
});

describe('a scanner without a suffix', () => {
  it('a whole code ends the scan once the keys have stopped for the quiet time', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const { verdicts, at } = type(w, URL_CODE, 10);
    expect(scans(verdicts)).toEqual([]);
    expect(w.idle(at + 100)).toBeNull();
    expect(w.idle(at + 200)).toBe(URL_CODE);
    // Taken once: the next idle tick has nothing.
    expect(w.idle(at + 400)).toBeNull();
  });

  it('a long code that arrives in two chunks a second apart is one scan', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const half = Math.floor(URL_CODE.length / 2);
    const one = type(w, URL_CODE.slice(0, half), 4);
    expect(w.idle(one.at + 500)).toBeNull();
    const two = type(w, URL_CODE.slice(half), 4, one.at + 1000);
    expect(w.idle(two.at + 250)).toBe(URL_CODE);
  });

  it('text that is not a whole code waits for Enter instead of being sent half-read', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const { at } = type(w, URL_CODE.slice(0, -3), 4);
    expect(w.idle(at + 5000)).toBeNull();
  });

  it('a person typing a whole code slowly is never sent without their Enter', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const { at } = type(w, 'SID26KA00042', 400);
    expect(w.idle(at + 5000)).toBeNull();
  });

  it('reset forgets a burst the screen took another way', () => {
    const w = createWedge({ isComplete: isWholeCode });
    const { at } = type(w, 'SID26KA00042', 5);
    w.reset();
    expect(w.idle(at + 300)).toBeNull();
    expect(w.key('Enter', at + 5)).toEqual({ claimed: false });
  });
});

describe('a stall inside a scan (a busy device)', () => {
  it("keys held up past the gap cut the burst's start off; the box's whole text is the scan", () => {
    const w = createWedge({ isComplete: isWholeCode });
    // The first key, then 400 ms of nothing, then the rest at scanner speed and Enter.
    w.key(UID[0]!, 1000);
    const { verdicts } = type(w, UID.slice(1), 3, 1400, 'Enter');
    const [cut] = scans(verdicts);
    expect(cut).toBe(UID.slice(1));
    expect(wholerScan(cut!, UID)).toBe(UID);
  });
  it("keeps the wedge's scan when the box holds a person's text before it, or the scan is whole", () => {
    expect(wholerScan(UID, `abc${UID}`)).toBe(UID);
    expect(wholerScan('SID26KA00042', 'SID26KA00042')).toBe('SID26KA00042');
    expect(wholerScan(UID.slice(3), `xy${UID.slice(1)}`)).toBe(UID.slice(3));
  });
});

describe('whole codes by content', () => {
  it('knows a uid, its QR URL and carton and dispatch ids, in any case', () => {
    for (const t of [UID, URL_CODE, UID.toLowerCase(), 'SID26KA00042', 'tid26ka00042', 'DID26KA123456'])
      expect(isWholeCode(t), t).toBe(true);
  });
  it('refuses a truncated uid, a PID and words', () => {
    for (const t of [UID.slice(0, -1), URL_CODE.slice(0, -2), 'PID4217', 'SID26KA', 'hello'])
      expect(isWholeCode(t), t).toBe(false);
  });
});
