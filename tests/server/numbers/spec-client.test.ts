// Issue 10 items 9, 10 and 11: a client written to the spec's call tables gets the same answers from
// the numbers routes as our forms: JSON numbers where the spec has numbers, unknown fields refused in
// Mapping's update mode too, and From above To answered with the spec's message.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mappings, numberIssues } from '../../../src/server/db/schema.js';
import { GEN_MSG, GENERATION_API } from '../../../src/shared/contracts/numbers/generation.js';
import { ISSUE_API, ISSUE_MSG } from '../../../src/shared/contracts/numbers/issue.js';
import { MAPPING_API, MAPPING_MSG } from '../../../src/shared/contracts/numbers/mapping.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertMapper, insertMapping, mapBody, type MapperWorld } from '../../helpers/factories-mapping.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let admin: string;
let w: MapperWorld;
beforeAll(async () => {
  admin = await t.token('admin');
  w = await insertMapper(t, [PAGE.mapping.key, PAGE.numberGeneration.key, PAGE.adminNumberDownload.key]);
});

const warned = (message: string) => ({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });

describe('IssueNumber/CreateIssueNumber', () => {
  it('takes SalesOrderNo as a JSON number and stores its text', async () => {
    const res = await send(
      t,
      ISSUE_API.create,
      { CompanyId: w.companyId, FrmNo: 950_001, ToNo: 950_010, IssueQty: 10, SalesOrderNo: 4501 },
      admin,
    );
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    const [row] = await t.db.select().from(numberIssues).where(eq(numberIssues.fromNo, 950_001));
    expect(row?.salesOrderNo).toBe('4501');
    const zero = await send(
      t,
      ISSUE_API.create,
      { CompanyId: w.companyId, FrmNo: 950_011, ToNo: 950_011, IssueQty: 1, SalesOrderNo: 0 },
      admin,
    );
    expect(zero.body).toEqual(warned(ISSUE_MSG.salesOrderRequired));
  });

  it("From above To answers the spec's message, whatever the quantity", async () => {
    for (const IssueQty of ['', 0, -4, undefined]) {
      const res = await send(
        t,
        ISSUE_API.create,
        { CompanyId: w.companyId, FrmNo: '960010', ToNo: '960001', IssueQty, SalesOrderNo: 'S' },
        admin,
      );
      expect(res.body).toEqual(warned(ISSUE_MSG.fromBeforeTo));
    }
  });
});

describe('Mapping/CreateMapping', () => {
  it("From above To answers the spec's message with the quantity box blank", async () => {
    for (const Qty of ['', 0, undefined]) {
      expect((await send(t, MAPPING_API.save, mapBody(w.productId, 20, 10, { Qty }), w.token)).body).toEqual(
        warned(MAPPING_MSG.fromBeforeTo),
      );
    }
  });

  it('update mode refuses unknown fields and changes nothing', async () => {
    const m = await insertMapping(t.db, {
      kind: 'S',
      prefix: w.prefix,
      fromNo: 500,
      toNo: 599,
      companyId: w.companyId,
      productId: w.productId,
    });
    const res = await send(t, MAPPING_API.save, { MappingId: m.id, EXPDate: '2031-01-01', BatchNo: 'NEW' }, w.token);
    expect(res.body).toEqual(warned('Unknown field: BatchNo'));
    const [after] = await t.db.select().from(mappings).where(eq(mappings.id, m.id));
    expect(after).toMatchObject({ expDate: m.expDate, batchNo: m.batchNo });
  });

  it('MappingId as text: an update by id, an add by "0"', async () => {
    const m = await insertMapping(t.db, {
      kind: 'S',
      prefix: w.prefix,
      fromNo: 600,
      toNo: 699,
      companyId: w.companyId,
      productId: w.productId,
    });
    const res = await send(t, MAPPING_API.save, { MappingId: String(m.id), EXPDate: '2031-02-02' }, w.token);
    expect(res.body.ResponseMessage).toBe(MAPPING_MSG.updated);
    expect(
      (await send(t, MAPPING_API.save, mapBody(w.productId, 700, 709, { MappingId: '0' }), w.token)).body
        .ResponseMessage,
    ).toBe(MAPPING_MSG.created);
  });
});

describe('Number Generation', () => {
  it("From above To answers the spec's message, whatever the quantity", async () => {
    const m = await insertMapping(t.db, {
      kind: 'S',
      prefix: w.prefix,
      fromNo: 800,
      toNo: 899,
      companyId: w.companyId,
      productId: w.productId,
    });
    expect(
      (await send(t, GENERATION_API.generate, { MappingId: m.id, FromNo: 850, ToNo: 840, Qty: '' }, w.token)).body,
    ).toEqual(warned(GEN_MSG.fromBeforeTo));
    expect(
      (await send(t, GENERATION_API.download, { Prefix: w.prefix, FromNo: '850', ToNo: '840', Qty: -9 }, w.token)).body,
    ).toEqual(warned(GEN_MSG.fromBeforeTo));
  });
});
