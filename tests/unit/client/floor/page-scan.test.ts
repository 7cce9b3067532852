// The page's scanner listener without the DOM (page-scan.ts): a text field the operator types in keeps
// their keys and a picker, a checkbox or a button does not; a scanner's burst heard outside the box
// makes a scan whose suffix is kept from the focused control (a second suffix key too), a person's keys
// and Enter are left alone; and the scan goes to the open dialog's box, else the page's, or is refused
// aloud where none can take it.
import { describe, expect, it } from 'vitest';
import {
  createPageKeys,
  isTypingField,
  NOT_TAKEN,
  routeScan,
  type BoxState,
  type FocusedControl,
  type KeyFocus,
  type PageKeyVerdict,
} from '../../../../src/client/floor/page-scan.js';
import { WEDGE_DEFAULTS } from '../../../../src/client/floor/wedge.js';

/** An element as the listener reads it: its tag, type, read-only flag and role. */
const el = (tagName: string, o: { type?: string; readOnly?: boolean; role?: string; editable?: boolean } = {}) =>
  ({
    tagName,
    type: o.type,
    readOnly: o.readOnly ?? false,
    isContentEditable: o.editable ?? false,
    getAttribute: (name: string) => (name === 'role' ? (o.role ?? null) : null),
  }) satisfies FocusedControl;

describe('a text field the operator types in', () => {
  it('is a text input, a textarea, a search box or an editable region', () => {
    for (const f of [
      el('INPUT', { type: 'text' }),
      el('INPUT', { type: 'search' }),
      el('INPUT', { type: 'number' }),
      el('INPUT'),
      el('TEXTAREA'),
      el('DIV', { editable: true }),
    ])
      expect(isTypingField(f), JSON.stringify(f)).toBe(true);
  });

  it('is not a picker (searchable or not), a checkbox, a radio, a button, a read-only field or the page', () => {
    for (const f of [
      el('INPUT', { type: 'text', role: 'combobox', readOnly: true }), // Mantine's Select
      el('INPUT', { type: 'text', role: 'combobox' }), // a searchable Select
      el('INPUT', { type: 'checkbox' }),
      el('INPUT', { type: 'radio' }),
      el('BUTTON'),
      el('INPUT', { type: 'text', readOnly: true }),
      el('TEXTAREA', { readOnly: true }),
      el('SECTION'), // a dialog's body
      el('BODY'),
    ])
      expect(isTypingField(f), JSON.stringify(f)).toBe(false);
    expect(isTypingField(null)).toBe(false);
  });
});

/** Types `text` from `start` ms, `gap` ms apart, then `end` `gap` ms later, all with focus at `focus`. */
function type(text: string, gap: number, focus: KeyFocus, end = 'Enter', start = 1000) {
  const keys = createPageKeys();
  const verdicts: PageKeyVerdict[] = [];
  let at = start;
  for (const ch of text) verdicts.push(keys.key(ch, (at += gap), focus));
  verdicts.push(keys.key(end, (at += gap), focus));
  return { keys, verdicts, at };
}
const SID = 'SID26KA00042';

describe("the scanner's keys heard outside the box", () => {
  it.each([0, 5, 150])('keys %i ms apart on a picker or a button make a scan; only its suffix is kept', (gap) => {
    const { verdicts } = type(SID, gap, 'other');
    expect(verdicts.at(-1)).toEqual({ keep: true, scan: SID });
    expect(verdicts.slice(0, -1).every((v) => !v.keep && v.scan === undefined)).toBe(true);
  });

  it('a Tab suffix is kept as well: focus does not move', () => {
    expect(type(SID, 5, 'other', 'Tab').verdicts.at(-1)).toEqual({ keep: true, scan: SID });
  });

  it("a scanner's second suffix key (CR LF) is kept; a person's Enter later is left to the button", () => {
    const { keys, at } = type(SID, 5, 'other');
    expect(keys.key('Enter', at + 10, 'other')).toEqual({ keep: true });
    expect(keys.key('Enter', at + 10 + WEDGE_DEFAULTS.maxGapMs + 400, 'other')).toEqual({ keep: false });
  });

  it("a person's keys and Enter on a button are theirs: nothing kept, no scan", () => {
    expect(type('abc', 300, 'other').verdicts.every((v) => !v.keep && v.scan === undefined)).toBe(true);
    expect(type('', 0, 'other').verdicts).toEqual([{ keep: false }]);
  });

  it('keys in a text field or in the box are not the page listener’s: no scan, nothing kept', () => {
    for (const focus of ['typing', 'box'] as const)
      expect(type(SID, 5, focus).verdicts.every((v) => !v.keep && v.scan === undefined)).toBe(true);
  });

  it('without a suffix, a whole code is a scan once the keys stop', () => {
    const keys = createPageKeys();
    let at = 0;
    for (const ch of SID) keys.key(ch, (at += 4), 'other');
    expect(keys.idle(at + 50)).toBeNull();
    expect(keys.idle(at + WEDGE_DEFAULTS.quietMs)).toBe(SID);
  });
});

const box = (place: BoxState['place'], accepts = true): BoxState => ({ place, accepts });

describe('which box takes a scan heard outside it', () => {
  it("the page's box, with no dialog open", () => {
    expect(routeScan([box('page')], false)).toEqual({ take: 0 });
  });

  it("the open dialog's box, when a slip dialog's box is mounted beside the page's", () => {
    expect(routeScan([box('page', false), box('open-dialog')], true)).toEqual({ take: 1 });
  });

  it("a dialog without a scan box: the page's box refuses it, saying why", () => {
    expect(routeScan([box('page', false)], true)).toEqual({ refuse: 0, verdict: NOT_TAKEN.dialog });
    // A confirm over the slip dialog: the slip's box is under it, and the page's box says so.
    expect(routeScan([box('page', false), box('other-dialog')], true)).toEqual({
      refuse: 0,
      verdict: NOT_TAKEN.dialog,
    });
  });

  it('a box that is disabled (the screen saves) refuses it: never silence', () => {
    expect(routeScan([box('page', false)], false)).toEqual({ refuse: 0, verdict: NOT_TAKEN.busy });
    expect(routeScan([box('page'), box('open-dialog', false)], true)).toEqual({ refuse: 1, verdict: NOT_TAKEN.busy });
  });

  it('the last mounted of its kind wins; with no box at all nothing is answered', () => {
    expect(routeScan([box('page'), box('page')], false)).toEqual({ take: 1 });
    expect(routeScan([], false)).toBeNull();
    expect(routeScan([], true)).toBeNull();
  });
});
