// The page's calls: plain fetch, JSON, the envelope ({ResponseCode, ResponseMessage, ResponseData}),
// no sign-in. The contracts are src/shared/contracts/public/verify.ts and loyalty/points.ts; only
// their types are read here (the page carries no zod).
import type { Envelope } from '../shared/contracts/envelope.js';
import type { PointsAnswer } from '../shared/contracts/loyalty/points.js';
import type { VerifyAnswer } from '../shared/contracts/public/verify.js';
import type { VisitorDetails } from '../shared/contracts/public/verify-rules.js';
import type { Position } from './geo.js';

const API = '/API/api/';
/** A weak mobile network is slow, not dead: give up only after this long. */
const TIMEOUT_MS = 30_000;

/** An answer (any envelope, the server's refusals included), or why there is none. */
export type Call<T> =
  | { ok: true; env: Envelope<T | null> }
  /** 'busy': 429 (its message, when it sent one); 'server': 5xx or no envelope; 'offline': no answer. */
  | { ok: false; failure: 'busy' | 'server' | 'offline'; message: string };

const isEnvelope = (v: unknown): v is Envelope<unknown> =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Envelope).ResponseCode === 'string' &&
  typeof (v as Envelope).ResponseMessage === 'string';

export async function post<T>(action: string, body: unknown): Promise<Call<T>> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(API + action, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
  } catch {
    clearTimeout(timer);
    return { ok: false, failure: 'offline', message: '' };
  }
  let env: unknown = null;
  try {
    env = await res.json();
  } catch {
    // not JSON (a proxy's error page, a cut connection)
  } finally {
    clearTimeout(timer);
  }
  if (res.status === 429) return { ok: false, failure: 'busy', message: isEnvelope(env) ? env.ResponseMessage : '' };
  if (res.status >= 500 || !isEnvelope(env)) return { ok: false, failure: 'server', message: '' };
  return { ok: true, env: env as Envelope<T | null> };
}

/** The Details Form's values (the shared rules' type). */
export type Visitor = VisitorDetails;

/** The request of spec 3 section 3 ("Public verification"), with our position instead of an address. */
export function verifyProduct(uid: string, position: Position | null, visitor: Visitor | null) {
  return post<VerifyAnswer>('ProductAuthentication/VerifyProduct', {
    UID: uid,
    qrData: window.location.href,
    verificationMode: 'Web',
    verificationType: 2,
    ...(position ?? {}),
    ...(visitor ? { isFormFilled: true, ...visitor } : {}),
  });
}

export const getUserPoints = (UsrId: string, MobNo: string) =>
  post<PointsAnswer>('UserPointTransaction/GetUserPoints', { UsrId, MobNo });

/** The spec's point transaction payload (spec 3 section 3). */
export interface Redemption {
  UsrId: string;
  Points: number;
  Totalpoints: number;
  ProductName: string;
  SchemeName: string;
  PaytmPoint: number;
  Location: string;
  MobNo: string;
  UserName: string;
}

export const redeemPoints = (r: Redemption) =>
  post<{ Balance: number; RequestId: number }>('UserPointTransaction/CreateUserPointTransaction', r);

export const sendFeedback = (FeedbackId: string, UsrFeedback: string) =>
  post<null>('ProductAuthentication/UpdateFeedback', { FeedbackId, UsrFeedback });

/** What the page was opened for: the U parameter of /P (a uid, or the whole Digital Link the resolver
 *  redirected with: the server reduces it to the uid and checks its GTIN, batch and dates); '' for none. */
export function scannedCode(location: Location): string {
  const params = new URLSearchParams(location.search);
  return (params.get('U') ?? params.get('u') ?? '').trim();
}
