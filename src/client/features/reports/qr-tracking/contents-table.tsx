// What a DID, TID or SID holds (GetScanInfo), one level at a time: a row of a TID or SID opens (a tap on
// the row, or its id's button) into its own contents, loaded when opened, down to the packs. On a 360 px screen the
// product, the packing date and the status sit under the id; on a desk they are columns.
import { Text, UnstyledButton } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { TRACKING_API, type ScanInfoRow } from '@shared/contracts/tracking.js';
import { call } from '../../../api/call.js';
import { formatDate } from '../../../kit/columns.js';
import { NO_DATA_TEXT } from '../../../kit/paging.js';

const WIDE = '(min-width: 62em)';
const opens = (id: string) => /^(TID|SID)/.test(id);

type Loaded = { rows: ScanInfoRow[] } | { refused: string } | null;

/** The contents of `id`, asked when first shown. */
function useContents(id: string, given?: ScanInfoRow[]): Loaded {
  const [loaded, setLoaded] = useState<Loaded>(given ? { rows: given } : null);
  useEffect(() => {
    if (given) return;
    let live = true;
    void call(TRACKING_API.scanInfo, undefined, { qr: id }).then((env) => {
      if (!live) return;
      setLoaded(env.ResponseCode === '200' ? { rows: env.ResponseData } : { refused: env.ResponseMessage });
    });
    return () => {
      live = false;
    };
  }, [id, given]);
  return loaded;
}

interface Props {
  /** The DID, TID or SID whose contents these are. */
  id: string;
  /** Rows already loaded with the scan; otherwise asked for. */
  rows?: ScanInfoRow[];
  depth?: number;
}

export function ContentsTable({ id, rows, depth = 0 }: Props) {
  const loaded = useContents(id, rows);
  const [open, setOpen] = useState<string[]>([]);
  const toggle = useCallback(
    (rowId: string) => setOpen((o) => (o.includes(rowId) ? o.filter((x) => x !== rowId) : [...o, rowId])),
    [],
  );
  const columns = useMemo<DataTableColumn<ScanInfoRow>[]>(
    () => [
      { accessor: 'SeqNo', title: '#', width: 40, visibleMediaQuery: WIDE },
      {
        accessor: 'Id',
        title: 'Id',
        render: (r) => (
          <div>
            {opens(r.Id) ? (
              <UnstyledButton
                className="ft-track__id ft-track__open"
                aria-expanded={open.includes(r.Id)}
                aria-label={`Open ${r.Id}`}
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(r.Id);
                }}
              >
                <span aria-hidden className="ft-track__chevron">
                  {open.includes(r.Id) ? '▾' : '▸'}
                </span>
                {r.Id}
              </UnstyledButton>
            ) : (
              <Text fw={700} className="ft-track__id">
                {r.Id}
              </Text>
            )}
            <div className="ft-track__narrow">
              <Text fz="xs">{r.ProductName}</Text>
              <Text fz="xs" c="dimmed">
                {formatDate(r.date)} · {r.Status}
              </Text>
            </div>
          </div>
        ),
      },
      { accessor: 'ProductName', title: 'Product Name', visibleMediaQuery: WIDE },
      { accessor: 'Qty', title: 'Qty', textAlign: 'right', width: 56 },
      { accessor: 'date', title: 'Date', visibleMediaQuery: WIDE, noWrap: true, render: (r) => formatDate(r.date) },
      { accessor: 'Status', title: 'Status', visibleMediaQuery: WIDE, noWrap: true },
    ],
    [open, toggle],
  );

  if (loaded === null)
    return (
      <Text c="dimmed" fz="sm" p="xs">
        Loading {id}…
      </Text>
    );
  if ('refused' in loaded)
    return (
      <Text c="red" fz="sm" p="xs" role="alert">
        {loaded.refused}
      </Text>
    );
  return (
    <DataTable<ScanInfoRow>
      withTableBorder
      striped={depth === 0}
      horizontalSpacing={6}
      verticalAlign="center"
      records={loaded.rows}
      idAccessor="Id"
      columns={columns}
      noRecordsText={NO_DATA_TEXT}
      minHeight={loaded.rows.length === 0 ? 120 : undefined}
      aria-label={`Contents of ${id}`}
      rowStyle={(r) => (opens(r.Id) ? { cursor: 'pointer' } : undefined)}
      rowExpansion={{
        allowMultiple: true,
        expandable: ({ record }) => opens(record.Id),
        expanded: { recordIds: open, onRecordIdsChange: (ids: unknown[]) => setOpen(ids as string[]) },
        content: ({ record }) => (
          <div className="ft-track__nested">
            <ContentsTable id={record.Id} depth={depth + 1} />
          </div>
        ),
      }}
    />
  );
}
