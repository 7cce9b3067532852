// The table of what a floor screen has scanned, with the spec's column headers and page sizes (spec 2
// sections 2, 9: the dispatch scan table pages 1, 10, 50, 200 or 500 rows). Touch first: on a 360 px
// handheld the first column carries the other columns' values under the id, so only the id, the
// 48 px delete and their headers are columns; on a desk every column is its own. Newest first, and a
// new scan goes back to the first page, where the row just scanned is. Rows are memoised.
import { ActionIcon, SegmentedControl, Table, Text } from '@mantine/core';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { DeleteIcon } from '../kit/icons.js';
import { NO_DATA_TEXT } from '../kit/paging.js';
import { PageArrows } from '../kit/page-arrows.js';
import './scan-table.css';
import { en } from './words/en.js';
import { useFloorWords } from './words/floor-lang.js';

export interface ScanTableColumn<R> {
  title: string;
  value: (row: R) => string;
  /** How the value reads under the id on a handheld, where its header is not shown (default: as is). */
  short?: (value: string) => string;
}

export interface ScanTableProps<R> {
  /** The table's accessible name, e.g. 'Scanned cartons'. */
  label: string;
  rows: readonly R[];
  /** The first column: the row's id, unique among the rows. */
  id: ScanTableColumn<R>;
  /** The other columns, in the spec's order. */
  columns: readonly ScanTableColumn<R>[];
  pageSizes: readonly number[];
  defaultPageSize: number;
  onDelete: (id: string) => void;
}

export const ACTION_TITLE = en.action;

interface RowProps {
  id: string;
  cells: readonly string[];
  narrow: string;
  onDelete: (id: string) => void;
}

const ScanTableRow = memo(function ScanTableRow({ id, cells, narrow, onDelete }: RowProps) {
  const { w } = useFloorWords();
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={700} fz="lg" className="ft-scan-table__id">
          {id}
        </Text>
        {narrow && (
          <Text fz="sm" className="ft-scan-table__narrow">
            {narrow}
          </Text>
        )}
      </Table.Td>
      {cells.map((c, i) => (
        <Table.Td key={i} className="ft-scan-table__wide">
          {c}
        </Table.Td>
      ))}
      <Table.Td className="ft-scan-table__action">
        <ActionIcon size={48} variant="subtle" color="red" aria-label={w.deleteRow(id)} onClick={() => onDelete(id)}>
          <DeleteIcon />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});

function ScanTableInner<R>({ label, rows, id, columns, pageSizes, defaultPageSize, onDelete }: ScanTableProps<R>) {
  const sizesLabel = useId();
  const { w, say } = useFloorWords();
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [page, setPage] = useState(1);
  // A new scan shows the first page, where it is.
  const seen = useRef(rows.length);
  useEffect(() => {
    if (rows.length > seen.current) setPage(1);
    seen.current = rows.length;
  }, [rows.length]);

  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  // A delete that emptied the last page: the page before.
  const current = Math.min(page, pages);
  const newestFirst = [...rows].reverse();
  const shown = newestFirst.slice((current - 1) * pageSize, current * pageSize);
  const from = rows.length === 0 ? 0 : (current - 1) * pageSize + 1;

  return (
    <section className="ft-scan-table" aria-label={say(label)}>
      <Table.ScrollContainer minWidth={0}>
        <Table striped aria-label={say(label)} verticalSpacing={4} horizontalSpacing={8}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{say(id.title)}</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.title} className="ft-scan-table__wide">
                  {say(c.title)}
                </Table.Th>
              ))}
              <Table.Th className="ft-scan-table__action">{say(ACTION_TITLE)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  <Text c="dimmed" ta="center" py="md">
                    {NO_DATA_TEXT}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {shown.map((r) => {
              const values = columns.map((c) => c.value(r));
              const narrow = columns
                .map((c, i) => (values[i] ? (c.short ? say(c.short(values[i])) : values[i]) : ''))
                .filter(Boolean)
                .join(' · ');
              const key = id.value(r);
              return <ScanTableRow key={key} id={key} cells={values} narrow={narrow} onDelete={onDelete} />;
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <div className="ft-scan-table__pager">
        <PageArrows
          page={current}
          pages={pages}
          from={from}
          to={from === 0 ? 0 : from + shown.length - 1}
          total={rows.length}
          onPage={setPage}
          names={{ previous: w.previousPage, next: w.nextPage }}
        />
        <div className="ft-scan-table__sizes">
          <Text fz="sm" id={sizesLabel} component="span">
            {w.rowsPerPage}
          </Text>
          <SegmentedControl
            aria-labelledby={sizesLabel}
            size="md"
            data={pageSizes.map(String)}
            value={String(pageSize)}
            onChange={(v) => {
              setPageSize(Number(v));
              setPage(1);
            }}
            className="ft-scan-table__size-choice"
          />
        </div>
      </div>
    </section>
  );
}

export const ScanTable = memo(ScanTableInner) as typeof ScanTableInner;
