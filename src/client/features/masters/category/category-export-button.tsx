// 'Export Categories': all three lists fetched as the spec's exports do (PageSize -1, oldest first)
// and saved as one 'Categories.csv' in tree order.
import { useState } from 'react';
import { Button } from '@mantine/core';
import {
  CATEGORY_API,
  CATEGORY_EXPORT_NAME,
  type CategoryMG1Row,
  type CategoryMG2Row,
  type CategoryMG3Row,
} from '@shared/contracts/category.js';
import { toCsv } from '@shared/csv.js';
import { call } from '../../../api/call.js';
import { downloadText } from '../../../kit/download.js';
import { EXPORT_REQUEST } from '../../../kit/export-button.js';
import { CATEGORY_EXPORT_COLUMNS, categoryExportRows } from './category-export.js';

type LevelList = (typeof CATEGORY_API)['MG1' | 'MG2' | 'MG3']['list'];

async function all<T>(list: LevelList): Promise<T[] | null> {
  const env = await call(list, EXPORT_REQUEST);
  return env.ResponseCode === '200' && Array.isArray(env.ResponseData) ? (env.ResponseData as T[]) : null;
}

export function CategoryExportButton() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const [mg1, mg2, mg3] = await Promise.all([
      all<CategoryMG1Row>(CATEGORY_API.MG1.list),
      all<CategoryMG2Row>(CATEGORY_API.MG2.list),
      all<CategoryMG3Row>(CATEGORY_API.MG3.list),
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
