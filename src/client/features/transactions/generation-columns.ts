// The columns Number Generation and Admin Number Download share (spec 2 section 2), and the list
// filters the spec's client sends: the session's prefix, and isAdmin for user type 0 (the server
// decides scoping from the caller either way).
import type { GeneratedNumberRow } from '../../../shared/contracts/numbers/generation.js';
import type { ListRequest } from '../../../shared/contracts/list.js';
import { getSession } from '../../api/session.js';
import type { ColumnDef } from '../../kit/columns.js';

export const generationColumns: readonly ColumnDef<GeneratedNumberRow>[] = [
  { accessor: 'ProductName', title: 'Product Name' },
  { accessor: 'FromNo', title: 'From No.', render: (r) => `${r.Prefix}${r.FromNo}` },
  { accessor: 'BatchNo', title: 'Batch No.' },
  { accessor: 'Qty', title: 'Quantity' },
  { accessor: 'MFGDate', title: 'MFG Date', format: 'date' },
  { accessor: 'EXPDate', title: 'EXP Date', format: 'date' },
  { accessor: 'FirmName', title: 'Firm Name' },
];

export function generationFilters(): Partial<ListRequest> {
  const s = getSession();
  return { Prefix: s?.Prefix ?? '', isAdmin: s?.UserType === 0 };
}
