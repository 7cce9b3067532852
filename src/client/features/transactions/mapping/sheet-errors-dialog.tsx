// The 'Number series not valid' dialog (spec 2 sections 2, 8): every refused row of a bulk mapping
// sheet with its reason. The sheet's row number leads, so a long sheet can be fixed row by row.
import { Modal } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { SHEET_ERROR_TABLE, type SheetErrorRow } from '@shared/contracts/numbers/mapping-upload.js';
import { tableColumns, toTableColumns } from '../../../kit/columns.js';
import { NO_DATA_TEXT } from '../../../kit/paging.js';

const PAGE_SIZE = 50;
const COLUMNS = toTableColumns(tableColumns<SheetErrorRow>(SHEET_ERROR_TABLE));

export function SheetErrorsDialog({ rows, onClose }: { rows: SheetErrorRow[] | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const all = rows ?? [];
  const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Modal
      opened={rows !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title="Number series not valid"
      size="xl"
    >
      <DataTable<SheetErrorRow>
        withTableBorder
        striped
        minHeight={120}
        records={shown}
        idAccessor="RowNo"
        noRecordsText={NO_DATA_TEXT}
        columns={COLUMNS}
        totalRecords={all.length}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      />
    </Modal>
  );
}
