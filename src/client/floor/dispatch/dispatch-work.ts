// Dispatch's local effect: the DID used, and each carton gone on it, also as the cache's Sent lists
// it (on the way: this device may take it back from transit at once). See work/registry.ts.
import { DISPATCH_API } from '@shared/contracts/floor/dispatch.js';
import { slipText, workEffect } from '../work/local-work.js';

export const dispatchWork = workEffect(DISPATCH_API.save, (work, p) => {
  const did = slipText(p.DispatchId ?? '');
  if (did) work.dids.add(did);
  for (const c of p.scanned ?? []) {
    const id = slipText(c.CartonId);
    work.dispatched.set(id, did);
    work.sentHere.set(id, {
      CartonId: id,
      DispatchId: did,
      Leg: 'sent',
      ProductName: c.ProductName ?? '',
      MFGDate: c.MFGDate ?? '',
      EXPDate: c.EXPDate ?? '',
    });
  }
});
