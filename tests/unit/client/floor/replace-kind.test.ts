// Scan-first Replace: a PID is told from a SID by the code's text alone (shared/codes.ts).
import { describe, expect, it } from 'vitest';
import { codeKind, typeOfScan } from '../../../../src/client/features/floor/replace/replace-rules.js';
import { codeUrl } from '../../../../src/shared/codes.js';
import { REPLACE_MSG } from '../../../../src/shared/contracts/floor/replace.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';

const codes = codeMac('unit-test-secret');
const staticCode = codes.make({ kind: 'S', prefix: 'KA' }, 12);
const preprinted = codes.make({ kind: 'P', prefix: '' }, 7001);
const SID = 'SID26KA00042';

describe('the kind of a scanned code', () => {
  it('a pack code, bare or as its URL, static or preprinted, is a PID', () => {
    for (const c of [staticCode, staticCode.toLowerCase(), preprinted, codeUrl('https://ft.example', staticCode)])
      expect(codeKind(c)).toBe('PID');
  });

  it('a SID is a SID, in any case; a TID, a DID or garbage is neither', () => {
    expect(codeKind(SID)).toBe('SID');
    expect(codeKind(' sid26ka00042 ')).toBe('SID');
    for (const c of ['TID26KA00007', 'DID26KA00001', 'hello', '']) expect(codeKind(c)).toBeNull();
  });
});

describe('the type a first scan is judged as', () => {
  it('with none chosen, the code sets it', () => {
    expect(typeOfScan(null, staticCode)).toEqual({ type: 'PID', take: true });
    expect(typeOfScan(null, SID)).toEqual({ type: 'SID', take: true });
    expect(typeOfScan(null, 'hello')).toEqual({ message: REPLACE_MSG.chooseType });
  });

  it('with one chosen, a code of the other kind is refused, saying which kind it is', () => {
    expect(typeOfScan('PID', SID)).toEqual({ message: REPLACE_MSG.sidNotPid(SID) });
    expect(typeOfScan('SID', staticCode)).toEqual({ message: REPLACE_MSG.pidNotSid });
    expect(typeOfScan('SID', SID)).toEqual({ type: 'SID', take: false });
    // Neither kind: the chosen type's own checks answer (the spec's messages).
    expect(typeOfScan('SID', 'TID26KA00007')).toEqual({ type: 'SID', take: false });
  });
});
