// Number Issued (spec 2 sections 2, 3, 9): the admin's issued ranges, a 'Create Number Issued'
// button opening the 'Add Number Issue' dialog, and a delete while the company has not accepted.
import { useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { ISSUE_API, ISSUE_LIST, type IssueRow } from '@shared/contracts/numbers/issue.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../../api/call.js';
import { listColumns } from '../../../kit/columns.js';
import { confirmDelete } from '../../../kit/confirm-delete.js';
import { DeleteIcon } from '../../../kit/icons.js';
import { MASTER_PAGE_SIZES } from '../../../kit/paging.js';
import { ResourcePage, type ResourceDef } from '../../../kit/resource-page.js';
import { toastEnvelope } from '../../../kit/toast.js';
import { IssuedDownload } from './issued-download.js';
import { IssueDialog } from './issue-dialog.js';

function CreateIssue({ onSaved }: { onSaved: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Create Number Issued</Button>
      <IssueDialog opened={opened} onClose={() => setOpened(false)} onSaved={onSaved} />
    </>
  );
}

async function remove(row: IssueRow, changed: () => void) {
  if (!(await confirmDelete())) return;
  if (toastEnvelope(await call(ISSUE_API.remove, undefined, { id: row.IssueId }))) changed();
}

export const numberIssuedResource: ResourceDef<IssueRow> = {
  page: PAGE.numberIssued,
  title: 'Number Issued',
  breadcrumb: 'Transaction',
  idField: 'IssueId',
  list: {
    path: ISSUE_API.list.path,
    pageSizes: MASTER_PAGE_SIZES,
    defaultPageSize: 5,
    columns: listColumns<IssueRow>(ISSUE_LIST),
  },
  toolbar: (changed) => <CreateIssue onSaved={changed} />,
  // Accepted numbers are the company's stock (maybe mapped already): only pending issues go.
  rowActions: (row, changed) => (
    <>
      {row.IsActive === 0 && (
        <ActionIcon variant="subtle" color="red" aria-label="Delete" onClick={() => void remove(row, changed)}>
          <DeleteIcon />
        </ActionIcon>
      )}
      {/* The preprinted print file of the range, for the outside printer. */}
      <IssuedDownload issueId={row.IssueId} fromNo={row.FrmNo} toNo={row.ToNo} />
    </>
  ),
};

export function NumberIssuedPage() {
  return <ResourcePage def={numberIssuedResource} />;
}
