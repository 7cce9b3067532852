// The code formats: structure read without the secret, and the server's MAC refusing forged,
// truncated, mistyped and re-keyed codes while accepting case changes and O/0, I/1 misreads.
import { describe, expect, it } from 'vitest';
import {
  MAX_SERIAL,
  codeUrl,
  makeSlipId,
  parseSlipId,
  parseUid,
  pidText,
  scannedUid,
  uidBody,
  visibleNumber,
  type Series,
} from '../../../src/shared/codes.js';
import { codeMac } from '../../../src/server/domain/code-mac.js';

const codes = codeMac('test secret one');
const P: Series = { kind: 'P', prefix: '' };
const KA: Series = { kind: 'S', prefix: 'KA' };

describe('uid', () => {
  it('carries the series and serial in the clear, at most 20 characters', () => {
    const p = codes.make(P, 42);
    const s = codes.make(KA, 123456);
    expect(p).toMatch(/^P[0-9A-HJKMNP-TV-Z]{15}$/);
    expect(s).toMatch(/^S[0-9A-HJKMNP-TV-Z]{18}$/);
    expect(parseUid(p)).toMatchObject({ kind: 'P', prefix: '', serial: 42 });
    expect(parseUid(s)).toMatchObject({ kind: 'S', prefix: 'KA', serial: 123456 });
    expect(codes.make(KA, MAX_SERIAL).length).toBeLessThanOrEqual(20);
    expect(parseUid(codes.make({ kind: 'S', prefix: 'z9' }, 1))).toMatchObject({ prefix: 'Z9' });
  });

  it('checks a genuine code, its URL, lower case and O/I/L misreads', () => {
    const uid = codes.make(KA, 987);
    expect(codes.check(uid)).toMatchObject({ serial: 987, prefix: 'KA' });
    expect(codes.check(codeUrl('https://trace.example.in/', uid))?.uid).toBe(uid);
    expect(codes.check(uid.toLowerCase())?.uid).toBe(uid);
    const misread = uid.replace(/0/g, 'O').replace(/1/g, 'I');
    expect(codes.check(misread)?.uid).toBe(uid);
  });

  it('refuses forged, truncated, mistyped, re-keyed and foreign codes', () => {
    const uid = codes.make(P, 5000);
    const flip = (i: number) => uid.slice(0, i) + (uid[i] === 'A' ? 'B' : 'A') + uid.slice(i + 1);
    for (let i = 0; i < uid.length; i++) expect(codes.check(flip(i)), `char ${i}`).toBeNull();
    expect(codes.check(uid.slice(0, -1))).toBeNull();
    expect(codes.check(uid + '0')).toBeNull();
    expect(codes.check(codeMac('another secret').make(P, 5000))).toBeNull();
    // The same serial in another series carries another mac.
    expect(codes.check(uidBody(KA, 5000) + uid.slice(-8))).toBeNull();
    for (const junk of ['', 'U', 'PUUUUUUUUUUUUUUU', 'hello world', '<script>', uid.replace('P', 'X')]) {
      expect(codes.check(junk)).toBeNull();
    }
  });

  it('makes a range exactly as one code at a time', () => {
    const many = codes.makeRange(KA, 4090, 4200);
    expect(many).toHaveLength(111);
    expect(many[0]).toBe(codes.make(KA, 4090));
    expect(many[110]).toBe(codes.make(KA, 4200));
    expect(new Set(many).size).toBe(111);
  });

  it('refuses serials and prefixes no code can hold', () => {
    expect(() => uidBody(P, 0)).toThrow();
    expect(() => uidBody(P, MAX_SERIAL + 1)).toThrow();
    expect(() => uidBody({ kind: 'S', prefix: 'K' }, 1)).toThrow();
  });

  it('reduces a scanned URL to its uid and writes the visible number', () => {
    expect(scannedUid('http://x.in/P?U=ABC')).toBe('ABC');
    expect(scannedUid('  ABC  ')).toBe('ABC');
    expect(scannedUid('http://x.in/P?U=ABC&utm=1')).toBe('1');
    expect(scannedUid('http://x.in/P?U=ABC#top')).toBe('ABC');
    expect(visibleNumber(KA, 42)).toBe('KA42');
    expect(visibleNumber(P, 42)).toBe('42');
    expect(pidText(42)).toBe('PID42');
  });
});

describe('slip ids', () => {
  it('are type, two-digit year, prefix and a zero-padded number', () => {
    expect(makeSlipId('SID', 2026, 'ka', 42)).toBe('SID26KA00042');
    expect(makeSlipId('DID', 2031, 'PD', 123456)).toBe('DID31PD123456');
    expect(parseSlipId(' sid26ka00042 ')).toEqual({
      type: 'SID',
      year: 26,
      prefix: 'KA',
      number: 42,
      text: 'SID26KA00042',
    });
    for (const bad of ['SID26KA0042', 'XID26KA00042', 'SID26K00042', 'SID26KA00000', ''])
      expect(parseSlipId(bad)).toBeNull();
    expect(() => makeSlipId('SID', 2026, 'KA', 0)).toThrow();
  });
});
