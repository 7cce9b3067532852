// Dispatch Receive's local effect: the DID is received here (a second receipt is refused on the
// device). See work/registry.ts.
import { RECEIVE_API } from '@shared/contracts/floor/dispatch-receive.js';
import { slipText, workEffect } from '../work/local-work.js';

export const receiveWork = workEffect(RECEIVE_API.save, (work, p) => {
  work.received.add(slipText(p.DispatchId));
});
