// A flood of verifications does not stop the admin screens (issue 13 item 8), over real HTTP, on
// PGlite and PostgreSQL: with 300 verifications sent at once (one statement at work at a time, each
// looking up at most ten of the codes waiting in the line: thirty statements at least), an admin's
// list answers before the flood is through, and every verification of the flood is answered in the end.
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { CARTON_API } from '../../../src/shared/contracts/carton.js';
import { VERIFY_API } from '../../../src/shared/contracts/public/verify.js';
import { listBody } from '../../helpers/factories.js';
import { appCodes, insertFactory, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const FLOOD = 300;
let codes: CodeMac;
let A: Factory;
let api: string;

const LIST = 10;
const t = useApp({ verifyMaxInFlight: 1, verifyGroupRows: LIST, verifyQueue: 1000, verifyLimitPerAddress: 100_000 });

beforeAll(async () => {
  codes = await appCodes(t);
  A = await insertFactory(t, nextPrefix());
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: FLOOD,
  });
  // Real sockets: a flood is requests arriving while others wait, which inject does not make.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/API/api/`;
}, 60_000);

const post = (path: string, body: unknown, token?: string) =>
  fetch(api + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('under a flood of verifications', () => {
  it('an admin list answers while the flood waits in line; the flood is answered whole', async () => {
    const admin = await t.token('admin');
    let answered = 0;
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      post(VERIFY_API.verify.path, {
        UID: codes.make(staticSeries(A.prefix), i + 1),
        verificationMode: 'Web',
        verificationType: 2,
      }).then(async (res) => {
        const body = (await res.json()) as { ResponseCode: string };
        answered++;
        return body.ResponseCode;
      }),
    );
    while (answered < 5) await new Promise((r) => setTimeout(r, 1));
    const list = await post(CARTON_API.list.path, listBody({}), admin);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { ResponseCode: string }).ResponseCode).toBe('200');
    expect(answered).toBeLessThan(FLOOD - LIST);
    expect(new Set(await Promise.all(flood))).toEqual(new Set(['200']));
  }, 60_000);
});
