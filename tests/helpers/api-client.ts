// Plain HTTP calls to the running test server, for what a browser test checks beside the screen
// (e.g. that the API itself refuses a page the menu no longer shows). Tests call the declared
// endpoint objects through `api`, never a typed path.
import type { Envelope } from '../../src/shared/contracts/envelope.js';
import { LOGIN_API } from '../../src/shared/contracts/auth.js';
import { endpointPath, type DataOf, type Endpoint, type Params } from '../../src/shared/endpoint.js';
import { baseUrl } from './browser.js';
import { checkData } from './endpoint-call.js';

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

async function call<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
  origin: string = baseUrl(),
): Promise<Answer<T>> {
  const res = await fetch(`${origin}/API/api/${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** `e` called with `body` (a GET's is ignored) as `token`, path params in `params`; a '200' answer's
 *  data is checked against e's data schema, as the server tests check it. `origin`: another server
 *  than the browser project's (a test that runs its own). */
export async function api<E extends Endpoint>(
  e: E,
  body?: unknown,
  token?: string,
  params?: Params,
  origin?: string,
): Promise<Answer<DataOf<E>>> {
  const path = endpointPath(e, params);
  const answer = await call<DataOf<E>>(e.method, path, token, e.method === 'GET' ? undefined : body, origin);
  if (answer.body.ResponseCode === '200') checkData(e, answer.body.ResponseData, path);
  return answer;
}

export async function apiSignIn(email: string, password: string, origin?: string): Promise<string> {
  const { body } = await api(LOGIN_API.checkUser, { Email: email, Password: password }, undefined, undefined, origin);
  if (body.ResponseCode !== '200') throw new Error(`sign-in failed: ${body.ResponseMessage}`);
  return body.ResponseData[0]!.Token;
}

/** The data of a call that must succeed (test setup); otherwise fails naming `what` and the message. */
export async function ok<T>(
  what: string,
  p: Promise<{ body: { ResponseCode: string; ResponseMessage: string; ResponseData: T } }>,
): Promise<T> {
  const { body } = await p;
  if (body.ResponseCode !== '200') throw new Error(`${what}: ${body.ResponseMessage}`);
  return body.ResponseData;
}
