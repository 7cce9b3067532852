// 'Export Categories': all three lists fetched as the spec's exports do (PageSize -1, oldest first)
// and saved as one 'Categories.csv' in tree order.
import { useState } from 'react';
import { Button } from '@mantine/core';
import {
  CATEGORY_EXPORT_NAME, type CategoryMG1Row, type CategoryMG2Row, type CategoryMG3Row,
} from '../../../../shared/contracts/category.js';
import { toCsv } from '../../../../shared/csv.js';
import { api } from '../../../api/http.js';
import { downloadText } from '../../../kit/download.js';
import { EXPORT_REQUEST } from '../../../kit/export-button.js';
import { CATEGORY_EXPORT_COLUMNS, categoryExportRows } from './category-export.js';

async function all<T>(path: string): Promise<T[] | null> {
  const env = await api.post<T[]>(path, EXPORT_REQUEST);
  return env.ResponseCode === '200' && Array.isArray(env.ResponseData) ? env.ResponseData : null;
}

export function CategoryExportButton() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const [mg1, mg2, mg3] = await Promise.all([
      all<CategoryMG1Row>('Category/GetCategoriesMG1'),
      all<CategoryMG2Row>('Category/GetCategoriesMG2'),
      all<CategoryMG3Row>('Category/GetCategoriesMG3'),
    ]);
    setBusy(false);
    // A failed call or no rows means nothing to save, as with every export.
    if (!mg1 || !mg2 || !mg3) return;
    const rows = categoryExportRows(mg1, mg2, mg3);
    if (rows.length > 0) downloadText(`${CATEGORY_EXPORT_NAME}.csv`, toCsv(rows, CATEGORY_EXPORT_COLUMNS));
  };
  return (
    <Button variant="default" onClick={() => void run()} loading={busy}>
      Export Categories
    </Button>
  );
}
