// The page's scanner listener (page-wedge.ts) without the DOM: which keys outside the scan box are a
// scanner's (none in a text field the operator types in), which of them are kept from the focused
// control, and which scan box takes the scan, or refuses it aloud where none can.
import type { ScanVerdict } from './scan-feedback.js';
import { createWedge, isWholeCode, WEDGE_DEFAULTS } from './wedge.js';
import { en } from './words/en.js';

/** A scan heard outside the box that no box could take: refused in red, never dropped in silence. */
export const NOT_TAKEN = {
  dialog: { ok: false, message: en.notTakenDialog },
  busy: { ok: false, message: en.notTakenBusy },
} as const satisfies Record<string, ScanVerdict>;

/** What is read of the focused element (an Element in the page; a plain object in the tests). */
export interface FocusedControl {
  tagName: string;
  type?: string;
  readOnly?: boolean;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
}

/** Inputs a person writes in; a checkbox, a radio, a button or a range is not one. */
const WRITTEN_INPUTS = new Set([
  'text',
  'search',
  'email',
  'number',
  'password',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** A field the operator types in (a remark, a reason, a search box): a scanner's keys there are theirs.
 *  A picker is not one, searchable or not: Mantine's Select is a combobox, and a scan there is meant for
 *  the box. */
export function isTypingField(el: FocusedControl | null): boolean {
  if (el === null) return false;
  if (el.isContentEditable === true) return true;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea') return el.readOnly !== true;
  if (tag !== 'input' || el.getAttribute('role') === 'combobox') return false;
  return WRITTEN_INPUTS.has((el.type ?? 'text').toLowerCase()) && el.readOnly !== true;
}

/** A mounted scan box as the router sees it: in the dialog the operator is in, on the page itself, or
 *  in another dialog (one under the open one); and whether it takes scans now (not disabled). */
export interface BoxState {
  place: 'open-dialog' | 'page' | 'other-dialog';
  accepts: boolean;
}

/** The box (an index into `boxes`) that takes the scan, or the one that refuses it and why; null with
 *  no box at all. An open dialog's box takes it; a dialog without one refuses it (the page's box says
 *  so); with no dialog open the page's box takes it. The last mounted of a kind wins. */
export type Route = { take: number } | { refuse: number; verdict: ScanVerdict } | null;

export function routeScan(boxes: readonly BoxState[], dialogOpen: boolean): Route {
  const last = (place: BoxState['place']) => boxes.findLastIndex((b) => b.place === place);
  const box = last(dialogOpen ? 'open-dialog' : 'page');
  if (box !== -1) return boxes[box]!.accepts ? { take: box } : { refuse: box, verdict: NOT_TAKEN.busy };
  const page = last('page');
  const teller = page !== -1 ? page : boxes.length - 1;
  return teller === -1 ? null : { refuse: teller, verdict: NOT_TAKEN.dialog };
}

/** Where focus was when a key came: in a scan box (its own keys), a text field, or anything else. */
export type KeyFocus = 'box' | 'typing' | 'other';

export interface PageKeyVerdict {
  /** Keep the key from the focused control: a scanner's suffix must click no button, submit no form
   *  and move no focus. The characters are let through: they do nothing on a button or a picker, and
   *  a person typing fast in a searchable picker keeps their letters. */
  keep: boolean;
  /** The key ended a scan: this text. */
  scan?: string;
}

export interface PageKeys {
  key(key: string, at: number, focus: KeyFocus): PageKeyVerdict;
  /** As Wedge.idle: the scan a burst without a suffix made, once its keys have stopped. */
  idle(at: number): string | null;
  reset(): void;
}

/** The scanner's keys heard outside the box. A burst's keys in the box or a text field are theirs, so
 *  the burst is dropped there; a second suffix key straight after a scan's (CR LF) is kept too. */
export function createPageKeys(): PageKeys {
  const wedge = createWedge({ isComplete: isWholeCode });
  let lastSuffixAt = Number.NEGATIVE_INFINITY;
  return {
    key(key, at, focus) {
      if (focus !== 'other') {
        wedge.reset();
        return { keep: false };
      }
      const suffix = key === 'Enter' || key === 'Tab';
      if (suffix && at - lastSuffixAt <= WEDGE_DEFAULTS.maxGapMs) return { keep: true };
      const verdict = wedge.key(key, at);
      if (verdict.scan === undefined) return { keep: false };
      lastSuffixAt = at;
      return { keep: true, scan: verdict.scan };
    },
    idle: (at) => wedge.idle(at),
    reset: () => wedge.reset(),
  };
}
