// ProductAuthentication/VerifyProduct with no sign-in, on PGlite and PostgreSQL: a genuine pack's
// details; a second verification of one code warns with the first's date and place (a copied label),
// whichever of a paired pack's two codes was scanned; forged, unmapped, de-mapped, damaged and replaced
// codes answer '-1' with why; every verification is stored, a forged one without any other read; the
// Details Form's fields answer the spec's messages and nothing is stored for them.
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  mappings,
  NO_COMPANY,
  products,
  replacements,
  staticPairs,
  verifications,
} from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { DEMAP_API } from '../../../src/shared/contracts/numbers/demap.js';
import { VERIFY_API, VERIFY_MSG, type VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import { digitalLink } from '../../../src/shared/digital-link.js';
import { PAGE } from '../../../src/shared/pages.js';
import { demapBody } from '../../helpers/factories-damage.js';
import {
  appCodes,
  insertDamage,
  insertFactory,
  insertMapping,
  P_SERIES,
  staticSeries,
  urlOf,
  type Factory,
} from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: Factory;
const S = (n: number) => codes.make(staticSeries(A.prefix), n);
const PP = (n: number) => codes.make(P_SERIES, n);
const verify = (UID: string, more: Record<string, unknown> = {}) =>
  send(t, VERIFY_API.verify, { verificationMode: 'Web', verificationType: 2, qrData: urlOf(t, UID), UID, ...more });
const rowsOf = (serial: number) =>
  t.db.select().from(verifications).where(eq(verifications.serial, serial)).orderBy(asc(verifications.id));
const count = async () => (await t.db.select().from(verifications)).length;

beforeAll(async () => {
  codes = await appCodes(t);
  A = await insertFactory(t, nextPrefix(), [PAGE.deMapping.key]);
  await t.db
    .update(products)
    .set({
      gtin: '08901030793912',
      technicalName: 'Azadirachtin 0.03% EC',
      description: 'Neem based insecticide',
      image: 'neem.png',
      genuineAudio: 'genuine.mp3',
      manufactureName: 'Kisan Agro Ltd',
      registrationNo: 'CIR-12345',
      uom: 'L',
      leafletPdf: 'leaflet.pdf',
      labelPdf: 'label.pdf',
      cautionarySymbol: 'Green',
      antidoteStatement: 'No specific antidote',
      config: { IsFeedback: true },
    })
    .where(eq(products.id, A.productId));
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 100,
    batchNo: 'NG-7',
  });
  await insertDamage(t.db, A.companyId, A.productId, staticSeries(A.prefix), 90, 95, 'Torn label');
  await t.db.insert(staticPairs).values({ companyId: A.companyId, prefix: A.prefix, staticNo: 5, preprintedNo: 1005 });
  await t.db.insert(replacements).values({
    companyId: A.companyId,
    oldKind: 'S',
    oldPrefix: A.prefix,
    oldSerial: 60,
    newKind: 'S',
    newPrefix: A.prefix,
    newSerial: 61,
    sid: null,
    createdBy: A.userId,
  });
}, 60_000);

