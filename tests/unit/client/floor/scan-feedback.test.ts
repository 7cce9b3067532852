// What a scan hands the screen and how the box answers: a QR URL reduced to its uid, distinct tones
// and vibrations for ok and error, the camera's repeat filter, and verdicts kept in scan order.
import { describe, expect, it } from 'vitest';
import {
  createRepeatFilter,
  createScanQueue,
  FEEDBACK,
  feedbackOf,
  SCAN_FAILED,
  scanText,
  type ScanVerdict,
} from '../../../../src/client/floor/scan-feedback.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';
import { codeUrl } from '../../../../src/shared/codes.js';
import { digitalLink } from '../../../../src/shared/digital-link.js';

const UID = codeMac('scan feedback test').make({ kind: 'S', prefix: 'KA' }, 4217);

describe('scanText', () => {
  it('reduces a QR URL to its uid, with or without spaces around it', () => {
    expect(scanText(codeUrl('https://trace.example.in', UID))).toBe(UID);
    expect(scanText(`  ${codeUrl('https://trace.example.in/', UID)}\n`)).toBe(UID);
  });

  it('reduces a GS1 Digital Link to its serial, the uid, with its dates or without', () => {
    const link = { gtin: '08901030793912', batch: 'B-7', uid: UID, mfg: '260401', exp: '280331' };
    expect(scanText(digitalLink('https://trace.example.in', link)!)).toBe(UID);
    expect(scanText(digitalLink('https://trace.example.in', { ...link, mfg: '', exp: '' })!)).toBe(UID);
  });

  it('keeps a text without "=" whole, only trimmed: a slip id, a uid, a typed number', () => {
    expect(scanText(' SID26KA00042 ')).toBe('SID26KA00042');
    expect(scanText(UID)).toBe(UID);
    expect(scanText('PID 12')).toBe('PID 12');
  });

  it('gives nothing for an empty or blank scan, and a URL with nothing after "=" whole', () => {
    expect(scanText('')).toBeNull();
    expect(scanText('   \t')).toBeNull();
    expect(scanText('https://x.in/P?U=')).toBe('https://x.in/P?U=');
  });
});

describe('feedback', () => {
  it('beeps high and short for ok, low and long for an error, and vibrates twice for an error', () => {
    const ok = feedbackOf({ ok: true, message: 'Added' });
    const error = feedbackOf({ ok: false, message: 'Already scanned' });
    expect(ok).toBe(FEEDBACK.ok);
    expect(error).toBe(FEEDBACK.error);
    expect(ok.tone.hz).toBe(1000);
    expect(ok.tone.ms).toBeLessThanOrEqual(150);
    expect(error.tone.hz).toBeGreaterThanOrEqual(100);
    expect(error.tone.hz).toBeLessThanOrEqual(200);
    expect(error.tone.ms).toBeGreaterThan(ok.tone.ms * 2);
    expect(ok.vibrate).toHaveLength(1);
    expect(error.vibrate.length).toBeGreaterThan(1);
  });
});

describe('the camera repeat filter', () => {
  it('takes a code once while it stays in view, and again after it was gone for the cooldown', () => {
    const f = createRepeatFilter(2000);
    expect(f.accept('A', 0)).toBe(true);
    // Seen every 150 ms for 5 s: still the same pack.
    for (let t = 150; t <= 5000; t += 150) expect(f.accept('A', t)).toBe(false);
    // Out of view for 2 s, then back: a new scan (the operator means it).
    expect(f.accept('A', 4950 + 2000)).toBe(true);
  });

  it('takes a different code at once, and the first again at once after it', () => {
    const f = createRepeatFilter(2000);
    expect(f.accept('A', 0)).toBe(true);
    expect(f.accept('B', 150)).toBe(true);
    expect(f.accept('A', 300)).toBe(true);
    expect(f.accept('A', 450)).toBe(false);
  });

  it('counts the cooldown exclusive of its end, and forgets on reset', () => {
    const f = createRepeatFilter(2000);
    expect(f.accept('A', 0)).toBe(true);
    expect(f.accept('A', 1999)).toBe(false);
    expect(f.accept('A', 3999)).toBe(true);
    f.reset();
    expect(f.accept('A', 4000)).toBe(true);
  });
});

describe('the scan queue', () => {
  it('answers scans in the order they came, whatever each answer takes', async () => {
    const answered: string[] = [];
    const delays: Record<string, number> = { A: 30, B: 0, C: 10 };
    const submit = createScanQueue(
      (code) => new Promise<ScanVerdict>((r) => setTimeout(() => r({ ok: true, message: code }), delays[code])),
      (code, v) => answered.push(`${code}:${v.message}`),
    );
    await Promise.all(['A', 'B', 'C'].map(submit));
    expect(answered).toEqual(['A:A', 'B:B', 'C:C']);
  });

  it('answers a screen that throws or rejects in red, and goes on with the next scan', async () => {
    const answered: ScanVerdict[] = [];
    const submit = createScanQueue(
      (code) => {
        if (code === 'throw') throw new Error('bug');
        if (code === 'reject') return Promise.reject(new Error('bug'));
        return { ok: true, message: 'Added' };
      },
      (_c, v) => answered.push(v),
    );
    await submit('throw');
    await submit('reject');
    await submit('fine');
    expect(answered).toEqual([SCAN_FAILED, SCAN_FAILED, { ok: true, message: 'Added' }]);
  });
});
