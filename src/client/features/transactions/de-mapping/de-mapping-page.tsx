// De Mapping (spec 2 sections 2, 5, 7): the caller's mappings of the chosen mode with a 'De-map'
// button per row; the 'Demap Numbers' dialog cuts a range out of the mapping and the list reloads.
import { useMemo, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { DEMAP_API, DEMAP_MAPPINGS, demapProblem } from '@shared/contracts/numbers/demap.js';
import { MAPPING_API } from '@shared/contracts/numbers/mapping.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import { REPORT_PAGE_SIZES } from '../../../kit/paging.js';
import { ResourcePage, type ResourceDef } from '../../../kit/resource-page.js';
import { SeriesSwitch, useSeriesMode } from '../series-switch.js';
import { RangeDialog, type MappedRow } from '../range-dialog.js';

export function DeMappingPage() {
  const { isPreprinted, setPreprinted } = useSeriesMode();
  const [row, setRow] = useState<MappedRow | null>(null);
  // The list's own reload, kept from the row button that opened the dialog.
  const reload = useRef<() => void>(() => undefined);

  const def = useMemo<ResourceDef<MappedRow>>(
    () => ({
      page: PAGE.deMapping,
      idField: 'MappingId',
      list: {
        path: MAPPING_API.list.path,
        pageSizes: REPORT_PAGE_SIZES,
        defaultPageSize: 10,
        filters: { isPreprinted },
        columns: listColumns<MappedRow>(DEMAP_MAPPINGS),
      },
      rowActions: (r, changed) => (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            reload.current = changed;
            setRow(r);
          }}
        >
          De-map
        </Button>
      ),
      toolbar: () => <SeriesSwitch isPreprinted={isPreprinted} onChange={setPreprinted} />,
    }),
    [isPreprinted, setPreprinted],
  );

  return (
    <>
      <ResourcePage def={def} />
      <RangeDialog
        title="Demap Numbers"
        submitLabel="Demap"
        row={row}
        endpoint={DEMAP_API.create}
        problem={demapProblem}
        payload={(r, v, toNo) => ({
          MappingId: r.MappingId,
          ProductId: r.ProductId,
          FromNo: v.FromNo,
          ToNo: toNo,
          Qty: v.Qty,
          isPreprinted: r.isPreprinted,
        })}
        onClose={() => setRow(null)}
        onSaved={() => reload.current()}
      />
    </>
  );
}
