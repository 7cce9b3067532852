// A keyboard-wedge scanner types into whatever has focus: after a tap on the carton size or a button,
// its scans went nowhere, with no verdict and no tone (issue 27). So, as Odoo's barcode service does,
// one keydown listener on the document, in the capture phase, hears the keys while a scan box is
// mounted, and tells a scanner's burst from a person's keys with the box's own detector (wedge.ts).
// Keys in the box itself are the box's, and keys in a text field the operator types in are theirs. A
// scan heard goes to the box that can take it, which then has focus; where none can (a dialog without
// a scan box is open), a box refuses it aloud. Only the scan's suffix (Enter, Tab) is kept from the
// focused control. The decisions are page-scan.ts's; this file reads the DOM for them.
import type { ScanVerdict } from './scan-feedback.js';
import { createPageKeys, isTypingField, routeScan, type BoxState, type KeyFocus } from './page-scan.js';
import { WEDGE_DEFAULTS } from './wedge.js';

/** A scan box, as it registers (scan-box.tsx). */
export interface WedgeTarget {
  /** The box's area, to tell which dialog it is in. */
  area(): Element | null;
  /** The box's input: the keys typed there are the box's own. */
  input(): HTMLInputElement | null;
  /** Its camera panel is open (a dialog of the box's own, outside its area). */
  cameraOpen(): boolean;
  /** It takes scans now (it is not disabled). */
  accepts(): boolean;
  take(code: string): void;
  refuse(verdict: ScanVerdict): void;
}

const DIALOG = '[role="dialog"], [role="alertdialog"], dialog[open]';
/** The camera panel's dialog (camera-panel.tsx's content class). */
const CAMERA = '.ft-camera';

const targets: WedgeTarget[] = [];
const keys = createPageKeys();
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** The dialog the operator is in: the one holding focus. A modal keeps focus inside it, so focus on
 *  the page means none is open (one may be fading out); with focus on nothing, the last one opened. */
function openDialog(focused: Element | null): Element | null {
  const holder = focused?.closest(DIALOG);
  if (holder) return holder;
  if (focused !== null && focused !== document.body && focused !== document.documentElement) return null;
  const all = document.querySelectorAll(DIALOG);
  return all.length > 0 ? all[all.length - 1]! : null;
}

function placeOf(t: WedgeTarget, dialog: Element | null): BoxState['place'] {
  const area = t.area();
  if (dialog !== null && ((area !== null && dialog.contains(area)) || (t.cameraOpen() && dialog.matches(CAMERA))))
    return 'open-dialog';
  return area?.closest(DIALOG) ? 'other-dialog' : 'page';
}

function deliver(scan: string, focused: Element | null): void {
  const dialog = openDialog(focused);
  const route = routeScan(
    targets.map((t) => ({ place: placeOf(t, dialog), accepts: t.accepts() })),
    dialog !== null,
  );
  if (route === null) return;
  if ('take' in route) targets[route.take]!.take(scan);
  else targets[route.refuse]!.refuse(route.verdict);
}

const focusOf = (el: Element | null): KeyFocus =>
  el === null ? 'other' : targets.some((t) => t.input() === el) ? 'box' : isTypingField(el) ? 'typing' : 'other';

function onKeyDown(e: KeyboardEvent): void {
  if (e.isComposing || e.ctrlKey || e.metaKey) return;
  const focused = e.target instanceof Element ? e.target : null;
  const verdict = keys.key(e.key, e.timeStamp, focusOf(focused));
  if (verdict.keep) {
    // Kept from the focused control and from the page's other listeners.
    e.preventDefault();
    e.stopPropagation();
  }
  if (verdict.scan !== undefined) {
    clearTimeout(idleTimer);
    deliver(verdict.scan, focused);
    return;
  }
  if (e.key.length !== 1) return;
  // A scanner without a suffix: the code is complete once its keys stop and its content is whole.
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    const scan = keys.idle(performance.now());
    if (scan !== null) deliver(scan, document.activeElement);
  }, WEDGE_DEFAULTS.quietMs + 20);
}

/** Hears the scanner for `target` while it is mounted; the returned function lets it go. The last box
 *  mounted of its kind (the page's, or the open dialog's) takes the scans. */
export function registerWedgeTarget(target: WedgeTarget): () => void {
  targets.push(target);
  if (targets.length === 1) document.addEventListener('keydown', onKeyDown, true);
  return () => {
    const i = targets.indexOf(target);
    if (i !== -1) targets.splice(i, 1);
    if (targets.length > 0) return;
    document.removeEventListener('keydown', onKeyDown, true);
    clearTimeout(idleTimer);
    keys.reset();
  };
}
