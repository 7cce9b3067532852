// Export to CSV (spec 1 section 7): every row in creation order, the declared columns, '<name>.csv'.
import { useState } from 'react';
import { Button } from '@mantine/core';
import type { ListRequest } from '@shared/contracts/list.js';
import type { CsvColumn } from '@shared/csv.js';
import { postTo, type ApiTarget } from './api-target.js';

// The CSV writer (papaparse) and the file saver load on the first export, not with every list.
const writer = () => Promise.all([import('@shared/csv.js'), import('./download.js')]);

/** The request the spec's exports send: all rows, oldest first. */
export const EXPORT_REQUEST: ListRequest = {
  PageSize: -1,
  First: 1,
  IsActive: true,
  SortColumn: 'CreatedDt',
  SortOrder: 'ASC',
};

export interface ExportButtonProps<T> {
  path: ApiTarget;
  fileName: string;
  columns: readonly CsvColumn<T>[];
  /** Disabled while the table shows no data. */
  disabled?: boolean;
  /** A screen's own filters, as sent with its list. */
  filters?: Partial<ListRequest>;
  label?: string;
}

export function ExportButton<T>({
  path,
  fileName,
  columns,
  disabled,
  filters,
  label = 'Export',
}: ExportButtonProps<T>) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const [env, [{ toCsv }, { downloadText }]] = await Promise.all([
        postTo<T[]>(path, { ...filters, ...EXPORT_REQUEST }),
        writer(),
      ]);
      // No rows (or a failed call) means nothing to save: the spec's exports do nothing then.
      if (env.ResponseCode !== '200' || !Array.isArray(env.ResponseData) || env.ResponseData.length === 0) return;
      downloadText(`${fileName}.csv`, toCsv(env.ResponseData, columns));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" onClick={() => void run()} disabled={disabled} loading={busy}>
      {label}
    </Button>
  );
}
