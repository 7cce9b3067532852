// The columns Number Generation and Admin Number Download share (the list's, spec 2 section 2), and the list
// filters the spec's client sends: the session's prefix, and isAdmin for user type 0 (the server
// decides scoping from the caller either way).
import { GENERATION_LIST, type GeneratedNumberRow } from '@shared/contracts/numbers/generation.js';
import type { ListRequest } from '@shared/contracts/list.js';
import { getSession } from '../../api/session.js';
import { listColumns } from '../../kit/columns.js';

/** From No. shows with the site's prefix. */
export const generationColumns = listColumns<GeneratedNumberRow>(GENERATION_LIST, {
  own: { FromNo: { render: (r) => `${r.Prefix}${r.FromNo}` } },
});

export function generationFilters(): Partial<ListRequest> {
  const s = getSession();
  return { Prefix: s?.Prefix ?? '', isAdmin: s?.UserType === 0 };
}
