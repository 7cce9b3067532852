// The second popup of a new design (spec 2 section 2): the product batches (mappings) of the chosen
// items, ticked ones left out of the scheme; Done saves the scheme with them.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { MAPPED_BATCH_TABLE, SCHEME_API, type MappedBatch, type SchemeType } from '@shared/contracts/loyalty/scheme.js';
import { call } from '../../api/call.js';
import { tableColumns, toTableColumns } from '../../kit/columns.js';
import { NO_DATA_TEXT } from '../../kit/paging.js';
import { toast } from '../../kit/toast.js';

export const EXCLUDE_TITLE = 'Select the Product Group to exclude';

export interface ExcludeDialogProps {
  opened: boolean;
  /** What the batches are of: the design's type and its chosen items. */
  type: SchemeType | null;
  ids: readonly number[];
  saving: boolean;
  onClose: () => void;
  onDone: (excluded: MappedBatch[]) => void;
}

const COLUMNS = toTableColumns(tableColumns<MappedBatch>(MAPPED_BATCH_TABLE));

export function ExcludeDialog({ opened, type, ids, saving, onClose, onDone }: ExcludeDialogProps) {
  const [rows, setRows] = useState<MappedBatch[]>([]);
  const [ticked, setTicked] = useState<MappedBatch[]>([]);
  const [loading, setLoading] = useState(false);
  const idsKey = ids.join(',');

  // Each opening lists the batches of the items chosen now, none ticked.
  useEffect(() => {
    if (!opened || type === null) return;
    let stale = false;
    setRows([]);
    setTicked([]);
    setLoading(true);
    void call(SCHEME_API.mappedBatches, { SchemeType: type, Ids: [...ids] }).then((env) => {
      if (stale) return;
      setLoading(false);
      if (env.ResponseCode === '200' && Array.isArray(env.ResponseData)) setRows(env.ResponseData);
      else toast.warn(env.ResponseMessage);
    });
    return () => {
      stale = true;
    };
  }, [opened, type, idsKey]);

  return (
    <Modal opened={opened} onClose={onClose} title={EXCLUDE_TITLE} size="xl" centered>
      <Stack gap="sm">
        <DataTable<MappedBatch>
          withTableBorder
          striped
          borderRadius="sm"
          maxHeight={420}
          minHeight={rows.length === 0 ? 150 : undefined}
          idAccessor="MappingId"
          columns={COLUMNS}
          records={rows}
          fetching={loading}
          noRecordsText={NO_DATA_TEXT}
          selectedRecords={ticked}
          onSelectedRecordsChange={setTicked}
          getRecordSelectionCheckboxProps={(r) => ({ 'aria-label': `Exclude ${r.ProductName} ${r.BatchNo}` })}
          allRecordsSelectionCheckboxProps={{ 'aria-label': 'Exclude all' }}
        />
        <Group justify="flex-end">
          <Button onClick={() => onDone(ticked)} loading={saving} disabled={loading}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
