// Tells a handheld scanner's keystrokes (keyboard wedge) from a person's, without the DOM: fed each
// key with its time, it says when a scan is complete. A scanner types a code with 0 to ~100 ms between
// keys (Zebra and Honeywell default to 0; Odoo allows 100 ms, 150 ms on a slow setting) and ends it
// with Enter or Tab, or with nothing where the suffix is switched off: then the code is complete when
// its content is (a whole code) and the keys have stopped (FLOOR.md, "Handheld scanners").
// A person's keys, further apart, are left alone: their Enter is the scan box's own.
import { parseSlipId, parseUid, scannedUid } from '@shared/codes.js';

export interface WedgeOptions {
  /** Longest gap between two keys of one scan, inclusive. */
  maxGapMs: number;
  /** Fewer characters than this are never a scan (a stray key press or two). */
  minLength: number;
  /** Silence after the last key that ends a scan sent without a terminator, when its content is whole. */
  quietMs: number;
  /** A burst that is not yet a whole code goes on with keys up to this long after its last one: long
   *  QR codes can arrive in chunks a second or more apart. */
  chunkGapMs: number;
  /** Whether text is a whole code (a code's URL, uid, PID, SID, TID or DID). */
  isComplete: (text: string) => boolean;
}

export const WEDGE_DEFAULTS: Omit<WedgeOptions, 'isComplete'> = {
  maxGapMs: 150,
  minLength: 3,
  quietMs: 200,
  chunkGapMs: 3000,
};

export interface KeyVerdict {
  /** The key ended a scan: this text. */
  scan?: string;
  /** The key belongs to a scanner's burst (a terminator included): the screen keeps it from moving
   *  focus or submitting a form. The first key of a burst cannot be told from a person's yet. */
  claimed: boolean;
}

export interface Wedge {
  /** A key pressed at `at` ms: `key` as KeyboardEvent.key ('A', '7', 'Enter', 'Tab', 'Shift'...). */
  key(key: string, at: number): KeyVerdict;
  /** No key since the last one, at `at` ms: the scan a burst without a terminator made, or null.
   *  Call it on a timer (quietMs after the last key); an incomplete burst stays for Enter or more keys. */
  idle(at: number): string | null;
  /** Forgets the burst in progress (the screen took the text some other way). */
  reset(): void;
}

export function createWedge(options: Partial<WedgeOptions> & Pick<WedgeOptions, 'isComplete'>): Wedge {
  const o: WedgeOptions = { ...WEDGE_DEFAULTS, ...options };
  let text = '';
  let last = Number.NEGATIVE_INFINITY;
  /** At least one key of `text` came within maxGapMs of the one before: a machine typed it. */
  let burst = false;

  const reset = () => {
    text = '';
    last = Number.NEGATIVE_INFINITY;
    burst = false;
  };
  const long = () => burst && text.trim().length >= o.minLength;

  return {
    key(key, at) {
      const gap = at - last;
      if (key === 'Enter' || key === 'Tab') {
        // A scanner sends its suffix straight after the code; a person's late Enter is the box's own.
        const scan = long() && gap <= o.maxGapMs ? text.trim() : undefined;
        reset();
        return scan === undefined ? { claimed: false } : { scan, claimed: true };
      }
      // Shift, Alt (some scanners mark their keys with it), arrows: not characters of the code.
      if (key.length !== 1) return { claimed: burst && gap <= o.maxGapMs };
      if (gap <= o.maxGapMs) {
        text += key;
        burst = text.length > 1;
      } else if (long() && gap <= o.chunkGapMs && !o.isComplete(text.trim())) {
        text += key; // the next chunk of a long code
      } else {
        text = key;
        burst = false;
      }
      last = at;
      return { claimed: burst };
    },
    idle(at) {
      if (!long() || at - last < o.quietMs || !o.isComplete(text.trim())) return null;
      const scan = text.trim();
      reset();
      return scan;
    },
    reset,
  };
}

/** A whole code by its content: a pack's uid or its QR URL, or a carton or dispatch id. (A PID is not:
 *  PID12 may be the start of PID123; a scanner without a suffix is not used on those.) */
export function isWholeCode(text: string): boolean {
  return parseUid(scannedUid(text)) !== null || parseSlipId(text) !== null;
}

/** The wedge's scan, or the box's whole text when a stall (a busy device) cut the scan's first keys
 *  off its burst: the box holds every key since it was last emptied, so when it ends with the scan and
 *  is a whole code where the scan is not, the box is the code the scanner sent. */
export function wholerScan(scan: string, boxText: string): string {
  const box = boxText.trim();
  return box !== scan && box.endsWith(scan) && !isWholeCode(scan) && isWholeCode(box) ? box : scan;
}
