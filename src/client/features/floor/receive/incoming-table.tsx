// The incoming dispatches (spec 2 section 2: Dispatch Id, Total Carton, Status; a client-side global
// search; page sizes 10, 50, 200, 500). The rows come from the device cache, so the list is there
// offline; searching and paging run on the device.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { memo, useMemo, useState } from 'react';
import { RECEIVE_STATUS } from '@shared/contracts/floor/dispatch-receive.js';
import { formatDate } from '../../../kit/columns.js';
import { NO_DATA_TEXT, paginationText, REPORT_PAGE_SIZES } from '../../../kit/paging.js';
import { SearchBox } from '../../../kit/search-box.js';
import { RECEIVE_TEXT, searchRows, type IncomingListRow } from './receive-rows.js';
import { wrappedTitle } from './wrapped-title.js';
import { useFloorWords, type FloorWords } from '../../../floor/words/floor-lang.js';

// Beside the Carton List on a desktop the list has 5/12 of the width: the extra columns need a wide screen.
const WIDE = '(min-width: 90em)';
const WIDER = '(min-width: 120em)';
const STATUS_COLOR: Record<string, string> = {
  [RECEIVE_STATUS.inTransit]: 'blue.8',
  [RECEIVE_STATUS.received]: 'green.8',
};

const columnsIn = ({ w, say }: FloorWords): DataTableColumn<IncomingListRow>[] => [
  {
    accessor: 'DispatchId',
    title: w.dispatchId,
    render: (r) => <span className="ft-receive__id">{r.DispatchId}</span>,
  },
  { accessor: 'TotalCarton', title: wrappedTitle(w.totalCarton), textAlign: 'right', width: 68 },
  {
    accessor: 'Status',
    title: w.status,
    render: (r) => (
      <Text component="span" fz="sm" fw={700} c={STATUS_COLOR[r.Status] ?? 'gray.7'} style={{ whiteSpace: 'nowrap' }}>
        {say(r.Status)}
      </Text>
    ),
  },
  { accessor: 'SentFrom', title: w.sentFrom, visibleMediaQuery: WIDE },
  { accessor: 'CreatedDt', title: w.createdDate, visibleMediaQuery: WIDER, render: (r) => formatDate(r.CreatedDt) },
];

export const IncomingTable = memo(function IncomingTable({ rows }: { rows: readonly IncomingListRow[] }) {
  const words = useFloorWords();
  const columns = useMemo(() => columnsIn(words), [words]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(REPORT_PAGE_SIZES[0]);
  const found = useMemo(() => searchRows(rows, search), [rows, search]);
  // A search or a receipt that shortened the list: the page stays within it.
  const current = Math.min(page, Math.max(1, Math.ceil(found.length / pageSize)));
  const shown = found.slice((current - 1) * pageSize, current * pageSize);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={words.say(RECEIVE_TEXT.incomingTitle)}>
      <Stack gap="sm">
        <Title order={4}>{words.say(RECEIVE_TEXT.incomingTitle)}</Title>
        <SearchBox
          value={search}
          onChange={(t) => {
            setSearch(t);
            setPage(1);
          }}
        />
        <DataTable<IncomingListRow>
          withTableBorder
          striped
          horizontalSpacing={6}
          minHeight={shown.length === 0 ? 150 : undefined}
          records={shown}
          idAccessor="DispatchId"
          columns={columns}
          noRecordsText={words.say(NO_DATA_TEXT)}
          totalRecords={found.length}
          page={current}
          onPageChange={setPage}
          recordsPerPage={pageSize}
          recordsPerPageOptions={[...REPORT_PAGE_SIZES]}
          onRecordsPerPageChange={(n) => {
            setPageSize(n);
            setPage(1);
          }}
          paginationText={paginationText}
          paginationWrapBreakpoint="xl"
        />
      </Stack>
    </Paper>
  );
});
