// GS1 Digital Link (src/shared/digital-link.ts): the link printed on a pack, read back to its parts by
// GS1's rules (gs1/dl-parse.ts), every conformant way of writing it read as the same pack, and every
// scan of either printed form reduced to the same uid.
import { describe, expect, it } from 'vitest';
import { codeUrl, parseUid, scannedUid } from '../../../src/shared/codes.js';
import {
  batchFitsAi10,
  digitalLink,
  gs1Date,
  gtinValid,
  linkDisagrees,
  parseDigitalLink,
} from '../../../src/shared/digital-link.js';
import { parseDlUri } from '../../../src/shared/gs1/dl-parse.js';
import { codeMac } from '../../../src/server/domain/code-mac.js';
import { mulberry32 } from '../../helpers/mulberry32.js';

const uid = codeMac('unit-test-secret').make({ kind: 'S', prefix: 'KA' }, 482_001);
const BASE = 'https://verify.fieldtrace.in';
const link = { gtin: '08901030793912', batch: 'NG-26/04A', uid, mfg: '260401', exp: '280331' };

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
      `${BASE}/01/08901030793912/10/NG-26%2F04A/21/${uid}?11=260401&17=280331`,
    );
    expect(digitalLink(BASE, { ...link, mfg: '', exp: '' })).toBe(`${BASE}/01/08901030793912/10/NG-26%2F04A/21/${uid}`);
    expect(gs1Date('2026-04-01')).toBe('260401');
    expect(gs1Date('')).toBe('');
  });

  it('is not written for a batch AI 10 cannot hold: a space, over 20 characters, Devanagari', () => {
    for (const batch of ['GH/26 11&A%', 'NG-26/04 A', 'B'.repeat(21), 'जैविक-26', 'B1~', 'B1#'])
      expect([batch, batchFitsAi10(batch), digitalLink(BASE, { ...link, batch })]).toEqual([batch, false, null]);
    for (const batch of ['GH/2611&A%', 'B'.repeat(20), `!"%&'()*+,-./:;<=>?_`])
      expect([batch, batchFitsAi10(batch)]).toEqual([batch, true]);
    expect(digitalLink(BASE, { ...link, gtin: '08901030793913' })).toBeNull();
  });

  it('reads back to its parts, behind a resolver path of its own too', () => {
    expect(parseDigitalLink(digitalLink(BASE, link)!)).toEqual(link);
    expect(parseDigitalLink(digitalLink(`${BASE}/gs1`, link)!)).toEqual(link);
  });
});

describe('a pack written in any conformant form', () => {
  const g = '08901030793912';
  const forms = [
    `${BASE}/01/${g}/10/NG-26%2F04A/21/${uid}?11=260401&17=280331`,
    `${BASE}/gtin/${g}/lot/NG-26%2F04A/ser/${uid}?11=260401&17=280331`,
    `${BASE}/01/${g}/10/NG-26%2F04A/21/${uid}/?11=260401&17=280331`,
    `${BASE}/01/${g}/22/A1/10/NG-26%2F04A/21/${uid}?17=280331&linkType=gs1:pip`,
    `${BASE}/01/${g}/cpv/A1/21/${uid}`,
    `${BASE}/01/${g}/21/${uid}/`,
    `HTTPS://verify.fieldtrace.in/some/path/01/${g}/10/NG-26%2f04A/21/${uid}#top`,
    `  ${BASE}/01/${g}/10/NG-26%2F04A/21/${uid}\n`,
  ];

  it('is the same pack, with what it says of batch and dates', () => {
    for (const f of forms) expect(parseDigitalLink(f), f).toMatchObject({ gtin: g, uid });
    expect(parseDigitalLink(forms[1]!)).toEqual(link);
    expect(parseDigitalLink(forms[4]!)).toEqual({ gtin: g, batch: '', uid, mfg: '', exp: '' });
  });

  it('reduces to the same uid as its /P?U= code, which parses to the pack', () => {
    for (const f of [...forms, codeUrl(BASE, uid), uid]) expect(scannedUid(f), f).toBe(uid);
    expect(parseUid(scannedUid(forms[1]!))).toMatchObject({ kind: 'S', prefix: 'KA', serial: 482_001 });
  });

  it('is no pack when GS1 refuses it, or it is not a GTIN with a serial', () => {
    const bad = [
      `${BASE}/01/08901030793914/10/B1/21/${uid}`, // check digit
      `${BASE}/01/${g}/21/${uid}/10/B1`, // qualifiers out of order
      `${BASE}/01/${g}/10/B1/10/B2/21/${uid}`, // twice
      `${BASE}/01/${g}/10/B1/21/${uid}?10=B2`, // twice, once in the query
      `${BASE}/01/${g}/10/B1/21/${uid}X12345678901`, // serial over 20
      `${BASE}/01/${g}/10/B 1/21/${uid}`, // a space
      `${BASE}/01/${g}/10/B%201/21/${uid}`, // an encoded space: still not set 82
      `${BASE}/01/${g}/10/%E0%A4/21/${uid}`, // broken encoding, not set 82
      `HtTpS://verify.fieldtrace.in/01/${g}/21/${uid}`, // mixed-case scheme
      `${BASE}/01/${g}/10/B1/21/${uid}?17=281331`, // month 13
      `${BASE}/01/${g}/10/B1`, // no serial
      `${BASE}/414/4006381333931/254/${uid}`, // a place, not a product
      `${BASE}/P?U=${uid}`,
    ];
    for (const b of bad) expect(parseDigitalLink(b), b).toBeNull();
    // Nor is a pack read from a refused link's last '=' (the /P?U= form's rule).
    expect(scannedUid(`${BASE}/01/${g}/10/B1/21/${uid}?21=${uid}`)).not.toBe(uid);
  });

  it('except as this product printed links before it followed GS1: still that pack, saying nothing of batch', () => {
    // What the builder made of batch 'GH/26 11&A%' until issue 28: GS1 refuses the space.
    const earlier = `${BASE}/01/${g}/10/GH%2F26%2011%26A%25/21/${uid}?11=260401&17=280331`;
    expect(parseDlUri(earlier).ok).toBe(false);
    expect(parseDigitalLink(earlier)).toBeNull();
    expect(scannedUid(earlier)).toBe(uid);
    expect(scannedUid(`${BASE}/01/${g}/10/${'B'.repeat(30)}/21/${uid}`)).toBe(uid);
    for (const other of [`${BASE}/01/${g}/21/${uid}/10/B%201`, `${BASE}/01/${g}/10/B%201/21/${uid}?21=X`])
      expect(scannedUid(other), other).not.toBe(uid);
  });
});