describe('a genuine pack', () => {
  it("answers its details and stores the verification with the visitor's place", async () => {
    const res = await verify(urlOf(t, S(7)), {
      UsrCity: 'Nashik',
      UsrState: 'Maharashtra',
      UsrCntry: 'India',
      UsrZip: '422001',
      Latitude: 19.99,
      Longitude: 73.78,
    });
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: VERIFY_MSG.genuine });
    const d = res.body.ResponseData as VerifyAnswer;
    expect(d).toMatchObject({
      ProductName: A.productName,
      ProductCd: A.productCode,
      ProductDscrptn: 'Neem based insecticide',
      TechnicalName: 'Azadirachtin 0.03% EC',
      GTIN: '08901030793912',
      BatchNo: 'NG-7',
      MFGDate: '2026-01-10',
      ExpireDate: '2028-01-10',
      ProductImg: 'neem.png',
      GenuineAudio: 'genuine.mp3',
      Pamphlet: 'leaflet.pdf',
      Label: 'label.pdf',
      ManufactureName: 'Kisan Agro Ltd',
      RegistrationNo: 'CIR-12345',
      ProductUOM: 'L',
      CautionarySymbol: 'Green',
      AntidoteStatement: 'No specific antidote',
      IsFeedback: true,
      Isloyalty: false,
      VerifiedBefore: 0,
      FirstVerifiedDt: null,
      FirstVerifiedPlace: '',
      Flags: [],
    });
    // The FeedbackId is the row's id and 128 random bits, which the row keeps.
    expect(d.FeedbackId).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
    const [row] = await rowsOf(7);
    expect(`${row!.id}.${row!.feedbackKey}`).toBe(d.FeedbackId);
    expect(row).toMatchObject({
      kind: 'S',
      prefix: A.prefix,
      serial: 7,
      companyId: A.companyId,
      productId: A.productId,
      result: '200',
      city: 'Nashik',
      state: 'Maharashtra',
      country: 'India',
      zip: '422',
      latitude: 19.99,
      longitude: 73.78,
      mode: 'Web',
      flags: [],
    });
  });

  it("the second time, warns with the first verification's date and place, and flags the row", async () => {
    await verify(S(8), { UsrCity: 'Nashik', UsrState: 'Maharashtra' });
    const first = (await rowsOf(8))[0]!;
    const res = await verify(S(8), { UsrCity: 'Indore', UsrState: 'Madhya Pradesh' });
    const on = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(first.at);
    expect(res.body.ResponseCode).toBe('200');
    expect(res.body.ResponseMessage).toBe(VERIFY_MSG.verifiedBefore(1, on, 'Nashik, Maharashtra'));
    expect(res.body.ResponseData).toMatchObject({
      VerifiedBefore: 1,
      FirstVerifiedDt: first.at.toISOString(),
      FirstVerifiedPlace: 'Nashik, Maharashtra',
      Flags: ['verified-before'],
    });
    const third = await verify(S(8));
    expect(third.body.ResponseMessage).toBe(VERIFY_MSG.verifiedBefore(2, on, 'Nashik, Maharashtra'));
    expect((await rowsOf(8)).map((r) => r.flags)).toEqual([[], ['verified-before'], ['verified-before']]);
  });

  it('finds the place from the position alone, from the data the server ships', async () => {
    await verify(S(31), { Latitude: 22.7196, Longitude: 75.8577 });
    expect((await rowsOf(31))[0]).toMatchObject({
      city: 'Indore',
      state: 'Madhya Pradesh',
      country: 'India',
      zip: expect.stringMatching(/^45\d$/),
    });
    // A position in the sea has no place: what the page sent stands.
    await verify(S(32), { Latitude: 15, Longitude: 65, UsrCity: 'Goa' });
    expect((await rowsOf(32))[0]).toMatchObject({ city: 'Goa', latitude: 15, longitude: 65 });
  });

  it('flags a pack verified in many places, and many times in a few minutes', async () => {
    const from = (UsrCity: string) => verify(S(33), { UsrCity, UsrState: 'X' });
    const flags = async () => (await rowsOf(33)).at(-1)!.flags;
    await from('Nashik');
    await from('Indore');
    expect(await flags()).toEqual(['verified-before']);
    await from('Chennai');
    expect(await flags()).toEqual(['verified-before', 'many-places']);
    await from('nashik');
    expect(await flags()).toEqual(['verified-before', 'many-places']);
    await from('Indore');
    expect(await flags()).toEqual(['verified-before', 'many-places', 'burst']);
    expect(((await from('Pune')).body.ResponseData as VerifyAnswer).Flags).toEqual([
      'verified-before',
      'many-places',
      'burst',
    ]);
  });

  it('a paired pack is one pack: its preprinted code after its static code is a second verification', async () => {
    expect((await verify(S(5))).body.ResponseMessage).toBe(VERIFY_MSG.genuine);
    const res = await verify(urlOf(t, PP(1005)));
    expect(res.body.ResponseData).toMatchObject({ BatchNo: 'NG-7', VerifiedBefore: 1, Flags: ['verified-before'] });
  });

  it('read from a GS1 Digital Link as from its uid', async () => {
    const link = digitalLink('https://verify.example.in', {
      gtin: '08901030793912',
      batch: 'NG-7',
      uid: S(9),
      mfg: '260110',
      exp: '280110',
    })!;
    expect((await verify(link)).body).toMatchObject({ ResponseCode: '200', ResponseData: { BatchNo: 'NG-7' } });
  });

  it("refuses a Digital Link whose GTIN, batch or dates are not the pack's, scanned or as the page's address", async () => {
    const link = { gtin: '08901030793912', batch: 'NG-7', uid: S(11), mfg: '260110', exp: '280110' };
    const at = (l: typeof link) => digitalLink('https://verify.example.in', l)!;
    const cases: Array<[typeof link, string]> = [
      [{ ...link, gtin: '09506000134352' }, 'GTIN'],
      [{ ...link, batch: 'NG-8' }, 'batch'],
      [{ ...link, mfg: '260111' }, 'MFG date'],
      [{ ...link, exp: '290110' }, 'expiry date'],
    ];
    for (const [l, field] of cases) {
      expect((await verify(at(l))).body).toEqual({
        ResponseCode: '-1',
        ResponseMessage: VERIFY_MSG.labelMismatch(field),
        ResponseData: null,
      });
    }
    // The page opened from the link sends the bare uid, and the link as its own address.
    expect(
      (await send(t, VERIFY_API.verify, { UID: S(11), qrData: at({ ...link, batch: 'NG-8' }) })).body.ResponseMessage,
    ).toBe(VERIFY_MSG.labelMismatch('batch'));
    expect((await rowsOf(11)).map((r) => r.result)).toEqual(['-1', '-1', '-1', '-1', '-1']);
    expect((await verify(at(link))).body.ResponseCode).toBe('200');
  });
});

