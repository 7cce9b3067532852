// Loyalty Points Redemption Requests (spec 2 sections 2, 7): the requests waiting for the company
// with an Accept button each (opening 'Enter Remark(If any)'), and below them the 'Accepted Requests'.
// An acceptance reloads both lists.
import { useMemo, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import {
  PENDING_REQUESTS,
  POINTS_API,
  REQUESTS_LIST,
  type LoyaltyRequestRow,
} from '@shared/contracts/loyalty/points.js';
import { PAGE } from '@shared/pages.js';
import { listColumns, type ColumnDef } from '../../kit/columns.js';
import { REPORT_PAGE_SIZES } from '../../kit/paging.js';
import { ResourceSection, type ResourceDef } from '../../kit/resource-section.js';
import { ScreenHeader } from '../../kit/screen-header.js';
import { RemarkDialog } from './remark-dialog.js';

export const ACCEPTED_HEADING = 'Accepted Requests';

const list = (IsAccepted: 0 | 1, columns: ColumnDef<LoyaltyRequestRow>[]): ResourceDef<LoyaltyRequestRow>['list'] => ({
  path: POINTS_API.requests,
  pageSizes: REPORT_PAGE_SIZES,
  defaultPageSize: 10,
  filters: { IsAccepted },
  columns,
});

const acceptedDef: ResourceDef<LoyaltyRequestRow> = {
  page: PAGE.redemptionRequests,
  idField: 'Id',
  list: list(1, listColumns<LoyaltyRequestRow>(REQUESTS_LIST)),
};

export function RedemptionRequestsPage() {
  const [accepting, setAccepting] = useState<LoyaltyRequestRow | null>(null);
  const [version, setVersion] = useState(0);

  // The spec names this column Accept, so it is a column of its own rather than the kit's Action.
  const pendingDef = useMemo<ResourceDef<LoyaltyRequestRow>>(
    () => ({
      page: PAGE.redemptionRequests,
      idField: 'Id',
      list: list(
        0,
        listColumns<LoyaltyRequestRow>(PENDING_REQUESTS, {
          extra: [
            {
              accessor: 'Id',
              title: 'Accept',
              sortable: false,
              noExport: true,
              render: (row) => (
                <Button size="xs" onClick={() => setAccepting(row)}>
                  Accept
                </Button>
              ),
            },
          ],
        }),
      ),
    }),
    [],
  );

  return (
    <Stack gap="md">
      <ScreenHeader title="Loyalty Points Redemption Requests" breadcrumb="Transaction" />
      <ResourceSection def={pendingDef} heading="Pending Requests" refreshKey={version} />
      <ResourceSection def={acceptedDef} heading={ACCEPTED_HEADING} refreshKey={version} />
      <RemarkDialog row={accepting} onClose={() => setAccepting(null)} onAccepted={() => setVersion((v) => v + 1)} />
    </Stack>
  );
}
