// Dispatch's second table (spec 2 "Dispatch"): past dispatches, the server's list, read again whenever
// the outbox has sent something.
import { DISPATCH_API, DISPATCH_LIST, type DispatchRow } from '@shared/contracts/floor/dispatch.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import { REPORT_PAGE_SIZES } from '../../../kit/paging.js';
import type { ResourceDef } from '../../../kit/resource-section.js';

export const dispatchHistory: ResourceDef<DispatchRow> = {
  page: PAGE.dispatch,
  idField: 'DispatchId',
  list: {
    path: DISPATCH_API.list.path,
    pageSizes: REPORT_PAGE_SIZES,
    defaultPageSize: 10,
    columns: listColumns<DispatchRow>(DISPATCH_LIST),
  },
};
