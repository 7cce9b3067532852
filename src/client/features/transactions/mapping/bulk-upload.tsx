// Bulk mapping on the Mapping screen (spec 2 sections 2, 5, 7, 8): 'Bulk Mapping' sends an Excel
// sheet in the current mode, 'Download Template' fetches the sheet to fill. A name other than .xls or
// .xlsx is refused here without a request; the server still judges the file by its content.
import { Button, FileButton } from '@mantine/core';
import { useRef, useState } from 'react';
import {
  hasSheetExtension,
  SHEET_API,
  SHEET_FIELD,
  SHEET_MSG,
  TEMPLATE_FILE_NAME,
  type SheetErrorRow,
  type SheetRefused,
  type SheetSaved,
} from '@shared/contracts/numbers/mapping-upload.js';
import { endpointPath } from '@shared/endpoint.js';
import { call } from '../../../api/call.js';
import { api, API_BASE } from '../../../api/http.js';
import { getSession } from '../../../api/session.js';
import { saveBlob } from '../../../kit/download.js';
import { toast, toastEnvelope } from '../../../kit/toast.js';
import { SheetErrorsDialog } from './sheet-errors-dialog.js';

export interface BulkUploadProps {
  isPreprinted: boolean;
  /** Reloads the mapping list after a sheet is mapped. */
  changed: () => void;
}

const fetchTemplate = () =>
  fetch(API_BASE + endpointPath(SHEET_API.template), {
    headers: { authorization: `Bearer ${getSession()?.Token ?? ''}` },
  });

/** The template is a file, not an envelope: fetched as bytes with the session's token and saved. */
async function downloadTemplate() {
  try {
    let res = await fetchTemplate();
    // An expired token: the API client's call refreshes it (or signs out), then one retry.
    if (res.status === 401) {
      await call(SHEET_API.template, undefined);
      res = await fetchTemplate();
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { ResponseMessage?: string } | null;
      toast.error(body?.ResponseMessage ?? `HTTP ${res.status}`);
      return;
    }
    saveBlob(TEMPLATE_FILE_NAME, await res.blob());
  } catch {
    toast.error('The template could not be downloaded. Please try again when online.');
  }
}

export function BulkUpload({ isPreprinted, changed }: BulkUploadProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<SheetErrorRow[] | null>(null);
  const reset = useRef<() => void>(null);

  async function send(file: File | null) {
    // Cleared at once, so choosing the same file again (after fixing it) uploads again.
    reset.current?.();
    if (!file) return;
    if (!hasSheetExtension(file.name)) {
      toast.warn(SHEET_MSG.notAcceptable);
      return;
    }
    const form = new FormData();
    form.append(SHEET_FIELD, file);
    setBusy(true);
    const env = await api.upload<SheetSaved | SheetRefused | null>(
      endpointPath(SHEET_API.upload, { isPreprinted }),
      form,
    );
    setBusy(false);
    if (env.ResponseCode === '200') {
      toast.success(env.ResponseMessage);
      // Batches a GS1 Digital Link cannot carry: the clerk is told their labels keep the short link.
      for (const notice of (env.ResponseData as SheetSaved).LabelNotices ?? []) toast.warn(notice);
      changed();
      return;
    }
    const list = (env.ResponseData as SheetRefused | null)?.ErrorList;
    if (Array.isArray(list) && list.length > 0) setErrors(list);
    else toastEnvelope(env);
  }

  return (
    <>
      <FileButton onChange={(f) => void send(f)} accept=".xls,.xlsx" resetRef={reset}>
        {(props) => (
          <Button {...props} variant="light" loading={busy}>
            Bulk Mapping
          </Button>
        )}
      </FileButton>
      <Button variant="subtle" onClick={() => void downloadTemplate()}>
        Download Template
      </Button>
      <SheetErrorsDialog rows={errors} onClose={() => setErrors(null)} />
    </>
  );
}
