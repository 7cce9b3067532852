// Number Generation and Admin Number Download (spec 2 sections 2, 5, 7; DESIGN section 4): the list's
// scoping, the spec's messages and ours, the link and the exact print file it gives, rights, events.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, generations } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { GEN_MSG, GENERATION_API, type GeneratedNumberRow } from '../../../src/shared/contracts/numbers/generation.js';
import { listBody } from '../../helpers/factories.js';
import { insertMapping, type MappingRow } from '../../helpers/factories-damage.js';
import {
  csvLines,
  expectedPrintLines,
  generateBody,
  generationWorld,
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
let sibling: MappingRow;
let stranger: MappingRow;

beforeAll(async () => {
  w = await generationWorld(t.db, ['GA', 'GB', 'GC']);
  codes = await testCodes(t.db, t.config.codeSecret);
  for (const k of ['user', 'sibling', 'stranger', 'noPrefix', 'noPages', 'downloader'] as const) {
    tokens[k] = (await t.signIn(w[k].email, w[k].password)).token;
  }
  tokens.admin = await t.token('admin');
  own = await mapStatic(t.db, w, 'GA', 1001, 1100);
  sibling = await mapStatic(t.db, w, 'GB', 1001, 1100);
  stranger = await mapStatic(t.db, w, 'GC', 5001, 5100, w.other);
});

const list = (who: string, extra = {}) =>
  send(t, GENERATION_API.list, listBody({ PageSize: 500, ...extra }), tokens[who]);
const rowsOf = (res: Awaited<ReturnType<typeof list>>) => res.body.ResponseData as GeneratedNumberRow[];
const generate = (body: unknown, who = 'user') => send(t, GENERATION_API.generate, body, tokens[who]);
const fetchFile = (link: string) => t.app.inject({ method: 'GET', url: link });
async function refused(body: unknown, message: string, who = 'user') {
  const res = await generate(body, who);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
}

describe('the list', () => {
  it('a factory user sees only the mappings of its own prefix, whatever isAdmin and Prefix it sends', async () => {
    for (const extra of [{}, { isAdmin: true, Prefix: 'GC' }]) {
      const rows = rowsOf(await list('user', extra));
      expect(rows.map((r) => r.MappingId)).toEqual([own.id]);
      expect(rows[0]).toMatchObject({
        ProductName: w.productName,
        FromNo: 1001,
        ToNo: 1100,
        Qty: 100,
        BatchNo: own.batchNo,
        MFGDate: '2026-01-10',
        EXPDate: '2028-01-10',
        Prefix: 'GA',
        Mrp: 450,
        Generated: 0,
        LastGeneratedDt: null,
        TotalRows: 1,
      });
    }
    expect(rowsOf(await list('stranger')).map((r) => r.MappingId)).toEqual([stranger.id]);
    expect(rowsOf(await list('noPrefix'))).toEqual([]);
  });

  it('the admin sees every factory, sorted by FromNo descending when asked', async () => {
    const rows = rowsOf(await list('admin', { SortColumn: 'FromNo', SortOrder: 'DESC' }));
    const ids = rows.map((r) => r.MappingId);
    for (const m of [own, sibling, stranger]) expect(ids).toContain(m.id);
    expect(ids.indexOf(stranger.id)).toBeLessThan(ids.indexOf(own.id));
  });

  it('needs one of the two pages', async () => {
    expect((await list('noPages')).status).toBe(403);
    expect((await list('downloader')).body.ResponseCode).toBe('200');
  });
});

describe('messages', () => {
  it.each([
    ['no From', { FromNo: '' }, GEN_MSG.fromRequired],
    ['From 0', { FromNo: 0 }, GEN_MSG.fromRequired],
    ['From as letters', { FromNo: '12a' }, 'Please enter only number.'],
    ['no To', { ToNo: '' }, GEN_MSG.toRequired],
    ['To as letters', { ToNo: 'x' }, 'Please enter only number.'],
    ['no Qty', { Qty: '' }, GEN_MSG.qtyRequired],
    ['Qty as letters', { Qty: 'ten' }, 'Please enter only number.'],
    ['From above To', { FromNo: 1050, ToNo: 1040, Qty: 1 }, GEN_MSG.fromBeforeTo],
    ['Qty not To - From + 1', { Qty: 7 }, GEN_MSG.qtyMismatch],
    ['no mapping', { MappingId: 0 }, GEN_MSG.selectRow],
  ])('%s', async (_, o, message) => {
    await refused(generateBody(own, 1001, 1010, o), message);
  });

  it('refuses numbers outside the mapping, naming its range', async () => {
    await refused(generateBody(own, 995, 1004), GEN_MSG.outside('GA', 1001, 1100));
    await refused(generateBody(own, 1095, 1101), GEN_MSG.outside('GA', 1001, 1100));
    expect(GEN_MSG.outside('GA', 1001, 1100)).toBe('Numbers must exist between mapped series: GA1001 to GA1100.');
  });

  it("another factory's mapping is not found; a user without a prefix is told why", async () => {
    await refused(generateBody(sibling, 1001, 1010), GEN_MSG.notFound);
    await refused(generateBody(stranger, 5001, 5010), GEN_MSG.notFound);
    await refused(generateBody(own, 1001, 1010), GEN_MSG.noPrefix, 'noPrefix');
  });

  it('leaves damaged numbers out instead of refusing them (generation-damaged.test.ts has the file)', async () => {
    const m = await mapStatic(t.db, w, 'GA', 3001, 3100);
    await t.db.execute(`insert into damages (kind, prefix, from_no, to_no, company_id, product_id, reason)
      values ('S', 'GA', 3040, 3045, ${w.company}, ${w.product}, 'Torn labels')`);
    expect((await generate(generateBody(m, 3001, 3042))).body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: GEN_MSG.createdWithout(3),
    });
  });

  it('nothing refused was recorded', async () => {
    const rows = await t.db.select().from(generations).where(eq(generations.mappingId, own.id));
    expect(rows).toEqual([]);
  });
});

