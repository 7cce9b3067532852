// The print file behind a link (spec 2 section 7 'Number generation'; DESIGN section 4): tampered and
// expired links refused, a large range streamed whole, Admin Number Download's DownloadNumber, and
// the admin's preprinted file of an issued range for the outside printer.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, products } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { signFileLink } from '../../../src/server/domain/number-file-link.js';
import { codeUrl } from '../../../src/shared/codes.js';
import { GEN_MSG, GENERATION_API, type GeneratedLink } from '../../../src/shared/contracts/numbers/generation.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertUser } from '../../helpers/factories.js';
import type { MappingRow } from '../../helpers/factories-damage.js';
import {
  csvLines,
  expectedPrintLines,
  generateBody,
  generationWorld,
  insertIssue,
  mapStatic,
  testCodes,
  type GenerationWorld,
} from '../../helpers/factories-generation.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let w: GenerationWorld;
let codes: CodeMac;
const tokens: Record<string, string> = {};
let own: MappingRow;
let stranger: MappingRow;

beforeAll(async () => {
  w = await generationWorld(t.db, ['HA', 'HB', 'HC']);
  codes = await testCodes(t.db, t.config.codeSecret);
  for (const k of ['user', 'stranger', 'downloader', 'noPrefix'] as const)
    tokens[k] = (await t.signIn(w[k].email, w[k].password)).token;
  tokens.admin = await t.token('admin');
  const issuer = await insertUser(t.db, { companyId: w.company, userType: 4, pages: [PAGE.numberIssued.key] });
  tokens.issuer = (await t.signIn(issuer.email, issuer.password)).token;
  own = await mapStatic(t.db, w, 'HA', 1, 300_000);
  stranger = await mapStatic(t.db, w, 'HC', 101, 200, w.other);
});

const fetchFile = (link: string) => t.app.inject({ method: 'GET', url: link });
const linkOf = (res: { body: { ResponseData: unknown } }) => (res.body.ResponseData as GeneratedLink).downloadLinK;
const download = (body: unknown, who: string) => send(t, GENERATION_API.download, body, tokens[who]);
const envelopeOf = (payload: string) => JSON.parse(payload) as unknown;

describe('links', () => {
  it('a tampered link is not found: another range, another prefix, a changed tag, junk', async () => {
    const link = linkOf(await send(t, GENERATION_API.generate, generateBody(own, 11, 20), tokens.user));
    expect((await fetchFile(link)).statusCode).toBe(200);
    for (const bad of [
      link.replace('-11-20-', '-11-2000-'),
      link.replace('SHA-', 'SHC-'),
      link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA'),
      '/API/api/NumberGeneration/File/nothing',
      '/API/api/NumberGeneration/File/SHA-1-2-3-4',
    ]) {
      const res = await fetchFile(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(envelopeOf(res.payload)).toEqual({
        ResponseCode: '404',
        ResponseMessage: GEN_MSG.linkBad,
        ResponseData: null,
      });
    }
  });

  it('a link older than 15 minutes has expired', async () => {
    const old = await signFileLink(
      t.db,
      { kind: 'S', prefix: 'HA', fromNo: 1, toNo: 5, ref: 1 },
      Date.now() - 16 * 60_000,
    );
    const res = await fetchFile(old);
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res.payload)).toEqual({
      ResponseCode: '403',
      ResponseMessage: GEN_MSG.linkExpired,
      ResponseData: null,
    });
    const fresh = await signFileLink(
      t.db,
      { kind: 'S', prefix: 'HA', fromNo: 1, toNo: 5, ref: 1 },
      Date.now() - 14 * 60_000,
    );
    expect((await fetchFile(fresh)).statusCode).toBe(200);
  });

  it('streams 200 000 codes: every line, in order, genuine at both ends', async () => {
    const link = linkOf(await send(t, GENERATION_API.generate, generateBody(own, 50_001, 250_000), tokens.user));
    const res = await fetchFile(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-rows']).toBe('200000');
    expect(res.headers['content-length']).toBeUndefined(); // sent as it is made
    const lines = csvLines(res.payload);
    expect(lines).toHaveLength(200_001);
    const expected = (n: number) => expectedPrintLines(codes, t.config.publicBaseUrl, own, w.productName, n, n)[1];
    for (const n of [50_001, 54_096, 54_097, 150_000, 250_000]) expect(lines[n - 50_000]).toBe(expected(n));
    expect(lines.every((l, i) => i === 0 || l.startsWith(`${50_000 + i},HA${50_000 + i},`))).toBe(true);
  }, 60_000);
});

