// The event hash against the reference generator's own output on 131 export-like events that the
// published vectors do not cover (tests/fixtures/epcis-hash-differential, see SOURCE.md): Devanagari
// and number-like lots, odd times, every EPC scheme and Digital Link form, nested extensions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preHashString } from '../../../src/server/epcis/event-hash.js';
import { vocabularyValues } from '../../../src/server/epcis/event-hash-vocabulary.js';

const DIR = join(import.meta.dirname, '../../fixtures/epcis-hash-differential');
const read = <T>(file: string) => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as T;

interface Case {
  label: string;
  context: unknown;
  event: Record<string, unknown>;
  expanded: string[];
}
const cases = read<Case[]>('cases.json');
const reference = read<string[]>('reference-5d2f1c3.json');
const pr119 = read<string[]>('reference-pr119-01eb8c7.json');

describe('the reference generator (5d2f1c3) on the differential cases', () => {
  it('answered every case', () => {
    expect(reference).toHaveLength(cases.length);
    expect(cases.length).toBe(131);
  });

  cases.forEach((c, i) => {
    const expected = reference[i]!;
    it(`${c.label}: the vocabulary the reference was given is the one we find`, () => {
      expect(vocabularyValues(c.event, c.context).sort()).toEqual(c.expanded);
    });
    if (expected.startsWith('ERROR') || (expected === 'DROPPED' && c.label.startsWith('time ')))
      it(`${c.label}: the reference gives no hash, and neither do we`, () => {
        expect(() => preHashString(c.event, c.context)).toThrow(/^The reference event hash/);
      });
    else if (expected === 'DROPPED')
      it(`${c.label}: the reference drops an infinite number; we hash its text as written`, () => {
        const lot = (c.event.ilmd as Record<string, string>)['cbvmda:lotNumber'];
        expect(preHashString(c.event, c.context)).toContain(`}lotNumber=${lot}`);
      });
    else
      it(`${c.label}: the pre-hash string`, () => {
        expect(preHashString(c.event, c.context)).toBe(expected);
      });
  });
});

describe('an export-shaped document, read whole as the reference reads a file', () => {
  const document = read<{ context: unknown; events: Record<string, unknown>[]; expanded: string[] }>('document.json');
  const expected = read<string[]>('document-reference-5d2f1c3.json');

  it('gives each event the pre-hash string the reference gives it, though we read each event alone', () => {
    expect(document.events.map((event) => preHashString(event, document.context))).toEqual(expected);
  });

  it('was given the vocabulary of all its events', () => {
    const found = document.events.flatMap((event) => vocabularyValues(event, document.context));
    expect([...new Set(found)].sort()).toEqual(document.expanded);
  });

  it('reads the same in the unmerged pull request 119', () => {
    expect(read<string[]>('document-reference-pr119-01eb8c7.json')).toEqual(expected);
  });
});

describe('the unmerged pull request 119 (01eb8c7)', () => {
  it('differs from 5d2f1c3 only on times finer than milliseconds and on gs1: names', () => {
    const differing = cases.filter((_, i) => pr119[i] !== reference[i]).map((c) => c.label);
    expect(differing).toEqual([
      'time 2026-11-29T10:15:30.1234567+01:00',
      'time 2026-11-29T10:15:30.0005Z',
      'time 2026-11-29T10:15:30.0015Z',
      'time 2026-11-29T10:15:30.0025Z',
      'time 2026-11-29T10:15:30.9995Z',
      'time 2026-11-29T23:59:59.9999+00:00',
      'time 2026-11-29T10:15:30,5Z',
      'sensor',
      'curie values',
    ]);
  });
});