describe('every link the builder makes', () => {
  const SET82 = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;
  const OTHER = [' ', '~', '#', '[', '@', '^', '`', '{', 'é', 'ज', '\u00a0', '\t'];
  const random = mulberry32(28);
  const pick = (s: string | string[]) => s[Math.floor(random() * s.length)]!;
  const batches = [
    ...['%', '%25', '%2', '+', '/', '?', '&', '=', "'", '"', '..', 'GH/26 11&A%', 'B'.repeat(20), 'B'.repeat(21)],
    ...Array.from({ length: 3000 }, () => {
      const n = 1 + Math.floor(random() * 24);
      return Array.from({ length: n }, () => (random() < 0.05 ? pick(OTHER) : pick(SET82))).join('');
    }),
  ];

  it('passes the reference parser and reads back the batch, or is not made and the batch is not AI-10 safe', () => {
    for (const base of [BASE, `${BASE}/`, 'http://192.168.1.20:8080', 'https://trace.example.in/gs1']) {
      for (const batch of batches) {
        const made = digitalLink(base, { ...link, batch });
        if (made === null) {
          expect(batchFitsAi10(batch), batch).toBe(false);
          continue;
        }
        const p = parseDlUri(made);
        expect(p.ok, made).toBe(true);
        expect(parseDigitalLink(made), made).toEqual({ ...link, batch });
      }
    }
  });
});

describe("a link against the pack's record", () => {
  const record = { gtin: '8901030793912', batch: 'ng-26/04a', mfgDate: '2026-04-01', expDate: '2028-03-31' };

  it('agrees field by field: the GTIN padded, the batch case aside, the dates as YYMMDD or the month with DD 00', () => {
    expect(linkDisagrees(link, record)).toBeNull();
    expect(linkDisagrees({ ...link, exp: '280300' }, record)).toBeNull();
    expect(linkDisagrees({ ...link, mfg: '', exp: '' }, record)).toBeNull();
    expect(linkDisagrees({ ...link, batch: '' }, record)).toBeNull();
    expect(linkDisagrees(link, { ...record, gtin: null })).toBeNull();
  });

  it('names the first field that disagrees', () => {
    expect(linkDisagrees({ ...link, gtin: '09506000134352' }, record)).toBe('GTIN');
    expect(linkDisagrees({ ...link, batch: 'NG-26/05A' }, record)).toBe('batch');
    expect(linkDisagrees({ ...link, mfg: '260402' }, record)).toBe('MFG date');
    expect(linkDisagrees({ ...link, exp: '280430' }, record)).toBe('expiry date');
    expect(linkDisagrees({ ...link, exp: '280400' }, record)).toBe('expiry date');
    expect(linkDisagrees(link, { ...record, expDate: null })).toBe('expiry date');
  });
});
