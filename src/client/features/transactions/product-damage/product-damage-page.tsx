// Product Damage (spec 2 sections 2, 5, 7, 9): the caller's mappings of the chosen mode (Static Qr
// Mapping by default) with a Damage button per row, the 'Add Product Damage' dialog, and below the
// 'Damaged Product' list with its CSV export. A save reloads both tables.
import { useMemo, useRef, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import {
  DAMAGE_API,
  DAMAGE_EXPORT_COLUMNS,
  DAMAGE_EXPORT_NAME,
  DAMAGE_LIST,
  DAMAGE_MAPPINGS,
  damageProblem,
  type DamageRow,
} from '@shared/contracts/numbers/damage.js';
import type { CsvColumn } from '@shared/csv.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import { MASTER_PAGE_SIZES } from '../../../kit/paging.js';
import { ResourceSection, type ResourceDef } from '../../../kit/resource-section.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { MAPPING_API } from '@shared/contracts/numbers/mapping.js';
import { RangeDialog, type MappedRow } from '../range-dialog.js';
import { SeriesSwitch, useSeriesMode } from '../series-switch.js';

/** The damaged list pages by 5 only (spec 2 section 9). */
const DAMAGED_PAGE_SIZES = [5] as const;

/** 'Damaged Product.csv': FromNo, ToNo, Qty, Reason, CreatedDate (spec 2 section 9). */
const EXPORT_COLUMNS = DAMAGE_EXPORT_COLUMNS.map((key): CsvColumn<DamageRow> => ({
  title: key,
  key,
  format: key === 'CreatedDate' ? 'date' : 'text',
}));

export function ProductDamagePage() {
  const { isPreprinted, setPreprinted } = useSeriesMode();
  const [row, setRow] = useState<MappedRow | null>(null);
  const [damagedKey, setDamagedKey] = useState(0);
  const reloadMappings = useRef<() => void>(() => undefined);

  const mappingsDef = useMemo<ResourceDef<MappedRow>>(
    () => ({
      page: PAGE.productDamage,
      idField: 'MappingId',
      list: {
        path: MAPPING_API.list.path,
        pageSizes: MASTER_PAGE_SIZES,
        defaultPageSize: 5,
        filters: { isPreprinted },
        columns: listColumns<MappedRow>(DAMAGE_MAPPINGS),
      },
      rowActions: (r, changed) => (
        <Button
          size="xs"
          variant="light"
          color="orange"
          onClick={() => {
            reloadMappings.current = changed;
            setRow(r);
          }}
        >
          Damage
        </Button>
      ),
      toolbar: () => <SeriesSwitch isPreprinted={isPreprinted} onChange={setPreprinted} />,
    }),
    [isPreprinted, setPreprinted],
  );

  const damagedDef = useMemo<ResourceDef<DamageRow>>(
    () => ({
      page: PAGE.productDamage,
      idField: 'DamageId',
      list: {
        path: DAMAGE_API.list.path,
        pageSizes: DAMAGED_PAGE_SIZES,
        defaultPageSize: 5,
        filters: { isPreprinted },
        columns: listColumns<DamageRow>(DAMAGE_LIST),
      },
      exportName: DAMAGE_EXPORT_NAME,
      exportColumns: EXPORT_COLUMNS,
    }),
    [isPreprinted],
  );

  return (
    <Stack gap="md">
      <ScreenHeader title={PAGE.productDamage.label} breadcrumb="Master" />
      <ResourceSection def={mappingsDef} />
      <ResourceSection def={damagedDef} heading="Damaged Product" refreshKey={damagedKey} />
      <RangeDialog
        title="Add Product Damage"
        submitLabel="Submit"
        row={row}
        withReason
        endpoint={DAMAGE_API.create}
        problem={damageProblem}
        payload={(r, v, toNo) => ({
          MappingId: r.MappingId,
          FromNo: v.FromNo,
          ToNo: toNo,
          Qty: v.Qty,
          Reason: v.Reason,
          isPreprinted: r.isPreprinted,
        })}
        onClose={() => setRow(null)}
        onSaved={() => {
          reloadMappings.current();
          setDamagedKey((k) => k + 1);
        }}
      />
    </Stack>
  );
}
