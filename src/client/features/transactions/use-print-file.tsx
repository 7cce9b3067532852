// Fetching a print file with a progress bar, then the 'DownLoad Generated FIle' link that saves the
// same file again. Number Generation and Admin Number Download share it.
import { useCallback, useRef, useState } from 'react';
import { Anchor, Progress, Stack, Text } from '@mantine/core';
import { toast } from '../../kit/toast.js';
import { saveBlob } from '../../kit/download.js';
import { fetchPrintFile, type PrintFile } from './print-file-fetch.js';

export interface FileProgressState {
  rows: number;
  total: number;
}

const count = new Intl.NumberFormat('en-IN');

export function usePrintFile() {
  const [progress, setProgress] = useState<FileProgressState | null>(null);
  const [file, setFile] = useState<PrintFile | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useRef(0);

  /** Fetches the link's file; a refusal is shown as a warning and answers null. */
  const fetchFile = useCallback(async (link: string, fallbackName: string): Promise<PrintFile | null> => {
    setBusy(true);
    setFile(null);
    setProgress({ rows: 0, total: 0 });
    shown.current = 0;
    const got = await fetchPrintFile(link, fallbackName, (rows, total) => {
      // Re-render at most every 1% (or 1,000 rows on a small file), not per network chunk.
      if (rows - shown.current >= Math.max(1000, total / 100) || rows === total) {
        shown.current = rows;
        setProgress({ rows, total });
      }
    });
    setBusy(false);
    if (typeof got === 'string') {
      setProgress(null);
      toast.warn(got);
      return null;
    }
    setProgress({ rows: got.rows, total: got.rows });
    return got;
  }, []);

  /** Fetches, saves, and keeps the file for the link. */
  const download = useCallback(
    async (link: string, fallbackName: string) => {
      const got = await fetchFile(link, fallbackName);
      if (!got) return;
      saveBlob(got.fileName, got.blob);
      setFile(got);
    },
    [fetchFile],
  );

  const reset = useCallback(() => {
    setProgress(null);
    setFile(null);
  }, []);

  return { progress, file, busy, fetchFile, download, reset };
}

export function FileProgress({ progress }: { progress: FileProgressState | null }) {
  if (!progress) return null;
  const { rows, total } = progress;
  const value = total > 0 ? Math.min(100, (rows / total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress value={value} animated={rows < total || total === 0} aria-label="File progress" />
      <Text size="sm" c="dimmed" aria-live="polite">{`${count.format(rows)} of ${count.format(total)} rows`}</Text>
    </Stack>
  );
}

/** The spec's link (its spelling) that saves the generated file again. */
export function GeneratedFileLink({ file }: { file: PrintFile | null }) {
  if (!file) return null;
  return (
    <Anchor component="button" type="button" onClick={() => saveBlob(file.fileName, file.blob)}>
      DownLoad Generated FIle
    </Anchor>
  );
}
