// A scanned DID's cartons: from the device cache at once; from the server only for a DID the cache does
// not know (a dispatch made since the last refresh), and, online, in the background for a cached one,
// whose answer adds the packing dates and says whether it is still to receive (another device of this
// site may have received it since the refresh).
import { RECEIVE_API, type ReceiveCartonRow } from '@shared/contracts/floor/dispatch-receive.js';
import { call } from '../../../api/call.js';
import type { FloorCache } from '../../../floor/cache/index.js';
import { isOnline } from '../../../offline/network-status.js';
import { fromCache, fromServer, RECEIVE_TEXT, type LoadedDispatch } from './receive-rows.js';

/** refused: the server said no to this dispatch ('400': received, not addressed here, taken back). */
export type ServerCartons = { rows: ReceiveCartonRow[] } | { message: string; refused: boolean } | { offline: true };

/** GetDispatchReceiveCarton: the cartons still on the way, or the server's refusal (its message). */
export async function serverCartons(did: string): Promise<ServerCartons> {
  const res = await call(RECEIVE_API.cartons, { DispatchId: did });
  if (res.ResponseCode === '0') return { offline: true };
  if (res.ResponseCode === '200' && res.ResponseData.length > 0) return { rows: res.ResponseData };
  return { message: res.ResponseMessage, refused: res.ResponseCode === '400' || res.ResponseCode === '200' };
}

export type Lookup = { loaded: LoadedDispatch; cached: boolean } | { message: string };

export async function lookUpDispatch(did: string, cache: FloorCache): Promise<Lookup> {
  const cached = cache.dispatch.Incoming.find((d) => d.DispatchId === did);
  if (cached) return { loaded: fromCache(cached), cached: true };
  if (!isOnline()) return { message: RECEIVE_TEXT.notOnDevice(did) };
  const answer = await serverCartons(did);
  if ('offline' in answer) return { message: RECEIVE_TEXT.notOnDevice(did) };
  if ('message' in answer) return { message: answer.message };
  return { loaded: fromServer(did, answer.rows), cached: false };
}
