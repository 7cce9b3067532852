// What a scan answers with, without the DOM: the text a screen is given, the verdict's tone and
// vibration, and the camera's repeat filter. The box (scan-box.tsx) plays them; tests read them here.
import { scannedUid } from '@shared/codes.js';
import { en } from './words/en.js';

/** A screen's answer to one scan: the box shows `message` in large type, green or red by `ok`. */
export interface ScanVerdict {
  ok: boolean;
  message: string;
}

export interface ToneSpec {
  hz: number;
  ms: number;
  wave: OscillatorType;
}

export interface Feedback {
  tone: ToneSpec;
  /** navigator.vibrate's pattern, in ms. */
  vibrate: number[];
}

// metasfresh's beeps (FLOOR.md): a short high one for success, a long low buzz for an error, so the
// two are told apart on a loud floor without looking. The error vibrates twice for the same reason.
export const FEEDBACK: Record<'ok' | 'error', Feedback> = {
  ok: { tone: { hz: 1000, ms: 90, wave: 'sine' }, vibrate: [80] },
  error: { tone: { hz: 150, ms: 400, wave: 'square' }, vibrate: [150, 80, 150] },
};

export const feedbackOf = (verdict: ScanVerdict): Feedback => FEEDBACK[verdict.ok ? 'ok' : 'error'];

/** Shown when a screen's onScan throws or rejects: the scan still answers, in red. */
export const SCAN_FAILED: ScanVerdict = { ok: false, message: en.scanFailed };

/** What the box says while its screen reads what scans are judged on, and how many scans wait for it. */
export const gettingReadyText = (waiting: number): string =>
  waiting === 0 ? en.gettingReady : en.scansWaiting(waiting);

/** The text a screen is given: trimmed, and a QR URL (`…/P?U=<uid>`, or a GS1 Digital Link
 *  `…/01/…/21/<uid>`) reduced to its uid. Any other text without '=' is left whole (a slip id or a
 *  typed number may hold what scannedUid would cut at); null when nothing is left. */
export function scanText(raw: string): string | null {
  const s = raw.trim();
  if (s === '') return null;
  if (!s.includes('=') && !s.includes('/01/')) return s;
  const uid = scannedUid(s);
  // A URL with nothing after '=' goes on whole, so the screen answers it rather than nothing happening.
  return uid === '' ? s : uid;
}

/** The camera sees a code in every frame it is held in front of: a code seen again within
 *  `cooldownMs` of its last sighting is the same pack, not a new scan. The cooldown runs from the last
 *  sighting (not the accepted scan) so a pack left in view is not scanned again every two seconds and
 *  answered "already scanned". A different code is taken at once. */
export interface RepeatFilter {
  accept(code: string, at: number): boolean;
  reset(): void;
}

export function createRepeatFilter(cooldownMs: number): RepeatFilter {
  let last: string | null = null;
  let seen = Number.NEGATIVE_INFINITY;
  return {
    accept(code, at) {
      const repeat = code === last && at - seen < cooldownMs;
      last = code;
      seen = at;
      return !repeat;
    },
    reset() {
      last = null;
      seen = Number.NEGATIVE_INFINITY;
    },
  };
}

/** Runs scans one after another in arrival order, whatever each screen answer's speed, and turns a
 *  throw or rejection into SCAN_FAILED: a burst of scans is answered in the order it was made. Each
 *  scan waits for `ready` first (ready-gate.ts: the screen has read what scans are judged on). */
export function createScanQueue(
  onScan: (code: string) => ScanVerdict | Promise<ScanVerdict>,
  answer: (code: string, verdict: ScanVerdict) => void,
  ready: () => Promise<void> = () => Promise.resolve(),
): (code: string) => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  return (code) => {
    tail = tail.then(async () => {
      await ready();
      let verdict: ScanVerdict;
      try {
        verdict = await onScan(code);
      } catch {
        verdict = SCAN_FAILED;
      }
      answer(code, verdict);
    });
    return tail;
  };
}
