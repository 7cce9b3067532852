// LABEL_LINK=gs1 and a batch GS1's AI 10 cannot hold (issue 28 item 3): the range is mapped all the
// same, the answer tells the clerk its labels carry the short /P?U= link, and its print file does
// so; a batch that fits prints Digital Links that GS1's rules accept, and no notice is given.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/server/db/schema.js';
import { savedMessage, type SheetSaved } from '../../../src/shared/contracts/numbers/mapping-upload.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { codeUrl } from '../../../src/shared/codes.js';
import { GENERATION_API, type GeneratedLink } from '../../../src/shared/contracts/numbers/generation.js';
import { batchNotInDigitalLink, MAPPING_API, MAPPING_MSG } from '../../../src/shared/contracts/numbers/mapping.js';
import { parseDigitalLink } from '../../../src/shared/digital-link.js';
import { parseDlUri } from '../../../src/shared/gs1/dl-parse.js';
import { PAGE } from '../../../src/shared/pages.js';
import { csvLines, testCodes } from '../../helpers/factories-generation.js';
import { insertMapper, mapBody, type MapperWorld } from '../../helpers/factories-mapping.js';
import { sheetFile, sheetRow, uploadSheet } from '../../helpers/factories-mapping-upload.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const BASE = 'https://verify.example.in';
const t = useApp({ labelLink: 'gs1', publicBaseUrl: BASE });
let w: MapperWorld;
let codes: CodeMac;
let next = 1;

beforeAll(async () => {
  w = await insertMapper(t, [PAGE.mapping.key, PAGE.numberGeneration.key]);
  codes = await testCodes(t.db, t.config.codeSecret);
  await t.db.update(products).set({ gtin: '8901030793912' }).where(eq(products.id, w.productId));
});

type Saved = { MappingId: number; EXPDate: string; LabelNotice?: string };

/** Maps the next 3 numbers to `batch`. */
async function map(batch: string) {
  const from = next;
  next += 3;
  const res = await send(t, MAPPING_API.save, mapBody(w.productId, from, from + 2, { BatchNo: batch }), w.token);
  return { from, body: res.body, saved: res.body.ResponseData as Saved };
}

/** The QR column of the print file of from..from+2. */
async function printed(mappingId: number, from: number) {
  const body = { MappingId: mappingId, FromNo: from, ToNo: from + 2, Qty: 3 };
  const res = await send(t, GENERATION_API.generate, body, w.token);
  const file = await t.app.inject({ method: 'GET', url: (res.body.ResponseData as GeneratedLink).downloadLinK });
  return csvLines(file.payload)
    .slice(1)
    .map((l) => l.split(',')[2]!);
}
const uidOf = (n: number) => codes.make({ kind: 'S', prefix: w.prefix }, n);

describe('a batch AI 10 cannot hold', () => {
  it.each([['GH/26 11&A%'], ['NG-2026-APRIL-LOT-0042'], ['जैविक-26']])(
    '%s is mapped, the clerk is told, and its labels carry /P?U=',
    async (batch) => {
      const { from, body, saved } = await map(batch);
      expect(body).toMatchObject({ ResponseCode: '200', ResponseMessage: MAPPING_MSG.created });
      const notice = saved.LabelNotice;
      expect(notice).toBe(batchNotInDigitalLink(batch, BASE));
      expect(notice).toContain(`Batch ${batch} cannot be written in a GS1 Digital Link`);
      expect(notice).toContain(`${BASE}/P?U=`);
      expect(await printed(saved.MappingId, from)).toEqual([0, 1, 2].map((i) => codeUrl(BASE, uidOf(from + i))));
    },
  );
});

describe('a batch that fits', () => {
  it('gets no notice, and prints Digital Links GS1 accepts, read back to the batch and the pack', async () => {
    const batch = `GH/26-11&A%'"()*+,.:;<=>?_`.slice(0, 20);
    const { from, body, saved } = await map(batch);
    expect(body.ResponseCode).toBe('200');
    expect(saved).not.toHaveProperty('LabelNotice');
    const urls = await printed(saved.MappingId, from);
    for (const [i, url] of urls.entries()) {
      expect(parseDlUri(url).ok, url).toBe(true);
      expect(parseDigitalLink(url)).toMatchObject({ gtin: '08901030793912', batch, uid: uidOf(from + i) });
    }
  });

  it('a product without a valid GTIN prints /P?U= and so is told nothing', async () => {
    await t.db.update(products).set({ gtin: '8901030793913' }).where(eq(products.id, w.productId));
    const { body } = await map('GH/26 11&A%');
    expect(body.ResponseCode).toBe('200');
    expect(body.ResponseData).not.toHaveProperty('LabelNotice');
    await t.db.update(products).set({ gtin: '8901030793912' }).where(eq(products.id, w.productId));
  });
});

describe('the bulk upload', () => {
  it('maps every row and tells the clerk once of each batch a Digital Link cannot carry', async () => {
    const [{ code }] = await t.db.select({ code: products.code }).from(products).where(eq(products.id, w.productId));
    const rows = [
      sheetRow(code!, 901, 903, 3, 'GH/26 11&A%'),
      sheetRow(code!, 904, 906, 3, 'OK-26/1'),
      sheetRow(code!, 907, 909, 3, 'GH/26 11&A%'),
      sheetRow(code!, 910, 912, 3, 'जैविक-26'),
    ];
    const res = await uploadSheet(t, w.token, await sheetFile(rows), { isPreprinted: false });
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: savedMessage(4) });
    expect((res.body.ResponseData as SheetSaved).LabelNotices).toEqual([
      batchNotInDigitalLink('GH/26 11&A%', BASE),
      batchNotInDigitalLink('जैविक-26', BASE),
    ]);
  });
});
