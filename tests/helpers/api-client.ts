// Plain HTTP calls to the running test server, for what a browser test checks beside the screen
// (e.g. that the API itself refuses a page the menu no longer shows).
import type { Envelope } from '../../src/shared/contracts/envelope.js';
import type { LoginResult } from '../../src/shared/contracts/auth.js';
import { baseUrl } from './browser.js';

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export async function call<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await fetch(`${baseUrl()}/API/api/${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

export async function apiSignIn(email: string, password: string): Promise<string> {
  const { body } = await call<LoginResult[]>('POST', 'Login/CheckUser', undefined, {
    Email: email,
    Password: password,
  });
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
