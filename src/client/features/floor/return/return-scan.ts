// One scan on Carton Return, decided on the device (spec 2 sections 4, 5; the rule is
// shared/contracts/floor/carton-return.ts): TID, SID or DID, each once (returnScans); a carton this
// device has already taken back is refused; the device cache's Sent (cartons my site may take back
// now, with their leg) answers the rest: Return From Transit takes Leg 'sent', unticked Leg 'received'.
// What Sent does not know is asked of the server when online (the cache may be older), and refused
// when offline. Pure: the screen gives it the list, the flag and the device's data.
import { parseSlipId } from '@shared/codes.js';
import { RETURN_MSG, returnScans, type ReturnRow } from '@shared/contracts/floor/carton-return.js';
import type { SentCarton } from '@shared/contracts/floor/dispatch-cache.js';
import { returnCheck } from '../../../floor/device-check.js';
import { en } from '../../../floor/words/en.js';

/** A row of the return list: what the row shows, and the dispatch it comes back from. */
export type ReturnListRow = Pick<ReturnRow, 'CartonId' | 'ProductName' | 'MFGDate' | 'EXPDate' | 'DispatchId'> & {
  Id?: number;
};

/** The device's own texts (the server's and the spec's are in RETURN_MSG). */
export const RETURN_DEVICE_MSG = {
  added: en.added,
  addedOf: en.returnAddedOf,
  /** Offline, a carton the device's data does not list as one to take back. */
  notInDeviceData: en.notInDeviceData,
  /** Taken back on this device already (the cache does not know its dispatch any more). */
  returnedHere: en.returnedHere,
  queued: en.returnQueued,
} as const;

/** Sent, by carton and by dispatch (built once per cache). */
export interface SentIndex {
  byCarton: ReadonlyMap<string, SentCarton>;
  byDid: ReadonlyMap<string, readonly SentCarton[]>;
}

/** `sentHere`: cartons dispatched on this device, which the cache lists only after its next refresh;
 *  the cache's row wins for a carton it lists (the server's state is newer than the queue's). */
export function sentIndex(
  sent: readonly SentCarton[],
  sentHere: ReadonlyMap<string, SentCarton> = new Map(),
): SentIndex {
  const byCarton = new Map<string, SentCarton>(sentHere);
  for (const s of sent) byCarton.set(s.CartonId, s);
  const byDid = new Map<string, SentCarton[]>();
  for (const s of byCarton.values()) byDid.set(s.DispatchId, [...(byDid.get(s.DispatchId) ?? []), s]);
  return { byCarton, byDid };
}

export interface ReturnScanState {
  rows: readonly ReturnListRow[];
  /** Return From Transit. */
  transit: boolean;
  sent: SentIndex;
  /** Cartons taken back on this device (local work). */
  returned: ReadonlySet<string>;
}

/** A scan settled: its rows listed, or refused with why. */
export type ReturnDecision =
  { kind: 'add'; rows: ReturnListRow[]; message: string } | { kind: 'refuse'; message: string };

export type ReturnScanOutcome =
  | ReturnDecision
  /** The device's data does not settle it: the server is asked when online; `offline` answers otherwise. */
  | { kind: 'ask'; id: string; offline: string };

const rowOf = (s: SentCarton): ReturnListRow => ({
  CartonId: s.CartonId,
  ProductName: s.ProductName,
  MFGDate: s.MFGDate,
  EXPDate: s.EXPDate,
  DispatchId: s.DispatchId,
});

/** What one scan does to the list. */
export function checkReturnScan(text: string, st: ReturnScanState): ReturnScanOutcome {
  const listed = st.rows.map((r) => r.CartonId);
  // The list's ids are valid and distinct: a fault can only be the new scan's.
  const fault = returnScans([...listed, text]).faults[0];
  if (fault) return { kind: 'refuse', message: fault.Reason };
  const slip = parseSlipId(text)!;
  const id = slip.text;

  if (slip.type === 'DID') {
    const mine = (st.sent.byDid.get(id) ?? []).filter(
      (s) => returnCheck(s, st.transit) === null && !st.returned.has(s.CartonId),
    );
    if (mine.length === 0) return { kind: 'ask', id, offline: RETURN_MSG.nothing(id, st.transit) };
    return addNew(mine.map(rowOf), listed, RETURN_DEVICE_MSG.addedOf(mine.length, id), id);
  }

  const s = st.sent.byCarton.get(id);
  if (st.returned.has(id))
    return { kind: 'refuse', message: s ? RETURN_MSG.returned(id, s.DispatchId) : RETURN_DEVICE_MSG.returnedHere(id) };
  if (!s) return { kind: 'ask', id, offline: RETURN_DEVICE_MSG.notInDeviceData(id) };
  // The lifecycle decides: on the way (Return From Transit) or received (unticked).
  const refusal = returnCheck(s, st.transit);
  if (refusal !== null) return { kind: 'refuse', message: refusal };
  return { kind: 'add', rows: [rowOf(s)], message: RETURN_DEVICE_MSG.added(id) };
}

/** The server's rows for the scan it was asked about (GetPackingForReturn), against the list as it is now. */
export function fromServer(
  id: string,
  rows: readonly ReturnRow[],
  st: Pick<ReturnScanState, 'rows' | 'returned' | 'transit'>,
): ReturnDecision {
  const taken = rows
    .filter((r) => !st.returned.has(r.CartonId))
    .map((r): ReturnListRow => ({
      Id: r.Id,
      CartonId: r.CartonId,
      ProductName: r.ProductName,
      MFGDate: r.MFGDate,
      EXPDate: r.EXPDate,
      DispatchId: r.DispatchId,
    }));
  if (rows.length === 0) return { kind: 'refuse', message: RETURN_MSG.nothing(id, st.transit) };
  if (taken.length === 0) return { kind: 'refuse', message: RETURN_DEVICE_MSG.returnedHere(rows[0]!.CartonId) };
  const did = parseSlipId(id)?.type === 'DID';
  return addNew(
    taken,
    st.rows.map((r) => r.CartonId),
    did ? RETURN_DEVICE_MSG.addedOf(taken.length, id) : RETURN_DEVICE_MSG.added(id),
    id,
  );
}

/** The rows not listed yet; 'Already Scanned..!' when every one is. */
function addNew(rows: ReturnListRow[], listed: readonly string[], message: string, id: string): ReturnDecision {
  const have = new Set(listed);
  const fresh = rows.filter((r) => !have.has(r.CartonId));
  if (fresh.length === 0) return { kind: 'refuse', message: RETURN_MSG.alreadyScanned };
  return {
    kind: 'add',
    rows: fresh,
    message: fresh.length === rows.length ? message : RETURN_DEVICE_MSG.addedOf(fresh.length, id),
  };
}
