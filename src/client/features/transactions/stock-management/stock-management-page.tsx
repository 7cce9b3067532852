// Stock Management (spec 2 sections 2, 4, 9): ranges issued to the user's company, each with an
// Accept button that opens 'Accept Stock'; once accepted it reads Accepted and is disabled.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { STOCK_API, STOCK_LIST, type StockRow } from '@shared/contracts/numbers/stock.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import { MASTER_PAGE_SIZES } from '../../../kit/paging.js';
import { ResourcePage, type ResourceDef } from '../../../kit/resource-page.js';
import { AcceptDialog } from './accept-dialog.js';

function AcceptButton({ row, onAccepted }: { row: StockRow; onAccepted: () => void }) {
  const [opened, setOpened] = useState(false);
  if (row.IsActive === 1)
    return (
      <Button size="xs" variant="light" disabled>
        Accepted
      </Button>
    );
  return (
    <>
      <Button size="xs" onClick={() => setOpened(true)}>
        Accept
      </Button>
      {opened && <AcceptDialog row={row} opened={opened} onClose={() => setOpened(false)} onAccepted={onAccepted} />}
    </>
  );
}

export const stockResource: ResourceDef<StockRow> = {
  page: PAGE.stockManagement,
  title: 'Stock Management',
  breadcrumb: 'Transaction',
  idField: 'StockId',
  list: {
    path: STOCK_API.list.path,
    pageSizes: MASTER_PAGE_SIZES,
    defaultPageSize: 5,
    columns: listColumns<StockRow>(STOCK_LIST),
  },
  rowActions: (row, changed) => <AcceptButton row={row} onAccepted={changed} />,
};

export function StockManagementPage() {
  return <ResourcePage def={stockResource} />;
}
