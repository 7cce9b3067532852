// One master list as a section: search, Add and Export, the server-paged table with its Action
// column, and the add/update dialog. ResourcePage is a header plus one of these; a screen with
// several lists (the category levels) holds several.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ListRequest } from '@shared/contracts/list.js';
import type { CsvColumn } from '@shared/csv.js';
import type { PageDef } from '@shared/pages.js';
import { removeOne, type ApiTarget } from './api-target.js';
import { toCsvColumns, toTableColumns, type ColumnDef } from './columns.js';
import { confirmDelete } from './confirm-delete.js';
import { ExportButton } from './export-button.js';
import type { FormSpec } from './form-dialog.js';
import { DeleteIcon, EditIcon } from './icons.js';
import { SearchBox } from './search-box.js';
import type { Sort } from './paging.js';
import { PINNED_END_CLASS, ServerTable } from './server-table.js';
import { toastEnvelope } from './toast.js';
import { useServerList } from './use-server-list.js';

// The dialog (the form library, number inputs, the modal) is not needed to read the list: it loads
// when a pointer or focus reaches a button that opens it, or at the latest on the click.
const loadDialog = () => import('./form-dialog.js');
const warmDialog = { onPointerEnter: () => void loadDialog(), onFocus: () => void loadDialog() };
const FormDialog = lazy(() => loadDialog().then((m) => ({ default: m.FormDialog })));

export interface ResourceDef<T> {
  /** The registry entry; the title and breadcrumb default to its label and group. */
  page: PageDef;
  title?: string;
  breadcrumb?: string;
  /** The row id (for row keys, edit and delete); defaults to the form's id field. */
  idField?: keyof T & string;
  list: {
    path: ApiTarget;
    columns: readonly ColumnDef<T>[];
    pageSizes?: readonly number[];
    defaultPageSize?: number;
    /** The sort before the user clicks a header (Mapping sorts by MFG date). */
    defaultSort?: Sort;
    filters?: Partial<ListRequest>;
  };
  form?: FormSpec & { addLabel: string };
  exportName?: string;
  /** Defaults to the list columns (those not marked noExport). */
  exportColumns?: readonly CsvColumn<T>[];
  /** Adds a Delete action after confirmation: the endpoint's `:id` (or GET `<deletePath>/{id}`). */
  deletePath?: ApiTarget;
  /** Clicking a row opens it for update and no Action column shows (Price Master, spec 1 section 2.18). */
  editOnRowClick?: boolean;
  /** A screen's own row buttons in the Action column (De-map, Accept, Download...); `changed` reloads the list. */
  rowActions?: (row: T, changed: () => void) => ReactNode;
  /** More controls beside Add and Export (a mode switch, a bulk upload). */
  toolbar?: (changed: () => void) => ReactNode;
}

export interface ResourceSectionProps<T> {
  def: ResourceDef<T>;
  /** A heading over the section, for screens holding more than one list. */
  heading?: string;
  /** Changing it fetches the list again (another section's save may change this one's rows). */
  refreshKey?: number;
  /** Called after a save or a delete succeeds. */
  onChanged?: () => void;
}

export function ResourceSection<T extends object>({ def, heading, refreshKey, onChanged }: ResourceSectionProps<T>) {
  const list = useServerList<T>(def.list);
  const [dialog, setDialog] = useState<{ opened: boolean; editing: T | null }>({ opened: false, editing: null });
  // Drawn from the first opening on (and kept, so closing plays its transition).
  const [dialogDrawn, setDialogDrawn] = useState(false);
  if (dialog.opened && !dialogDrawn) setDialogDrawn(true);
  const idField = (def.idField ?? def.form?.idField ?? 'id') as keyof T & string;
  const { form, deletePath } = def;

  // The first key is the mount, which fetched already.
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (seenKey.current === refreshKey) return;
    seenKey.current = refreshKey;
    list.reload();
  }, [refreshKey, list.reload]);

  const changed = () => {
    list.reload();
    onChanged?.();
  };

  const remove = async (row: T) => {
    if (!deletePath || !(await confirmDelete())) return;
    // The list steps back a page by itself when this empties the last one.
    if (toastEnvelope(await removeOne(deletePath, String(row[idField])))) changed();
  };

  const hasActions = Boolean((form && !def.editOnRowClick) || deletePath || def.rowActions);
  const columns = useMemo<DataTableColumn<T>[]>(() => {
    const cols = toTableColumns(def.list.columns);
    if (!hasActions) return cols;
    const action: DataTableColumn<T> = {
      accessor: '__action',
      title: 'Action',
      textAlign: 'center',
      // Row actions stay in reach on a narrow screen while the other columns scroll.
      titleClassName: PINNED_END_CLASS,
      cellsClassName: PINNED_END_CLASS,
      render: (row) => (
        <Group gap={4} justify="center" wrap="nowrap">
          {form && !def.editOnRowClick && (
            <ActionIcon
              variant="subtle"
              aria-label="Edit"
              {...warmDialog}
              onClick={() => setDialog({ opened: true, editing: row })}
            >
              <EditIcon />
            </ActionIcon>
          )}
          {deletePath && (
            <ActionIcon variant="subtle" color="red" aria-label="Delete" onClick={() => void remove(row)}>
              <DeleteIcon />
            </ActionIcon>
          )}
          {def.rowActions?.(row, changed)}
        </Group>
      ),
    };
    return [...cols, action];
    // `remove` only reads the list's stable reload, the declaration and `onChanged`.
  }, [def.list.columns, form, deletePath, onChanged, def.editOnRowClick, def.rowActions, hasActions]);

  const exportColumns = def.exportColumns ?? toCsvColumns(def.list.columns);

  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-label={heading}>
        <Stack gap="md">
          {heading && <Title order={4}>{heading}</Title>}
          <Group justify="space-between" wrap="wrap">
            <SearchBox value={list.search} onChange={list.setSearch} />
            <Group gap="sm">
              {def.toolbar?.(changed)}
              {form && (
                <Button {...warmDialog} onClick={() => setDialog({ opened: true, editing: null })}>
                  {form.addLabel}
                </Button>
              )}
              {def.exportName && (
                <ExportButton<T>
                  path={def.list.path}
                  fileName={def.exportName}
                  columns={exportColumns}
                  filters={def.list.filters}
                  disabled={list.totalRecords === 0}
                />
              )}
            </Group>
          </Group>
          <ServerTable
            list={list}
            columns={columns}
            idAccessor={idField}
            onRowClick={form && def.editOnRowClick ? (row) => setDialog({ opened: true, editing: row }) : undefined}
          />
        </Stack>
      </Paper>
      {form && dialogDrawn && (
        <Suspense fallback={null}>
          <FormDialog
            spec={form}
            opened={dialog.opened}
            editing={dialog.editing}
            onClose={() => setDialog({ opened: false, editing: null })}
            onSaved={changed}
          />
        </Suspense>
      )}
    </>
  );
}
