// GEOCODER_URL (issue 13 item 3): with a Nominatim-compatible service named, a genuine verification
// with a position gets the street address the service gives, written into its row after the answer;
// one position is asked once; a failing service leaves the row as it was and the answer unchanged.
// The service here is a real HTTP server speaking Nominatim's /reverse (format=jsonv2).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { VERIFY_API, type VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import { send } from '../../helpers/endpoint-call.js';
import { appCodes, insertFactory, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';
import { verificationOf } from '../../helpers/feedback-id.js';

let codes: CodeMac;
let A: Factory;
let peer: Server;
const asked: string[] = [];
let failing = false;

const verify = (n: number, at: { Latitude: number; Longitude: number }) =>
  send(t, VERIFY_API.verify, {
    UID: codes.make(staticSeries(A.prefix), n),
    verificationMode: 'Web',
    verificationType: 2,
    ...at,
  });
/** The street address of the verification whose visitor received `key` (its FeedbackId). */
const addressOf = async (key: string) =>
  (await t.db.select({ a: verifications.address }).from(verifications).where(verificationOf(key)))[0]!.a;
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return read();
}

beforeAll(async () => {
  peer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    asked.push(
      `${url.pathname}?lat=${url.searchParams.get('lat')}&lon=${url.searchParams.get('lon')}&format=${url.searchParams.get('format')}`,
    );
    if (failing) return void res.writeHead(500).end('down');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        place_id: 1,
        display_name: 'Shop 4, Old Agra Road, Panchavati, Nashik, Maharashtra, 422003, India',
      }),
    );
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise((r) => peer.close(r)));

// Started after the set-up above, closed before its clean-up.
const t = useApp(() => ({ geocoderUrl: `http://127.0.0.1:${(peer.address() as AddressInfo).port}/` }));
beforeAll(async () => {
  codes = await appCodes(t);
  A = await insertFactory(t, nextPrefix());
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 50,
  });
});

describe('GEOCODER_URL', () => {
  it('stores the street address of a genuine verification with a position, asking once per spot', async () => {
    const res = await verify(1, { Latitude: 20.0059, Longitude: 73.791 });
    expect(res.body.ResponseCode).toBe('200');
    const id = (res.body.ResponseData as VerifyAnswer).FeedbackId;
    expect(
      await eventually(
        () => addressOf(id),
        (a) => a !== null,
      ),
    ).toBe('Shop 4, Old Agra Road, Panchavati, Nashik, Maharashtra, 422003, India');
    expect(asked).toEqual(['/reverse?lat=20.0059&lon=73.791&format=jsonv2']);
    const again = await verify(2, { Latitude: 20.00591, Longitude: 73.79101 });
    const id2 = (again.body.ResponseData as VerifyAnswer).FeedbackId;
    expect(
      await eventually(
        () => addressOf(id2),
        (a) => a !== null,
      ),
    ).toMatch(/^Shop 4/);
    expect(asked).toHaveLength(1);
  });

  it('a failing service leaves the row without a street address and the answer as it was', async () => {
    failing = true;
    const res = await verify(3, { Latitude: 21.1458, Longitude: 79.0882 });
    expect(res.body.ResponseCode).toBe('200');
    const id = (res.body.ResponseData as VerifyAnswer).FeedbackId;
    await eventually(
      async () => asked.length,
      (n) => n === 2,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(await addressOf(id)).toBeNull();
    expect(
      (await t.db.select({ city: verifications.city }).from(verifications).where(verificationOf(id)))[0]!.city,
    ).toBe('Nagpur');
  });
});
