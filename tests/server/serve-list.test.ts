// serveList through a real list (Recall/GetRecalls, declared by RECALL_LIST): an unknown sort is
// refused with the list query's message, and paging, search and TotalRows answer as every list does.
import { beforeAll, describe, expect, it } from 'vitest';
import { RECALL_API, RECALL_LIST } from '../../src/shared/contracts/recall.js';
import { PAGE } from '../../src/shared/pages.js';
import { send } from '../helpers/endpoint-call.js';
import { listBody } from '../helpers/factories.js';
import { insertFactory, insertMapping, staticSeries, type Factory } from '../helpers/factories-pairs.js';
import { nextPrefix } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let A: Factory;
const list = (body: object) => send(t, RECALL_LIST.api.list, listBody(body), A.token);
const batches = (rows: unknown) => (rows as { BatchNo: string }[]).map((r) => r.BatchNo);

beforeAll(async () => {
  A = await insertFactory(t, nextPrefix(), [PAGE.mapping.key]);
  for (const [i, batchNo] of ['SL-1', 'SL-2', 'SL-3'].entries()) {
    await insertMapping(t.db, {
      companyId: A.companyId,
      productId: A.productId,
      series: staticSeries(A.prefix),
      fromNo: i * 10 + 1,
      toNo: i * 10 + 10,
      batchNo,
    });
    expect(
      (await send(t, RECALL_API.save, { ProductId: A.productId, BatchNo: batchNo, Reason: `Reason ${i}` }, A.token))
        .body.ResponseCode,
    ).toBe('200');
  }
});

describe('serveList', () => {
  it('refuses a sort the contract does not name, with the list message', async () => {
    expect((await list({ SortColumn: 'Nope' })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: "The list cannot be sorted by 'Nope'.",
    });
    // RecallId is a row field, but no column sorts by it.
    expect((await list({ SortColumn: 'RecallId' })).body.ResponseMessage).toBe(
      "The list cannot be sorted by 'RecallId'.",
    );
  });

  it('pages in the asked order, each row carrying the count before paging', async () => {
    const first = await list({ SortColumn: 'BatchNo', SortOrder: 'ASC', PageSize: 2 });
    expect(batches(first.body.ResponseData)).toEqual(['SL-1', 'SL-2']);
    expect((first.body.ResponseData as { TotalRows: number }[]).every((r) => r.TotalRows === 3)).toBe(true);
    const second = await list({ SortColumn: 'BatchNo', SortOrder: 'ASC', PageSize: 2, First: 3 });
    expect(batches(second.body.ResponseData)).toEqual(['SL-3']);
    expect(batches((await list({ SortColumn: 'BatchNo', SortOrder: 'DESC' })).body.ResponseData)).toEqual([
      'SL-3',
      'SL-2',
      'SL-1',
    ]);
  });

  it('searches the declared columns, and counts what it found', async () => {
    const found = await list({ SearchValue: 'reason 1' });
    expect(found.body.ResponseData).toEqual([
      expect.objectContaining({ BatchNo: 'SL-2', Reason: 'Reason 1', TotalRows: 1 }),
    ]);
    expect((await list({ SearchValue: 'nothing like it' })).body.ResponseData).toEqual([]);
  });
});