describe('not a genuine pack now: -1 with why, stored', () => {
  it('a forged code, stored as scanned', async () => {
    const forged = S(10).slice(0, -1) + (S(10).endsWith('0') ? '1' : '0');
    for (const scan of [forged, 'not a code at all', urlOf(t, forged)]) {
      expect((await verify(scan)).body).toEqual({
        ResponseCode: '-1',
        ResponseMessage: VERIFY_MSG.forged,
        ResponseData: null,
      });
    }
    const stored = await t.db.select().from(verifications).where(eq(verifications.scan, forged));
    expect(stored).toMatchObject([{ result: '-1', message: VERIFY_MSG.forged, serial: null, companyId: NO_COMPANY }]);
  });

  it('unmapped, damaged and replaced codes', async () => {
    expect((await verify(S(500))).body).toMatchObject({ ResponseCode: '-1', ResponseMessage: VERIFY_MSG.unmapped });
    expect((await verify(S(91))).body).toMatchObject({
      ResponseCode: '-1',
      ResponseMessage: VERIFY_MSG.damaged('Torn label'),
    });
    expect((await verify(S(60))).body).toMatchObject({ ResponseCode: '-1', ResponseMessage: VERIFY_MSG.replaced });
    expect((await rowsOf(91))[0]).toMatchObject({
      result: '-1',
      companyId: A.companyId,
      productId: A.productId,
      message: VERIFY_MSG.damaged('Torn label'),
    });
  });

  it('a de-mapped code says so, where a never-mapped one does not', async () => {
    const [m] = await t.db.select().from(mappings).where(eq(mappings.companyId, A.companyId));
    const demapped = await send(t, DEMAP_API.create, demapBody(m!, 40, 5), A.token);
    expect(demapped.body.ResponseCode).toBe('200');
    expect((await verify(S(42))).body).toMatchObject({ ResponseCode: '-1', ResponseMessage: VERIFY_MSG.demapped });
    expect((await verify(S(45))).body).toMatchObject({ ResponseCode: '200' });
  });
});

describe('the Details Form', () => {
  const form = (Name: unknown, email: unknown, MobileNo: unknown) =>
    verify(S(20), { isFormFilled: true, Name, email, MobileNo });

  it("answers each field with the spec's message, and stores nothing", async () => {
    const before = await count();
    const cases: Array<[unknown, unknown, unknown, string]> = [
      ['', '', '9876543210', VERIFY_MSG.name],
      ['R4mesh', '', '9876543210', VERIFY_MSG.nameAlpha],
      ['Ramesh Patil', 'not-an-email', '9876543210', VERIFY_MSG.emailValid],
      ['Ramesh Patil', '', '', VERIFY_MSG.mobile],
      ['Ramesh Patil', '', '5876543210', VERIFY_MSG.mobileValid],
      ['Ramesh Patil', '', '98765', VERIFY_MSG.mobileValid],
    ];
    for (const [n, e, m, message] of cases)
      expect((await form(n, e, m)).body, message).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
    expect(await count()).toBe(before);
  });

  it('takes a name in Devanagari, an empty email, and stores the visitor', async () => {
    const res = await form('रमेश पाटील', '', '9876543210');
    expect(res.body.ResponseCode).toBe('200');
    expect((await rowsOf(20)).at(-1)).toMatchObject({ name: 'रमेश पाटील', email: null, mobile: '9876543210' });
  });

  it('without isFormFilled the fields are not read', async () => {
    expect((await verify(S(21), { Name: '!!', MobileNo: 'x' })).body.ResponseCode).toBe('200');
    expect((await rowsOf(21))[0]).toMatchObject({ name: null, mobile: null });
  });
});
