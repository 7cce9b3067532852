// A recalled batch (issue 13 item 2): Recall/CreateRecall names a batch of the caller's product that
// its mappings carry; every pack of it then answers '-1' with the reason, other batches stay genuine;
// a batch recalled twice, a batch no pack carries and another company's product are refused.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { RECALL_API, RECALL_MSG } from '../../../src/shared/contracts/recall.js';
import { VERIFY_API, VERIFY_MSG } from '../../../src/shared/contracts/public/verify.js';
import { PAGE } from '../../../src/shared/pages.js';
import { checkData, send } from '../../helpers/endpoint-call.js';
import { listBody } from '../../helpers/factories.js';
import { appCodes, insertFactory, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: Factory;
let B: Factory;
const verify = (n: number) =>
  send(t, VERIFY_API.verify, {
    UID: codes.make(staticSeries(A.prefix), n),
    verificationMode: 'Web',
    verificationType: 2,
  });

beforeAll(async () => {
  codes = await appCodes(t);
  A = await insertFactory(t, nextPrefix(), [PAGE.mapping.key]);
  B = await insertFactory(t, nextPrefix(), [PAGE.mapping.key]);
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 10,
    batchNo: 'RC-1',
  });
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 11,
    toNo: 20,
    batchNo: 'RC-2',
  });
});

describe('a recalled batch', () => {
  it("answers '-1' with the reason for every pack of it, and only of it", async () => {
    expect((await verify(3)).body.ResponseCode).toBe('200');
    const save = (body: unknown, token = A.token) => send(t, RECALL_API.save, body, token);
    expect((await save({ ProductId: A.productId, BatchNo: 'rc-1', Reason: 'Seal failure' })).body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: RECALL_MSG.saved,
    });
    for (const n of [3, 4])
      expect((await verify(n)).body).toMatchObject({
        ResponseCode: '-1',
        ResponseMessage: VERIFY_MSG.recalled('Seal failure'),
        ResponseData: null,
      });
    expect((await verify(12)).body.ResponseCode).toBe('200');

    expect((await save({ ProductId: A.productId, BatchNo: 'RC-1', Reason: 'Again' })).body.ResponseMessage).toBe(
      RECALL_MSG.duplicate,
    );
    expect((await save({ ProductId: A.productId, BatchNo: 'NOPE', Reason: 'x' })).body.ResponseMessage).toBe(
      RECALL_MSG.noBatch,
    );
    expect((await save({ ProductId: A.productId, BatchNo: 'RC-2', Reason: ' ' })).body.ResponseMessage).toBe(
      RECALL_MSG.reason,
    );
    expect(
      (await save({ ProductId: A.productId, BatchNo: 'RC-2', Reason: 'theirs' }, B.token)).body.ResponseMessage,
    ).toBe(RECALL_MSG.product);
    expect((await verify(12)).body.ResponseCode).toBe('200');

    const list = await send(t, RECALL_API.list, listBody({}), A.token);
    checkData(RECALL_API.list, list.body.ResponseData);
    expect(list.body.ResponseData).toMatchObject([
      { ProductName: A.productName, BatchNo: 'RC-1', Reason: 'Seal failure' },
    ]);
    expect((await send(t, RECALL_API.list, listBody({}), B.token)).body.ResponseData).toEqual([]);
  });
});
