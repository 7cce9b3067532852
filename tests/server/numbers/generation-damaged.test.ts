// Issue 10 item 11: damaged numbers are void, so a print file leaves them out and says how many it
// left out, instead of refusing the range; the list row carries the damaged sub-ranges so the screens
// can say so before the download. Generation, Admin Number Download and the issued preprinted file.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import {
  damagedIn,
  GEN_MSG,
  type GeneratedLink,
  type GeneratedNumberRow,
  GENERATION_API,
} from '../../../src/shared/contracts/numbers/generation.js';
import { listBody } from '../../helpers/factories.js';
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
let user: string;
let admin: string;
let m: MappingRow; // JA 1–100, damaged 10–12 and 50–59

beforeAll(async () => {
  w = await generationWorld(t.db, ['JA', 'JB', 'JC']);
  codes = await testCodes(t.db, t.config.codeSecret);
  user = (await t.signIn(w.user.email, w.user.password)).token;
  admin = await t.token('admin');
  m = await mapStatic(t.db, w, 'JA', 1, 100);
  await damage('S', 'JA', 10, 12);
  await damage('S', 'JA', 50, 59);
});

async function damage(kind: 'S' | 'P', prefix: string, from: number, to: number) {
  await t.db.execute(`insert into damages (kind, prefix, from_no, to_no, company_id, product_id, reason)
    values ('${kind}', '${prefix}', ${from}, ${to}, ${w.company}, ${w.product}, 'Torn labels')`);
}
const fetchFile = (link: string) => t.app.inject({ method: 'GET', url: link });
/** The expected lines of from..to without the damaged serials. */
const without = (from: number, to: number, skip: (n: number) => boolean) => {
  const all = expectedPrintLines(codes, t.config.publicBaseUrl, m, w.productName, from, to);
  return [all[0]!, ...all.slice(1).filter((l) => !skip(Number(l.split(',')[0])))];
};
const isDamaged = (n: number) => (n >= 10 && n <= 12) || (n >= 50 && n <= 59);

describe('Number Generation', () => {
  it('the list row carries the damaged sub-ranges and their count', async () => {
    const res = await send(t, GENERATION_API.list, listBody({ PageSize: 50 }), user);
    const row = (res.body.ResponseData as GeneratedNumberRow[]).find((r) => r.MappingId === m.id)!;
    expect(row).toMatchObject({
      Damaged: 13,
      DamagedRanges: [
        [10, 12],
        [50, 59],
      ],
    });
    expect(damagedIn(row.DamagedRanges, 11, 55)).toBe(8);
  });

  it('a range holding damaged numbers gives a file without them, and says how many were left out', async () => {
    const res = await send(t, GENERATION_API.generate, generateBody(m, 1, 100), user);
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: GEN_MSG.createdWithout(13),
      ResponseData: { FileName: 'JA1-100.csv', TotalRows: 87, Damaged: 13 },
    });
    expect(GEN_MSG.createdWithout(1)).toBe('File generated successfully: 1 damaged number left out.');
    const file = await fetchFile((res.body.ResponseData as GeneratedLink).downloadLinK);
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-total-rows']).toBe('87');
    expect(file.headers['x-damaged-rows']).toBe('13');
    expect(csvLines(file.payload)).toEqual(without(1, 100, isDamaged));
  });

  it('a sub-range starting and ending inside damages; an undamaged one says nothing more', async () => {
    const res = await send(t, GENERATION_API.generate, generateBody(m, 11, 55), user);
    expect(res.body.ResponseData).toMatchObject({ TotalRows: 37, Damaged: 8 });
    const file = await fetchFile((res.body.ResponseData as GeneratedLink).downloadLinK);
    expect(csvLines(file.payload)).toEqual(without(11, 55, isDamaged));
    const clean = await send(t, GENERATION_API.generate, generateBody(m, 13, 49), user);
    expect(clean.body).toMatchObject({ ResponseMessage: GEN_MSG.created, ResponseData: { TotalRows: 37, Damaged: 0 } });
  });

  it('a range of damaged numbers only is refused: there is nothing to print', async () => {
    const res = await send(t, GENERATION_API.generate, generateBody(m, 50, 59), user);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: GEN_MSG.allDamaged, ResponseData: null });
  });
});

describe('Admin Number Download and the issued preprinted file', () => {
  it('a whole mapping with damages downloads, without them', async () => {
    const res = await send(
      t,
      GENERATION_API.download,
      { Prefix: 'JA', FromNo: 1, ToNo: 100, Qty: 100, ProductName: 'x' },
      admin,
    );
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: GEN_MSG.createdWithout(13),
      ResponseData: { TotalRows: 87, Damaged: 13 },
    });
    const file = await fetchFile((res.body.ResponseData as GeneratedLink).downloadLinK);
    expect(csvLines(file.payload)).toEqual(without(1, 100, isDamaged));
  });

  it('the issued preprinted file leaves damaged numbers out too', async () => {
    const issue = await insertIssue(t.db, w.company, 910_001, 910_020);
    await damage('P', '', 910_005, 910_006);
    const res = await send(t, GENERATION_API.issuedFile, undefined, admin, { id: issue.id });
    expect(res.body).toMatchObject({
      ResponseMessage: GEN_MSG.createdWithout(2),
      ResponseData: { TotalRows: 18, Damaged: 2 },
    });
    const file = await fetchFile((res.body.ResponseData as GeneratedLink).downloadLinK);
    const serials = csvLines(file.payload)
      .slice(1)
      .map((l) => Number(l.split(',')[0]));
    expect(serials).toEqual(
      [...Array(20).keys()].map((i) => 910_001 + i).filter((n) => n !== 910_005 && n !== 910_006),
    );
    expect(file.headers['x-total-rows']).toBe('18');
  });
});
