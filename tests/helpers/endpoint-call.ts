// Calls a declared endpoint (src/shared/endpoint.ts) on the test app by its method and path, and
// checks that a '200' answer's ResponseData is what the endpoint's data schema says: a row the
// server sends but the contract does not declare (or the reverse) fails the test that met it.
import { endpointPath, type Endpoint, type Params } from '../../src/shared/endpoint.js';
import type { Answer, TestApp } from './server-app.js';

/** The answer of `e` called with `body` (ignored for a GET) as `token`, path params in `params`. */
export async function send(t: TestApp, e: Endpoint, body?: unknown, token?: string, params?: Params): Promise<Answer> {
  const path = endpointPath(e, params);
  const res = e.method === 'GET' ? await t.get(path, token) : await t.post(path, body, token);
  if (res.body.ResponseCode === '200') checkData(e, res.body.ResponseData, path);
  return res;
}

/** A GET endpoint's answer: `send` without a body. */
export const fetchGet = (t: TestApp, e: Endpoint, params?: Params, token?: string) =>
  send(t, e, undefined, token, params);

/** Throws, naming the path and the fields at fault, when `data` is not the endpoint's answer. */
export function checkData(e: Endpoint, data: unknown, path = e.path): void {
  const parsed = e.data.safeParse(data);
  if (parsed.success) return;
  const where = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`)
    .join('; ');
  throw new Error(`${e.method} ${path}: ResponseData does not match the endpoint's data schema (${where})`);
}
