// Number Generation (spec 2 sections 2, 5, 7; DESIGN section 4): the factory's mapped static ranges;
// a row's Generate opens the dialog that downloads the print file (CSV) or prints a label sheet.
import { useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { GENERATION_API, type GeneratedNumberRow } from '@shared/contracts/numbers/generation.js';
import { PAGE } from '@shared/pages.js';
import { REPORT_PAGE_SIZES } from '../../../kit/paging.js';
import { ResourcePage, type ResourceDef } from '../../../kit/resource-page.js';
import { GenerateDialog } from './generate-dialog.js';
import { generationColumns, generationFilters } from '../generation-columns.js';

export function NumberGenerationPage() {
  const [row, setRow] = useState<GeneratedNumberRow | null>(null);
  const [reload, setReload] = useState<() => void>(() => () => undefined);

  const def = useMemo<ResourceDef<GeneratedNumberRow>>(
    () => ({
      page: PAGE.numberGeneration,
      breadcrumb: 'Transaction',
      idField: 'MappingId',
      list: {
        path: GENERATION_API.list.path,
        pageSizes: REPORT_PAGE_SIZES,
        defaultPageSize: 10,
        filters: generationFilters(),
        columns: generationColumns,
      },
      rowActions: (r, changed) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            setReload(() => changed);
            setRow(r);
          }}
        >
          Generate
        </Button>
      ),
    }),
    [],
  );

  return (
    <>
      <ResourcePage def={def} />
      {/* Closing reloads the list: its Generated count and last date may have moved. */}
      <GenerateDialog
        row={row}
        onClose={() => {
          setRow(null);
          reload();
        }}
      />
    </>
  );
}
