// Replace's local effect: the code replaced is retired here and the new one has taken its place (a
// SID's successor kept, so the carton is found under it). See work/registry.ts.
import { REPLACE_API, firstScanProblem, type ReplaceType } from '@shared/contracts/floor/replace.js';
import { workEffect } from '../work/local-work.js';

/** A replace entry's code as the screen keys it: a uid for PID, a SID's text for SID. */
const replaceKey = (t: ReplaceType, s: string) => {
  const c = firstScanProblem(t, s);
  return 'code' in c ? c.code : s.trim();
};

export const replaceWork = workEffect(REPLACE_API.replace, (work, p) => {
  const t: ReplaceType = p.Type.trim().toUpperCase() === 'SID' ? 'SID' : 'PID';
  work.replaced.add(replaceKey(t, p.FistQrCode));
  work.replacements.add(replaceKey(t, p.SecondQrCode));
  if (t === 'SID') work.replacedBy.set(replaceKey(t, p.FistQrCode), replaceKey(t, p.SecondQrCode));
});
