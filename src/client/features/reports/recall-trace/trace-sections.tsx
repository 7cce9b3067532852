// The Recall Trace's answer on screen: the totals, where the packs are now, then the mapped ranges,
// cartons, dispatches and verifications, each a titled table. On a handheld each table keeps its
// first columns and folds the rest into the first cell.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import type { ReactNode } from 'react';
import type {
  TraceAnswer,
  TraceCarton,
  TraceDispatch,
  TracePlace,
  TraceRange,
  TraceVerification,
} from '@shared/contracts/recall.js';
import { formatDateTime } from '@shared/cell-format.js';
import { formatDate } from '../../../kit/columns.js';
import { NO_DATA_TEXT } from '../../../kit/paging.js';
import { resultText, TOTALS, TRACE_TEXT, WHERE_TEXT, whereText } from './trace-text.js';

const WIDE = '(min-width: 48em)';
const when = formatDateTime;
const code = (r: TraceRange, n: number) => `${r.Kind === 'S' ? r.Prefix : ''}${n}`;
const small = (text: string) => (
  <Text fz="xs" c="dimmed" hiddenFrom="sm">
    {text}
  </Text>
);

function Section<T>({
  title,
  rows,
  total,
  columns,
  id,
}: {
  title: string;
  rows: readonly T[];
  total: number;
  columns: DataTableColumn<T>[];
  id: (r: T) => string;
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Title order={4} mb="xs">
        {title}
      </Title>
      {total > rows.length && (
        <Text fz="sm" c="dimmed" mb="xs">
          {TRACE_TEXT.firstRows(rows.length, total)}
        </Text>
      )}
      <DataTable<T>
        withTableBorder
        striped
        borderRadius="sm"
        minHeight={rows.length === 0 ? 120 : undefined}
        idAccessor={id as (r: T) => string}
        columns={columns}
        records={[...rows]}
        noRecordsText={NO_DATA_TEXT}
      />
    </Paper>
  );
}

const placeColumns: DataTableColumn<TracePlace>[] = [
  { accessor: 'Where', title: 'Where', render: (p) => WHERE_TEXT[p.Where] },
  { accessor: 'WhereName', title: 'Name' },
  { accessor: 'Cartons', title: 'Cartons', textAlign: 'right' },
  { accessor: 'Packs', title: 'Packs', textAlign: 'right' },
];
const rangeColumns: DataTableColumn<TraceRange>[] = [
  {
    accessor: 'FromNo',
    title: 'Codes',
    render: (r) => (
      <>
        {code(r, r.FromNo)} – {code(r, r.ToNo)}
        {small(`MFG ${formatDate(r.MFGDate)} · EXP ${formatDate(r.EXPDate)}`)}
      </>
    ),
  },
  { accessor: 'Qty', title: 'Qty', textAlign: 'right' },
  { accessor: 'Packed', title: 'Packed', textAlign: 'right' },
  { accessor: 'Damaged', title: 'Damaged', textAlign: 'right', visibleMediaQuery: WIDE },
  { accessor: 'MFGDate', title: 'MFG Date', render: (r) => formatDate(r.MFGDate), visibleMediaQuery: WIDE },
  { accessor: 'EXPDate', title: 'EXP Date', render: (r) => formatDate(r.EXPDate), visibleMediaQuery: WIDE },
  { accessor: 'SiteName', title: 'Site', visibleMediaQuery: WIDE },
];
const cartonColumns: DataTableColumn<TraceCarton>[] = [
  {
    accessor: 'SID',
    title: 'SID',
    render: (c) => (
      <>
        {c.SID}
        {c.TID && small(`in ${c.TID}`)}
      </>
    ),
  },
  { accessor: 'TID', title: 'TID', visibleMediaQuery: WIDE },
  { accessor: 'Packs', title: 'Packs', textAlign: 'right' },
  { accessor: 'PackedAt', title: 'Packed At', visibleMediaQuery: WIDE },
  { accessor: 'PackedDate', title: 'Packed Date', render: (c) => when(c.PackedDate), visibleMediaQuery: WIDE },
  { accessor: 'Where', title: 'Where Now', render: whereText },
];
const dispatchColumns: DataTableColumn<TraceDispatch>[] = [
  {
    accessor: 'DID',
    title: 'DID',
    render: (d) => (
      <>
        {d.DID}
        {small(when(d.DispatchDate))}
      </>
    ),
  },
  { accessor: 'DispatchDate', title: 'Dispatch Date', render: (d) => when(d.DispatchDate), visibleMediaQuery: WIDE },
  { accessor: 'FromSite', title: 'From', visibleMediaQuery: WIDE },
  {
    accessor: 'ToName',
    title: 'To',
    render: (d) => (
      <>
        {d.ToName}
        {small(d.ToKind === 'dealer' ? 'Dealer' : 'Site')}
      </>
    ),
  },
  { accessor: 'Packs', title: 'Packs', textAlign: 'right' },
  { accessor: 'Cartons', title: 'Cartons', textAlign: 'right', visibleMediaQuery: WIDE },
  // How the batch's legs stand, in the words QR Code Tracking's contents use (a return in transit reads 'Returned').
  { accessor: 'State', title: 'State' },
  { accessor: 'ReceivedDate', title: 'Received', render: (d) => when(d.ReceivedDate), visibleMediaQuery: WIDE },
  { accessor: 'ReceivedBy', title: 'Received By', visibleMediaQuery: WIDE },
];
const verificationColumns: DataTableColumn<TraceVerification>[] = [
  {
    accessor: 'VerifiedDate',
    title: 'Verified',
    render: (v) => (
      <>
        {when(v.VerifiedDate)}
        {small(v.Message)}
      </>
    ),
  },
  { accessor: 'Code', title: 'Code' },
  { accessor: 'City', title: 'Where', render: (v) => [v.City, v.State].filter(Boolean).join(', ') },
  { accessor: 'Result', title: 'Result', render: (v) => resultText(v.Result) },
  { accessor: 'Message', title: 'Message', visibleMediaQuery: WIDE },
];

function Totals({ t }: { t: TraceAnswer['Totals'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="section" aria-label="Totals">
      {TOTALS.map(([k, label]) => (
        <Paper key={k} withBorder p="xs" radius="md">
          <Text fz="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz="lg" data-testid={`total-${k}`}>
            {t[k].toLocaleString('en-IN')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function TraceSections({ trace, header }: { trace: TraceAnswer; header: ReactNode }) {
  const t = trace.Totals;
  return (
    <Stack gap="md">
      {header}
      <Totals t={t} />
      <Section
        title={TRACE_TEXT.places}
        rows={trace.Places}
        total={trace.Places.length}
        columns={placeColumns}
        id={(p) => `${p.Where}:${p.WhereName}`}
      />
      <Section
        title={TRACE_TEXT.ranges}
        rows={trace.Ranges}
        total={trace.Ranges.length}
        columns={rangeColumns}
        id={(r) => `${r.Kind}${r.Prefix}${r.FromNo}`}
      />
      <Section
        title={TRACE_TEXT.cartons}
        rows={trace.Cartons}
        total={t.Cartons}
        columns={cartonColumns}
        id={(c) => c.SID}
      />
      <Section
        title={TRACE_TEXT.dispatches}
        rows={trace.Dispatches}
        total={t.Dispatches}
        columns={dispatchColumns}
        id={(d) => d.DID}
      />
      <Section
        title={TRACE_TEXT.verifications}
        rows={trace.Verifications}
        total={t.Verifications}
        columns={verificationColumns}
        id={(v) => `${v.VerifiedDate}:${v.Code}`}
      />
    </Stack>
  );
}
