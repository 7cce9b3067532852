// A report's Export: the server streams the CSV of the screen's filter (asked for by Accept); an empty file saves nothing
// (the spec's export does nothing without rows), a refusal shows its message.
import { EXPORT_CSV_ACCEPT, EXPORT_ROWS_HEADER } from '@shared/contracts/reports/report.js';
import type { ListRequest } from '@shared/contracts/list.js';
import { postForFile } from '../api/http.js';
import { saveBlob } from './download.js';
import { toastEnvelope } from './toast.js';

export async function exportReport(path: string, fileName: string, body: Partial<ListRequest>): Promise<void> {
  const got = await postForFile(path, { ...body, First: 1, PageSize: -1 }, EXPORT_ROWS_HEADER, EXPORT_CSV_ACCEPT);
  if ('ResponseCode' in got) {
    toastEnvelope(got);
    return;
  }
  if (got.rows === 0) return;
  saveBlob(`${fileName}.csv`, got.blob);
}
