// Mapping (spec 2 sections 2, 4, 9): the mappings of the chosen mode (the 'Static Qr Mapping' switch
// reloads the list), 'Product Mapping' to add a range, and an edit per row that changes the expiry.
import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { MAPPING_API, MAPPING_LIST, type MappingRow } from '@shared/contracts/numbers/mapping.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import { EditIcon } from '../../../kit/icons.js';
import { REPORT_PAGE_SIZES } from '../../../kit/paging.js';
import { ResourcePage, type ResourceDef } from '../../../kit/resource-page.js';
import { SeriesSwitch, useSeriesMode } from '../series-switch.js';
import { BulkUpload } from './bulk-upload.js';
import { MappingDialog } from './mapping-dialog.js';

export function MappingPage() {
  const { isPreprinted, setPreprinted } = useSeriesMode();
  const [dialog, setDialog] = useState<{ opened: boolean; editing: MappingRow | null }>({
    opened: false,
    editing: null,
  });
  // The list's own reload, kept from the button that opened the dialog.
  const reload = useRef<() => void>(() => undefined);
  const open = (editing: MappingRow | null, changed: () => void) => {
    reload.current = changed;
    setDialog({ opened: true, editing });
  };

  const def = useMemo<ResourceDef<MappingRow>>(
    () => ({
      page: PAGE.mapping,
      title: 'Mapping',
      breadcrumb: 'Transaction',
      idField: 'MappingId',
      list: {
        path: MAPPING_API.list.path,
        pageSizes: REPORT_PAGE_SIZES,
        defaultPageSize: 10,
        defaultSort: { column: 'MFGDate', order: 'DESC' },
        filters: { isPreprinted },
        columns: listColumns<MappingRow>(MAPPING_LIST),
      },
      rowActions: (row, changed) => (
        <ActionIcon variant="subtle" aria-label="Edit" onClick={() => open(row, changed)}>
          <EditIcon />
        </ActionIcon>
      ),
      toolbar: (changed) => (
        <>
          <SeriesSwitch isPreprinted={isPreprinted} onChange={setPreprinted} />
          <BulkUpload isPreprinted={isPreprinted} changed={changed} />
          <Button onClick={() => open(null, changed)}>Product Mapping</Button>
        </>
      ),
    }),
    [isPreprinted, setPreprinted],
  );

  return (
    <>
      <ResourcePage def={def} />
      <MappingDialog
        opened={dialog.opened}
        editing={dialog.editing}
        isPreprinted={isPreprinted}
        onClose={() => setDialog({ opened: false, editing: null })}
        onSaved={() => reload.current()}
      />
    </>
  );
}