describe('DownloadNumber (Admin Number Download)', () => {
  const body = (Prefix: string, FromNo: number, ToNo: number) => ({
    FromNo,
    ToNo,
    Qty: ToNo - FromNo + 1,
    Prefix,
    ProductName: 'x',
  });

  it("the admin downloads any factory's mapped range", async () => {
    const res = await download(body('hc', 150, 160), 'admin');
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseData: { FileName: 'HC150-160.csv', TotalRows: 11 } });
    const file = await fetchFile(linkOf(res));
    const [p] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, stranger.productId));
    expect(csvLines(file.payload)).toEqual(
      expectedPrintLines(codes, t.config.publicBaseUrl, stranger, p!.name, 150, 160),
    );
  });

  it('a factory user downloads only its own prefix, numbers of one mapping', async () => {
    expect((await download(body('HA', 1, 10), 'downloader')).body.ResponseCode).toBe('200');
    const refused = async (b: unknown, who: string, message: string) =>
      expect((await download(b, who)).body).toEqual({
        ResponseCode: '400',
        ResponseMessage: message,
        ResponseData: null,
      });
    await refused(body('HC', 150, 160), 'downloader', GEN_MSG.notMapped('HC', 150, 160));
    await refused(body('HC', 150, 160), 'noPrefix', GEN_MSG.noPrefix);
    await refused(body('HC', 150, 260), 'admin', GEN_MSG.notMapped('HC', 150, 260));
    await refused(body('HC', 50, 110), 'admin', GEN_MSG.notMapped('HC', 50, 110));
    await refused({ ...body('HA', 1, 10), Prefix: '' }, 'admin', GEN_MSG.prefixRequired);
    await refused({ ...body('HA', 1, 10), FromNo: 'a' }, 'admin', 'Please enter only number.');
    await refused(body('HA', 1, 10), 'stranger', GEN_MSG.notMapped('HA', 1, 10));
    expect((await download(body('HA', 1, 10), 'issuer')).status).toBe(403);
  });
});

describe('the preprinted file of an issued range', () => {
  it('the admin gets Serial, Visible No and QR of every number, and the event is logged', async () => {
    const issue = await insertIssue(t.db, w.company, 900_001, 900_012);
    const res = await send(t, GENERATION_API.issuedFile, undefined, tokens.admin, { id: issue.id });
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { FileName: 'Preprinted900001-900012.csv', TotalRows: 12 },
    });
    const file = await fetchFile(linkOf(res));
    expect(file.headers['content-disposition']).toBe('attachment; filename="Preprinted900001-900012.csv"');
    // For the outside printer's label software: a UTF-8 BOM first.
    const want = ['\uFEFFSerial,Visible No,QR'];
    for (let n = 900_001; n <= 900_012; n++)
      want.push(`${n},${n},${codeUrl(t.config.publicBaseUrl, codes.make({ kind: 'P', prefix: '' }, n))}`);
    expect(csvLines(file.payload)).toEqual(want);
    csvLines(file.payload)
      .slice(1)
      .forEach((l, i) => expect(codes.check(l.split(',')[2]!)).toMatchObject({ kind: 'P', serial: 900_001 + i }));
    const ev = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'generate'), eq(events.ref, String(issue.id)), eq(events.kind, 'P')));
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ fromNo: 900_001, toNo: 900_012, companyId: w.company, prefix: '' });
  });

  it('only for an admin; an unknown issue is not found; another page is 403', async () => {
    const issue = await insertIssue(t.db, w.company, 900_101, 900_110);
    expect(
      (await send(t, GENERATION_API.issuedFile, undefined, tokens.issuer, { id: issue.id })).body.ResponseMessage,
    ).toBe(GEN_MSG.adminOnly);
    expect(
      (await send(t, GENERATION_API.issuedFile, undefined, tokens.admin, { id: '999999' })).body.ResponseMessage,
    ).toBe(GEN_MSG.issueNotFound);
    expect((await send(t, GENERATION_API.issuedFile, undefined, tokens.user, { id: issue.id })).status).toBe(403);
  });
});