describe('generating a file', () => {
  let link = '';

  it('answers a link to the CSV of exactly those codes, records it and logs the event', async () => {
    const res = await generate(generateBody(own, 1011, 1030, { ProductName: w.productName, Prefix: 'GA' }));
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: GEN_MSG.created,
      ResponseData: { FileName: 'GA1011-1030.csv', TotalRows: 20 },
    });
    link = (res.body.ResponseData as { downloadLinK: string }).downloadLinK;
    expect(link).toMatch(/^\/API\/api\/NumberGeneration\/File\/SGA-1011-1030-\d+-\d+\.[A-Za-z0-9_-]{22}$/);
    const [g] = await t.db.select().from(generations).where(eq(generations.mappingId, own.id));
    expect(g).toMatchObject({ prefix: 'GA', fromNo: 1011, toNo: 1030, companyId: w.company });
    const ev = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'generate'), eq(events.ref, String(own.id))));
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ kind: 'S', prefix: 'GA', fromNo: 1011, toNo: 1030, companyId: w.company });
  });

  it('the link needs no sign-in and gives the exact print file', async () => {
    const res = await fetchFile(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="GA1011-1030.csv"');
    expect(res.headers['x-total-rows']).toBe('20');
    const lines = csvLines(res.payload);
    expect(lines).toEqual(expectedPrintLines(codes, t.config.publicBaseUrl, own, w.productName, 1011, 1030));
    // Every QR is a genuine code of its own serial.
    lines.slice(1).forEach((line, i) => {
      const parsed = codes.check(line.split(',')[2]!);
      expect(parsed).toMatchObject({ kind: 'S', prefix: 'GA', serial: 1011 + i });
    });
  });

  it('the list counts it and GetFromNumbers moves past it', async () => {
    const row = rowsOf(await list('user')).find((r) => r.MappingId === own.id)!;
    expect(row.Generated).toBe(1);
    expect(row.LastGeneratedDt).not.toBeNull();
    const next = await send(t, GENERATION_API.fromNumber, { MappingId: own.id }, tokens.user);
    expect(next.body).toEqual({ ResponseCode: '200', ResponseMessage: 'Success', ResponseData: { FrmNo: 1031 } });
    const none = await send(t, GENERATION_API.fromNumber, { MappingId: sibling.id }, tokens.user);
    expect(none.body.ResponseMessage).toBe(GEN_MSG.notFound);
    const fresh = await send(t, GENERATION_API.fromNumber, { MappingId: sibling.id }, tokens.sibling);
    expect(fresh.body.ResponseData).toEqual({ FrmNo: 1001 });
  });

  it('a link whose numbers were de-mapped since gives nothing', async () => {
    const m = await insertMapping(t.db, {
      companyId: w.company,
      productId: w.product,
      prefix: 'GA',
      fromNo: 4001,
      toNo: 4010,
    });
    const res = await generate(generateBody(m, 4001, 4010));
    await t.db.execute(`delete from mappings where id = ${m.id}`);
    const file = await fetchFile((res.body.ResponseData as { downloadLinK: string }).downloadLinK);
    expect(file.statusCode).toBe(404);
    expect(JSON.parse(file.payload)).toEqual({
      ResponseCode: '404',
      ResponseMessage: GEN_MSG.linkGone,
      ResponseData: null,
    });
  });

  it('CreateGeneratedNumber needs the Number Generation page', async () => {
    const res = await generate(generateBody(own, 1001, 1010), 'downloader');
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
  });
});
