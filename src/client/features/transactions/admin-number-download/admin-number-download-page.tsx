// Admin Number Download (spec 2 sections 2, 7, 9): every factory's mapped static ranges (a factory
// user with the page sees its own), newest numbers first; a row's Download streams its whole print
// file with progress, then offers 'DownLoad Generated FIle' to save it again.
import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import {
  GEN_MSG,
  GENERATION_API,
  printFileName,
  type GeneratedNumberRow,
} from '@shared/contracts/numbers/generation.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../../api/call.js';
import { REPORT_PAGE_SIZES } from '../../../kit/paging.js';
import { ResourcePage, type ResourceDef } from '../../../kit/resource-page.js';
import { toast } from '../../../kit/toast.js';
import { generationColumns, generationFilters } from '../generation-columns.js';
import { FileProgress, GeneratedFileLink, usePrintFile } from '../use-print-file.js';

export function AdminNumberDownloadPage() {
  const [row, setRow] = useState<GeneratedNumberRow | null>(null);
  const file = usePrintFile();
  const { download, reset } = file;

  const def = useMemo<ResourceDef<GeneratedNumberRow>>(() => {
    const start = async (r: GeneratedNumberRow) => {
      reset();
      setRow(r);
      const env = await call(GENERATION_API.download, {
        FromNo: r.FromNo,
        ToNo: r.ToNo,
        Qty: r.Qty,
        Prefix: r.Prefix,
        ProductName: r.ProductName,
      });
      if (env.ResponseCode !== '200') {
        setRow(null);
        (env.ResponseCode === '400' ? toast.warn : toast.error)(env.ResponseMessage);
        return;
      }
      await download(env.ResponseData.downloadLinK, printFileName(r.Prefix, r.FromNo, r.ToNo));
    };
    return {
      page: PAGE.adminNumberDownload,
      breadcrumb: 'Transaction',
      idField: 'MappingId',
      list: {
        path: GENERATION_API.list.path,
        pageSizes: REPORT_PAGE_SIZES,
        defaultPageSize: 10,
        defaultSort: { column: 'FromNo', order: 'DESC' },
        filters: generationFilters(),
        columns: generationColumns,
      },
      // A mapping of damaged (void) numbers only has nothing to print: no button the server would refuse.
      rowActions: (r) => (
        <Button
          size="xs"
          variant="light"
          disabled={r.Damaged >= r.Qty}
          title={r.Damaged >= r.Qty ? GEN_MSG.allDamaged : undefined}
          onClick={() => void start(r)}
        >
          Download
        </Button>
      ),
    };
  }, [download, reset]);

  return (
    <>
      <ResourcePage def={def} />
      <Modal opened={row !== null} onClose={() => setRow(null)} title="Download Numbers" centered>
        <Stack gap="sm">
          <Text size="sm">
            {row
              ? `${row.ProductName}, batch ${row.BatchNo}: ${row.Prefix}${row.FromNo} to ${row.Prefix}${row.ToNo}`
              : ''}
          </Text>
          {row && row.Damaged > 0 && (
            <Alert color="yellow" variant="light" role="status">
              {GEN_MSG.leftOut(row.Damaged)}
            </Alert>
          )}
          <FileProgress progress={file.progress} />
          <GeneratedFileLink file={file.file} />
        </Stack>
      </Modal>
    </>
  );
}
