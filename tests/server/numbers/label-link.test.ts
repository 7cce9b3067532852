// The label setting (issue 13, LABEL_LINK=gs1): the print file's QR is a GS1 Digital Link carrying the
// product's GTIN, the batch and the MFG (11) and expiry (17) dates; a product without a valid GTIN keeps
// the /P?U= form; VerifyProduct takes the printed link as it is, and the uid in it is the pack's code.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { codeUrl, scannedUid } from '../../../src/shared/codes.js';
import { GENERATION_API, type GeneratedLink } from '../../../src/shared/contracts/numbers/generation.js';
import { VERIFY_API, type VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import type { MappingRow } from '../../helpers/factories-damage.js';
import {
  csvLines,
  generateBody,
  generationWorld,
  mapStatic,
  testCodes,
  type GenerationWorld,
} from '../../helpers/factories-generation.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

let w: GenerationWorld;
let codes: CodeMac;
let token: string;
let m: MappingRow;

const t = useApp({ labelLink: 'gs1', publicBaseUrl: 'https://verify.example.in' });

beforeAll(async () => {
  w = await generationWorld(t.db, ['LA', 'LB', 'LC']);
  codes = await testCodes(t.db, t.config.codeSecret);
  token = (await t.signIn(w.user.email, w.user.password)).token;
  m = await mapStatic(t.db, w, 'LA', 1, 100);
});

const printed = async (from: number, to: number) => {
  const res = await send(t, GENERATION_API.generate, generateBody(m, from, to), token);
  const file = await t.app.inject({ method: 'GET', url: (res.body.ResponseData as GeneratedLink).downloadLinK });
  return csvLines(file.payload)
    .slice(1)
    .map((l) => l.split(',')[2]!);
};
const yymmdd = (iso: string) => iso.slice(2).replaceAll('-', '');

describe('LABEL_LINK=gs1', () => {
  it('prints a Digital Link with the GTIN, batch and dates, which VerifyProduct answers as the genuine pack', async () => {
    await t.db.update(products).set({ gtin: '8901030793912' }).where(eq(products.id, w.product));
    const [url] = await printed(1, 1);
    const uid = codes.make({ kind: 'S', prefix: 'LA' }, 1);
    expect(url).toBe(
      `https://verify.example.in/01/08901030793912/10/${encodeURIComponent(m.batchNo)}/21/${uid}?11=${yymmdd(m.mfgDate)}&17=${yymmdd(m.expDate)}`,
    );
    expect(scannedUid(url!)).toBe(uid);
    const res = await send(t, VERIFY_API.verify, {
      UID: url,
      qrData: url,
      verificationMode: 'Web',
      verificationType: 2,
    });
    expect(res.body.ResponseCode).toBe('200');
    expect((res.body.ResponseData as VerifyAnswer).BatchNo).toBe(m.batchNo);
  });

  it('a product without a valid GTIN keeps the /P?U= form', async () => {
    await t.db.update(products).set({ gtin: '8901030793913' }).where(eq(products.id, w.product));
    expect(await printed(2, 3)).toEqual(
      [2, 3].map((n) => codeUrl('https://verify.example.in', codes.make({ kind: 'S', prefix: 'LA' }, n))),
    );
  });
});
