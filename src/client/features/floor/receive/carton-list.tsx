// The scanned dispatch's Carton List (Carton, Product Name, Total Product Qty, Created Date), each row
// with a large Arrived tick (on by default): a carton left unticked is reported missing. A tap anywhere
// on the row flips it, so a gloved thumb need not find the box. On a handheld the carton cell carries
// the product and dates under the id and only Arrived, Carton and Qty are columns.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { memo, useMemo } from 'react';
import { formatDate } from '../../../kit/columns.js';
import { FloorCheckbox } from '../../../floor/floor-checkbox.js';
import { NO_DATA_TEXT } from '../../../kit/paging.js';
import { cartons, RECEIVE_TEXT, receiptOf, type CartonRow, type LoadedDispatch } from './receive-rows.js';
import { wrappedTitle } from './wrapped-title.js';

const WIDE = '(min-width: 62em)';

interface Props {
  loaded: LoadedDispatch;
  onToggle: (id: string, arrived: boolean) => void;
  onClear: () => void;
}

export const CartonList = memo(function CartonList({ loaded, onToggle, onClear }: Props) {
  const { arrived, missing } = receiptOf(loaded);
  const columns = useMemo<DataTableColumn<CartonRow>[]>(
    () => [
      {
        accessor: 'arrived',
        title: 'Arrived',
        width: 72,
        textAlign: 'center',
        render: (r) => {
          const on = !loaded.missing.has(r.CartonId);
          return (
            <FloorCheckbox
              checked={on}
              aria-label={`Arrived ${r.CartonId}`}
              onClick={(e) => e.stopPropagation()}
              onChange={(e) => onToggle(r.CartonId, e.currentTarget.checked)}
            />
          );
        },
      },
      {
        accessor: 'CartonId',
        title: 'Carton',
        render: (r) => (
          <div>
            <Text fw={700} className="ft-receive__id">
              {r.CartonId}
            </Text>
            {loaded.missing.has(r.CartonId) && (
              <Badge color="red" variant="light">
                Missing
              </Badge>
            )}
            <div className="ft-receive__narrow">
              <Text fz="sm">{r.ProductName}</Text>
              <Text fz="xs" c="dimmed">
                {[r.BatchNo && `Batch ${r.BatchNo}`, r.CreatedDt && formatDate(r.CreatedDt)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
          </div>
        ),
      },
      { accessor: 'ProductName', title: 'Product Name', visibleMediaQuery: WIDE },
      { accessor: 'Qty', title: wrappedTitle('Total Product Qty'), textAlign: 'right', width: 76 },
      { accessor: 'CreatedDt', title: 'Created Date', visibleMediaQuery: WIDE, render: (r) => formatDate(r.CreatedDt) },
    ],
    [loaded.missing, onToggle],
  );

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={RECEIVE_TEXT.cartonsTitle}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={4}>{RECEIVE_TEXT.cartonsTitle}</Title>
            <Text fw={700} className="ft-receive__id" data-testid="receive-did">
              {loaded.did}
            </Text>
            {loaded.from && (
              <Text fz="sm" c="dimmed">
                From {loaded.from}
              </Text>
            )}
          </div>
          <Button variant="subtle" size="md" onClick={onClear}>
            Clear
          </Button>
        </Group>
        <Text fz="lg" fw={700} aria-live="polite" data-testid="receive-count">
          {arrived.length} of {loaded.rows.length} arrived{missing.length ? ` · ${missing.length} missing` : ''}
        </Text>
        <DataTable<CartonRow>
          withTableBorder
          striped
          horizontalSpacing={6}
          verticalAlign="center"
          records={loaded.rows}
          idAccessor="CartonId"
          columns={columns}
          noRecordsText={NO_DATA_TEXT}
          onRowClick={({ record }) => onToggle(record.CartonId, loaded.missing.has(record.CartonId))}
          rowClassName={(r) => (loaded.missing.has(r.CartonId) ? 'ft-receive__missing' : undefined)}
          rowStyle={() => ({ cursor: 'pointer' })}
          aria-label={`${cartons(loaded.rows.length)} on ${loaded.did}`}
        />
      </Stack>
    </Paper>
  );
});
