// GS1 Digital Link (src/shared/digital-link.ts): the link printed on a pack, read back to its parts, and
// every scan of either printed form reduced to the same uid.
import { describe, expect, it } from 'vitest';
import { codeUrl, parseUid, scannedUid } from '../../../src/shared/codes.js';
import { digitalLink, gs1Date, gtinValid, linkDisagrees, parseDigitalLink } from '../../../src/shared/digital-link.js';
import { codeMac } from '../../../src/server/domain/code-mac.js';

const uid = codeMac('unit-test-secret').make({ kind: 'S', prefix: 'KA' }, 482_001);
const BASE = 'https://verify.fieldtrace.in';
const link = { gtin: '08901030793912', batch: 'NG-26/04 A', uid, mfg: '260401', exp: '280331' };

describe('GTIN check digit', () => {
  it('holds for GTIN-8, -12, -13 and -14 and fails on one wrong digit or a wrong length', () => {
    for (const g of ['96385074', '036000291452', '4006381333931', '09506000134352']) expect(gtinValid(g)).toBe(true);
    for (const g of ['96385075', '036000291453', '4006381333932', '09506000134353', '123', '123456789', 'ABCDEFGH'])
      expect(gtinValid(g)).toBe(false);
  });
});

describe('the link on a pack', () => {
  it('is written as GS1 writes it: 14-digit GTIN, the batch encoded, the dates as 11 and 17', () => {
    expect(digitalLink(`${BASE}/`, { ...link, gtin: '8901030793912' })).toBe(
      `${BASE}/01/08901030793912/10/NG-26%2F04%20A/21/${uid}?11=260401&17=280331`,
    );
    expect(digitalLink(BASE, { ...link, mfg: '', exp: '' })).toBe(
      `${BASE}/01/08901030793912/10/NG-26%2F04%20A/21/${uid}`,
    );
    expect(gs1Date('2026-04-01')).toBe('260401');
    expect(gs1Date('')).toBe('');
  });

  it('reads back to its parts, behind a resolver path of its own too', () => {
    expect(parseDigitalLink(digitalLink(BASE, link))).toEqual(link);
    expect(parseDigitalLink(digitalLink(`${BASE}/gs1`, link))).toEqual(link);
    expect(parseDigitalLink(`${BASE}/01/08901030793912/21/${uid}/10/B1`)).toEqual({
      ...link,
      batch: 'B1',
      mfg: '',
      exp: '',
    });
  });

  it('is no link without a valid GTIN, a batch and a serial, or with a date that is not YYMMDD', () => {
    const bad = [
      `${BASE}/01/08901030793914/10/B1/21/${uid}`, // check digit
      `${BASE}/01/08901030793912/21/${uid}`, // no batch
      `${BASE}/01/08901030793912/10/B1`, // no serial
      `${BASE}/01/08901030793912/10/B1/21/${uid}/22/X`, // a part it does not know
      `${BASE}/01/08901030793912/10/B1/10/B2`, // twice
      `${BASE}/01/08901030793912/10/%E0%A4/21/${uid}`, // broken encoding
      `${BASE}/01/08901030793912/10/B1/21/${uid}?17=281331`, // month 13
      `${BASE}/P?U=${uid}`,
    ];
    for (const b of bad) expect(parseDigitalLink(b), b).toBeNull();
  });
});

describe('a scan of either printed form', () => {
  it('reduces to the same uid, which parses to the pack', () => {
    const forms = [codeUrl(BASE, uid), digitalLink(BASE, link), `  ${digitalLink(BASE, link)}#x  `, uid];
    for (const f of forms) expect(scannedUid(f), f).toBe(uid);
    expect(parseUid(scannedUid(digitalLink(BASE, link)))).toMatchObject({ kind: 'S', prefix: 'KA', serial: 482_001 });
  });
});

describe("a link against the pack's record", () => {
  const record = { gtin: '8901030793912', batch: 'ng-26/04 a', mfgDate: '2026-04-01', expDate: '2028-03-31' };

  it('agrees field by field: the GTIN padded, the batch case aside, the dates as YYMMDD or the month with DD 00', () => {
    expect(linkDisagrees(link, record)).toBeNull();
    expect(linkDisagrees({ ...link, exp: '280300' }, record)).toBeNull();
    expect(linkDisagrees({ ...link, mfg: '', exp: '' }, record)).toBeNull();
    expect(linkDisagrees(link, { ...record, gtin: null })).toBeNull();
  });

  it('names the first field that disagrees', () => {
    expect(linkDisagrees({ ...link, gtin: '09506000134352' }, record)).toBe('GTIN');
    expect(linkDisagrees({ ...link, batch: 'NG-26/05 A' }, record)).toBe('batch');
    expect(linkDisagrees({ ...link, mfg: '260402' }, record)).toBe('MFG date');
    expect(linkDisagrees({ ...link, exp: '280430' }, record)).toBe('expiry date');
    expect(linkDisagrees({ ...link, exp: '280400' }, record)).toBe('expiry date');
    expect(linkDisagrees(link, { ...record, expDate: null })).toBe('expiry date');
  });
});
