// Fetches a print file from its signed link as a stream, counting the lines as they arrive so the
// screen can show progress against the server's X-Total-Rows, and keeps it as a Blob (which the
// browser may hold on disk) so a million-line file never becomes one JavaScript string.
import type { Envelope } from '@shared/contracts/envelope.js';
import { TOTAL_ROWS_HEADER } from '@shared/contracts/numbers/generation.js';
import { OFFLINE_MESSAGE } from '../../api/http.js';

export interface PrintFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

export type Progress = (rows: number, total: number) => void;

const NEWLINE = 10;

function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** The file, or the server's message when the link is refused. */
export async function fetchPrintFile(
  link: string,
  fallbackName: string,
  onProgress: Progress,
): Promise<PrintFile | string> {
  let res: Response;
  try {
    res = await fetch(link, { cache: 'no-store' });
  } catch {
    return OFFLINE_MESSAGE;
  }
  if (!res.ok || !res.body) {
    const env = (await res.json().catch(() => null)) as Envelope | null;
    return env?.ResponseMessage ?? `HTTP ${res.status}`;
  }
  const total = Number(res.headers.get(TOTAL_ROWS_HEADER) ?? 0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let lines = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      for (let i = 0; i < value.length; i++) if (value[i] === NEWLINE) lines++;
      // The header line is not a code.
      onProgress(Math.max(0, lines - 1), total);
    }
  } catch {
    return OFFLINE_MESSAGE;
  }
  const rows = Math.max(0, lines - 1);
  if (total > 0 && rows !== total) return `The file stopped after ${rows} of ${total} rows: please try again.`;
  return {
    blob: new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }),
    fileName: fileNameOf(res.headers.get('content-disposition'), fallbackName),
    rows,
  };
}
