// Carton Return's local effect: each id taken back (a carton, or a DID for all of it) is returned
// here, so it is not taken back twice. See work/registry.ts.
import { RETURN_API } from '@shared/contracts/floor/carton-return.js';
import { slipText, workEffect } from '../work/local-work.js';

export const returnWork = workEffect(RETURN_API.save, (work, p) => {
  for (const c of p.scanned) work.returned.add(slipText(c.CartonId));
});
