// The one HTTP client: bearer token and 'page' header on every call, one refresh attempt on a 401
// (shared by concurrent calls), then session cleared and the sign-in screen. Calls never throw:
// HTTP and network failures come back as an envelope, as the spec's client does.
import ky, { type KyResponse } from 'ky';
import type { Envelope } from '@shared/contracts/envelope.js';
import { clearSession, getSession, updateTokens } from './session.js';
import { reportNetwork } from '../offline/network-status.js';
import { API_BASE, refreshTokens } from './token-refresh.js';
import { noteAnswer } from './data-as-of.js';

export { API_BASE };
export const OFFLINE_MESSAGE = 'No network connection. Please try again when online.';

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The shell sets this so a 401 navigates inside the app instead of reloading it. */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

/** The 'page' header: the last segment of the current route (spec 1 section 7). */
const pageHeader = () => window.location.pathname.split('/').filter(Boolean).pop() ?? '';

const client = ky.create({
  prefixUrl: API_BASE,
  throwHttpErrors: false,
  retry: 0,
  timeout: 60_000,
});

let refreshing: Promise<'ok' | 'ended' | 'offline'> | null = null;

/** A fresh pair for the refused token, shared by concurrent calls here and with the service worker's
 *  outbox (api/token-refresh.ts), which may have refreshed the stored pair already. */
async function refresh(): Promise<'ok' | 'ended' | 'offline'> {
  const s = getSession();
  if (!s) return 'ended';
  refreshing ??= (async () => {
    try {
      const r = await refreshTokens(s.Token);
      if (!r.ok) return r.reason;
      await updateTokens(r.pair.Token, r.pair.RefreshToken);
      return 'ok';
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

async function toEnvelope<T>(res: KyResponse): Promise<Envelope<T>> {
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (res.ok && body && typeof body.ResponseCode === 'string') return body;
  return {
    ResponseCode: String(res.status),
    ResponseMessage: body?.ResponseMessage || res.statusText || `HTTP ${res.status}`,
    ResponseData: (body?.ResponseData ?? null) as T,
  };
}

/** The call with the token, one refresh on a 401 (then the session ends); throws on no network. */
async function authorized(
  method: 'get' | 'post',
  path: string,
  json: unknown,
  public_: boolean,
  extra: Record<string, string> = {},
): Promise<KyResponse> {
  const call = () => {
    const token = getSession()?.Token;
    return client(path.replace(/^\/+/, ''), {
      method,
      // A FormData body (uploads) goes as multipart; anything else as JSON.
      ...(json instanceof FormData ? { body: json } : json !== undefined ? { json } : {}),
      headers: { ...extra, page: pageHeader(), ...(token && !public_ ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  let res = await call();
  reportNetwork(true);
  if (res.status === 401 && !public_) {
    const refreshed = await refresh();
    if (refreshed === 'ok') res = await call();
    // A refresh that could not reach the server ends nothing: the call answers 401 and the session stays.
    if (res.status === 401 && refreshed !== 'offline') {
      await clearSession();
      onUnauthorized();
    }
  }
  return res;
}

async function send<T>(method: 'get' | 'post', path: string, json?: unknown, public_ = false): Promise<Envelope<T>> {
  try {
    const res = await authorized(method, path, json, public_);
    noteAnswer(path, res.headers);
    return await toEnvelope<T>(res);
  } catch {
    reportNetwork(false);
    return { ResponseCode: '0', ResponseMessage: OFFLINE_MESSAGE, ResponseData: null as T };
  }
}

/** A file an API call answers (a report's CSV): its bytes, its name, and the rows the server counted. */
export interface ApiFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

/** The response as a file when it is of `type`; a refusal, or no file, as the envelope it answered. */
async function fileOf(res: KyResponse, type: string, rowsHeader?: string): Promise<ApiFile | Envelope<null>> {
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith(type)) return toEnvelope<null>(res);
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const rows = rowsHeader ? Number(res.headers.get(rowsHeader) ?? 0) : 1;
  return { blob: await res.blob(), fileName, rows };
}

async function fileCall(
  method: 'get' | 'post',
  path: string,
  body: unknown,
  accept: string,
  rowsHeader?: string,
): Promise<ApiFile | Envelope<null>> {
  try {
    return await fileOf(await authorized(method, path, body, false, { accept }), accept, rowsHeader);
  } catch {
    reportNetwork(false);
    return { ResponseCode: '0', ResponseMessage: OFFLINE_MESSAGE, ResponseData: null };
  }
}

/** A POST answered by a file of the type `accept` names; a refusal or no network comes back as the envelope. */
export const postForFile = (path: string, body: unknown, rowsHeader: string, accept: string) =>
  fileCall('post', path, body, accept, rowsHeader);

/** A GET answered by a file of the type `accept` names (an EPCIS document); a refusal as the envelope. */
export const getForFile = (path: string, accept: string) => fileCall('get', path, undefined, accept);

export const api = {
  get: <T>(path: string) => send<T>('get', path),
  post: <T>(path: string, body: unknown = {}) => send<T>('post', path, body),
  /** A multipart POST (Upload/FileUpload): same token, refresh and envelope handling. */
  upload: <T>(path: string, form: FormData) => send<T>('post', path, form),
  /** Calls that need no sign-in (login, forgot password, reset, public verification). */
  publicPost: <T>(path: string, body: unknown = {}) => send<T>('post', path, body, true),
};
