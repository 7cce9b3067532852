// Asking the server about a scan the device cache cannot settle (GetPackingForReturn): the cache is as
// of its last refresh, and a carton dispatched or received since is known only there. The answer is
// the rows to take back, or the server's refusal naming the carton and why; a network that fails or is
// slow counts as offline, so a scan never hangs on it.
import { RETURN_API, type ReturnRow } from '@shared/contracts/floor/carton-return.js';
import { call } from '../../../api/call.js';

/** Longer than this and the scan is answered from the device's data. */
export const LOOKUP_WAIT_MS = 8_000;

export type LookupAnswer = { rows: ReturnRow[] } | { refused: string } | 'offline';

export async function packingForReturn(id: string, transit: boolean): Promise<LookupAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'offline'>((done) => {
    timer = setTimeout(() => done('offline'), LOOKUP_WAIT_MS);
  });
  const asked = call(RETURN_API.packing, { cartonID: id, isTransit: transit }).then((e): LookupAnswer => {
    if (e.ResponseCode === '200') return { rows: e.ResponseData };
    // '0': the network failed (api/http.ts); a 5xx or 429 is no answer about the carton either.
    if (e.ResponseCode === '0' || e.ResponseCode === '429' || e.ResponseCode.startsWith('5')) return 'offline';
    return { refused: e.ResponseMessage };
  });
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
