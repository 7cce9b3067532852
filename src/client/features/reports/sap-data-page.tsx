// The SAP Data report (spec 3): each master's row count and last change; no date form, not paged on
// the server, exported as 'SAP Data Report'.
import { useEffect, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { SAP_REPORT, SAP_TABLE, type SapRow } from '@shared/contracts/reports/dispatch.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../api/call.js';
import { tableColumns, toCsvColumns, toTableColumns } from '../../kit/columns.js';
import { downloadText } from '../../kit/download.js';
import { NO_DATA_TEXT } from '../../kit/paging.js';
import { ScreenHeader } from '../../kit/screen-header.js';

const COLUMNS = tableColumns<SapRow>(SAP_TABLE);
const TABLE_COLUMNS = toTableColumns(COLUMNS);

export default function SapDataPage() {
  const [rows, setRows] = useState<SapRow[]>([]);
  const [fetching, setFetching] = useState(true);
  useEffect(() => {
    void call(SAP_REPORT, undefined).then((env) => {
      setRows(env.ResponseCode === '200' && Array.isArray(env.ResponseData) ? env.ResponseData : []);
      setFetching(false);
    });
  }, []);
  const exportCsv = async () => {
    const { toCsv } = await import('@shared/csv.js');
    downloadText('SAP Data Report.csv', toCsv(rows, toCsvColumns(COLUMNS)));
  };
  return (
    <Stack gap="md">
      <ScreenHeader title={PAGE.sapdataReport.label} breadcrumb="Reports" />
      <Group justify="flex-end">
        <Button variant="default" disabled={rows.length === 0} onClick={() => void exportCsv()}>
          Export
        </Button>
      </Group>
      <DataTable<SapRow>
        withTableBorder
        striped
        borderRadius="sm"
        minHeight={rows.length === 0 ? 180 : undefined}
        idAccessor="MasterName"
        columns={TABLE_COLUMNS}
        records={rows}
        fetching={fetching}
        noRecordsText={NO_DATA_TEXT}
      />
    </Stack>
  );
}
