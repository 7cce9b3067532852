// Scans wait while a screen reads what they are judged on (ready-gate.ts and the scan queue): none is
// judged before the gate opens, all are answered in the order they came once it does, a gate closed
// again holds the next ones, and the box says how many wait.
import { describe, expect, it } from 'vitest';
import { createReadyGate } from '../../../../src/client/floor/ready-gate.js';
import { createScanQueue, gettingReadyText, type ScanVerdict } from '../../../../src/client/floor/scan-feedback.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A screen whose answer reads its facts when the scan is judged, and the queue in front of it. */
function screen(open: boolean) {
  const gate = createReadyGate(open);
  const facts = { queued: new Set<string>() };
  const judged: string[] = [];
  const answered: string[] = [];
  const submit = createScanQueue(
    (code): ScanVerdict => {
      judged.push(code);
      return facts.queued.has(code) ? { ok: false, message: `${code} already packed` } : { ok: true, message: code };
    },
    (_code, v) => answered.push(v.message),
    gate.passed,
  );
  return { gate, facts, judged, answered, submit };
}

describe('the ready gate', () => {
  it('holds every scan until the screen is ready, then judges them in order on all the facts', async () => {
    const s = screen(false);
    const done = Promise.all(['KA1', 'KA2', 'KA3'].map(s.submit));
    await tick();
    expect(s.judged).toEqual([]);
    // The queued work is read: KA2 is in a carton queued on this device.
    s.facts.queued.add('KA2');
    s.gate.set(true);
    await done;
    expect(s.answered).toEqual(['KA1', 'KA2 already packed', 'KA3']);
  });

  it('passes at once when open, and holds the next scans again once closed', async () => {
    const s = screen(true);
    await s.submit('KA1');
    expect(s.answered).toEqual(['KA1']);
    s.gate.set(false);
    const next = s.submit('KA2');
    await tick();
    expect(s.judged).toEqual(['KA1']);
    s.gate.set(true);
    await next;
    expect(s.answered).toEqual(['KA1', 'KA2']);
  });

  it('opened and closed again before a waiting scan runs, keeps holding it', async () => {
    const gate = createReadyGate(false);
    let passed = false;
    void gate.passed().then(() => (passed = true));
    gate.set(true);
    gate.set(false);
    await tick();
    expect(passed).toBe(false);
    gate.set(true);
    await tick();
    expect(passed).toBe(true);
  });
});

describe('the box while it gets ready', () => {
  it('says it is getting ready, and how many scans wait', () => {
    expect(gettingReadyText(0)).toMatch(/^Getting ready/);
    expect(gettingReadyText(1)).toBe('Getting ready: 1 scan waiting…');
    expect(gettingReadyText(3)).toBe('Getting ready: 3 scans waiting…');
  });
});
