// The 'upload' field kind: pick a file, post it to Upload/FileUpload (the server checks what it
// really is), keep the returned path as the value and show it back: a thumbnail, a player or a
// link. Removing asks first ('Are you sure?' / 'You want to delete this file?', spec 1 section 4).
import { useState } from 'react';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Paper } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { openConfirmModal } from '@mantine/modals';
import { UPLOAD_API, UPLOAD_FIELD, type UploadAnswer, type UploadKind } from '@shared/contracts/upload.js';
import { endpointPath } from '@shared/endpoint.js';
import { api } from '../api/http.js';
import type { FieldDef, FormValues } from './form-values.js';
import { toast } from './toast.js';

export const CONFIRM_FILE_DELETE = {
  title: 'Are you sure?',
  text: 'You want to delete this file?',
  yes: 'Yes',
  no: 'No',
} as const;

/** What the file picker offers; the server decides from the content anyway. */
const ACCEPT: Record<UploadKind, string> = {
  image: 'image/png,image/jpeg,image/gif,image/webp',
  audio: 'audio/mpeg,audio/wav,audio/ogg,audio/mp4,audio/aac,.mp3,.wav,.ogg,.m4a,.aac',
  pdf: 'application/pdf,.pdf',
};

function confirmFileDelete(): Promise<boolean> {
  return new Promise((resolve) => {
    openConfirmModal({
      title: CONFIRM_FILE_DELETE.title,
      children: CONFIRM_FILE_DELETE.text,
      labels: { confirm: CONFIRM_FILE_DELETE.yes, cancel: CONFIRM_FILE_DELETE.no },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

function Preview({ kind, src, label }: { kind: UploadKind; src: string; label: string }) {
  if (kind === 'image') {
    return (
      <img src={src} alt={label} style={{ maxHeight: 72, maxWidth: 160, objectFit: 'contain', display: 'block' }} />
    );
  }
  if (kind === 'audio') return <audio controls src={src} aria-label={label} style={{ height: 36, maxWidth: 240 }} />;
  return (
    <Anchor href={src} target="_blank" rel="noopener" size="sm">
      View PDF
    </Anchor>
  );
}

export interface UploadFieldProps {
  field: FieldDef;
  form: UseFormReturnType<FormValues>;
  readOnly: boolean;
}

export function UploadField({ field, form, readOnly }: UploadFieldProps) {
  const [busy, setBusy] = useState(false);
  const kind: UploadKind = field.accept ?? 'image';
  const value = form.getValues()[field.name];
  const src = typeof value === 'string' ? value : '';
  const error = form.getInputProps(field.name).error as string | undefined;

  const pick = async (file: File | null) => {
    if (!file) return;
    const body = new FormData();
    body.append(UPLOAD_FIELD, file);
    setBusy(true);
    // Multipart, which call() does not send: the declared path, through the same client.
    const env = await api.upload<UploadAnswer | null>(endpointPath(UPLOAD_API.file, { type: kind }), body);
    setBusy(false);
    if (env.ResponseCode === '200' && env.ResponseData?.Source) form.setFieldValue(field.name, env.ResponseData.Source);
    else if (env.ResponseCode === '400') toast.warn(env.ResponseMessage);
    else toast.error(env.ResponseMessage);
  };

  const remove = async () => {
    if (await confirmFileDelete()) form.setFieldValue(field.name, '');
  };

  return (
    <Input.Wrapper label={field.label} withAsterisk={field.required} error={error}>
      {src ? (
        <Paper withBorder p="xs" radius="sm" data-upload={field.name}>
          <Group justify="space-between" wrap="nowrap">
            <Preview kind={kind} src={src} label={field.label} />
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${field.label}`}
                onClick={() => void remove()}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ) : (
        <Group gap="xs" data-upload={field.name}>
          <FileButton onChange={(f) => void pick(f)} accept={ACCEPT[kind]} disabled={readOnly}>
            {(props) => (
              <Button {...props} variant="default" size="xs" loading={busy} aria-label={`Upload ${field.label}`}>
                Choose file
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Input.Wrapper>
  );
}
