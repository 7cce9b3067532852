// A report screen from its declaration (shared/contracts/reports): the breadcrumb, the date range
// with Submit (the last seven days on load; date problems under their fields and as error toasts), the
// screen's pickers, the search, the server-paged table with the declared columns, sizes and sort, and
// Export of the same filter. A screen adds only what is its own: a row action (print) or a cell drawn otherwise.
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ListRequest } from '@shared/contracts/list.js';
import type { ReportContract } from '@shared/contracts/reports/report.js';
import { cellText } from '@shared/cell-format.js';
import { getSession } from '../api/session.js';
import { dataAsOfText, onDataAsOf, staleAsOf } from '../api/data-as-of.js';
import {
  lastSevenDays,
  rangeProblems,
  rangeToast,
  type DateField,
  type DateRangeValues,
  type RangeProblems,
} from './report-dates.js';
import { exportReport } from './report-export.js';
import { PICKER_FIELD, PickerSelect, type ReportPicker } from './report-pickers.js';
import { ScreenHeader } from './screen-header.js';
import { SearchBox } from './search-box.js';
import { ServerTable } from './server-table.js';
import { toast } from './toast.js';
import { useServerList, type ServerListOptions } from './use-server-list.js';

type Row = Record<string, unknown>;

/** A button in a report row: what it says and what it does with the row. */
export interface RowAction {
  label: string;
  run: (row: Row) => Promise<void>;
}

export interface ReportScreen {
  contract: ReportContract;
  /** The row's unique field, for stable row keys. */
  idAccessor: string;
  /** Cells drawn otherwise than as text or dates. */
  render?: Record<string, (row: Row) => ReactNode>;
  /** A per-row action column: its buttons (a print, a download). */
  actions?: { title: string; buttons: RowAction[] };
  /** Pickers beside the dates; 'entity' shows for the admin only. */
  pickers?: readonly ReportPicker[];
}

/** A formatted column's cell: the export's text (shared/cell-format.ts); plain text is drawn as it comes. */
function cellOf(format: ReportContract['columns'][number]['format']): ((v: unknown) => ReactNode) | undefined {
  return format && format !== 'text' ? (v) => cellText(v, format) : undefined;
}

/** An array cell (the risk flags) as badges. */
const badges = (v: unknown) =>
  Array.isArray(v) && v.length > 0 ? (
    <Group gap={4}>
      {v.map((f) => (
        <Badge key={String(f)} color="red" variant="light" size="sm">
          {String(f)}
        </Badge>
      ))}
    </Group>
  ) : null;

/** The list a report opens with: its page size and sort, the last seven days. */
export function reportListOptions(
  contract: ReportContract,
  filters: Partial<ListRequest> = openingFilters(contract),
): ServerListOptions {
  return {
    path: contract.api.list,
    pageSizes: contract.pageSizes,
    defaultPageSize: contract.defaultPageSize,
    defaultSort: { column: contract.defaultSort, order: 'DESC' },
    filters,
  };
}

const openingFilters = (contract: ReportContract): Partial<ListRequest> => ({
  IsActive: '1',
  ...(contract.dated ? lastSevenDays() : {}),
});

export function ReportPage({ def }: { def: ReportScreen }) {
  const { contract } = def;
  const isAdmin = getSession()?.isAdmin ?? false;
  const pickers = (def.pickers ?? []).filter((p) => p !== 'entity' || isAdmin);
  const [dates, setDates] = useState<DateRangeValues>(() => lastSevenDays());
  const [dateErrors, setDateErrors] = useState<RangeProblems>({});
  const [lastChanged, setLastChanged] = useState<DateField | null>(null);
  const changeDate = (field: DateField, value: string) => {
    setDates((d) => ({ ...d, [field]: value }));
    setLastChanged(field);
    setDateErrors({});
  };
  const [picked, setPicked] = useState<Partial<Record<ReportPicker, number | null>>>({});
  const [applied, setApplied] = useState<Partial<ListRequest>>(() => openingFilters(contract));
  const list = useServerList<Row>(reportListOptions(contract, applied));
  // Read from a standby that trails by more than a few seconds: say how old the rows are.
  const asOf = useSyncExternalStore(onDataAsOf, () => staleAsOf(contract.api.list.path));
  const [exporting, setExporting] = useState(false);

  const submit = () => {
    const problems = contract.dated ? rangeProblems(dates) : {};
    setDateErrors(problems);
    const problem = rangeToast(problems, lastChanged);
    if (problem) {
      toast.error(problem);
      return;
    }
    const chosen = Object.fromEntries(pickers.map((p) => [PICKER_FIELD[p].filter, picked[p] ?? 0]));
    setApplied({
      IsActive: '1',
      ...(contract.dated ? { FromDate: dates.FromDate.trim(), ToDate: dates.ToDate.trim() } : {}),
      ...chosen,
    });
    list.reload();
  };

  const columns = useMemo<DataTableColumn<Row>[]>(() => {
    const cols: DataTableColumn<Row>[] = contract.columns.map((c) => {
      const own = def.render?.[c.key];
      const cell = cellOf(c.format);
      return {
        accessor: c.key,
        title: c.title,
        sortable: c.sortable !== false,
        render:
          own ??
          ((row: Row) =>
            Array.isArray(row[c.key]) ? badges(row[c.key]) : cell ? cell(row[c.key]) : (row[c.key] as ReactNode)),
      };
    });
    const actions = def.actions;
    if (actions) {
      cols.push({
        accessor: '__action',
        title: actions.title,
        textAlign: 'right',
        render: (row) => (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            {actions.buttons.map((b) => (
              <Button key={b.label} size="compact-sm" variant="light" onClick={() => void b.run(row)}>
                {b.label}
              </Button>
            ))}
          </Group>
        ),
      });
    }
    return cols;
  }, [contract, def.render, def.actions]);

  const runExport = async () => {
    setExporting(true);
    try {
      await exportReport(contract.api.export.path, contract.file, {
        ...applied,
        SearchValue: list.search.trim(),
        SortColumn: list.sort.column,
        SortOrder: list.sort.order,
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <ScreenHeader title={contract.page.label} breadcrumb="Reports" />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {contract.dated && (
            <>
              <TextInput
                label="From Date"
                placeholder="MM/DD/YYYY"
                inputMode="numeric"
                value={dates.FromDate}
                error={dateErrors.FromDate}
                onChange={(e) => changeDate('FromDate', e.currentTarget.value)}
              />
              <TextInput
                label="To Date"
                placeholder="MM/DD/YYYY"
                inputMode="numeric"
                value={dates.ToDate}
                error={dateErrors.ToDate}
                onChange={(e) => changeDate('ToDate', e.currentTarget.value)}
              />
            </>
          )}
          {pickers.map((p) => (
            <PickerSelect
              key={p}
              picker={p}
              value={picked[p] ?? null}
              onChange={(v) => setPicked((cur) => ({ ...cur, [p]: v }))}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button onClick={submit}>Submit</Button>
        </Group>
      </Paper>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SearchBox value={list.search} onChange={list.setSearch} />
        <Button
          variant="default"
          onClick={() => void runExport()}
          disabled={list.totalRecords === 0}
          loading={exporting}
        >
          Export
        </Button>
      </Group>
      {asOf !== null && (
        <Text size="sm" c="dimmed">
          {dataAsOfText(asOf)}
        </Text>
      )}
      <ServerTable<Row> list={list} columns={columns} idAccessor={def.idAccessor} />
    </Stack>
  );
}
