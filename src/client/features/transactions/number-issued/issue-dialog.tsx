// The 'Add Number Issue' dialog (spec 2 sections 2, 4, 5): From No. comes from the server (one past
// the highest issued), To No. and Quantity follow each other, and the shared contract validates.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { COMPANY_API } from '@shared/contracts/company.js';
import { SERIAL_DIGITS } from '@shared/contracts/numbers/fields.js';
import { ISSUE_API, issueFields, issueSave } from '@shared/contracts/numbers/issue.js';
import { fieldLimits } from '@shared/field-limits.js';
import { call } from '../../../api/call.js';
import { FieldInput } from '../../../kit/field-input.js';
import type { FieldDef, FormValues } from '../../../kit/form-values.js';
import { toast } from '../../../kit/toast.js';
import { linkedRange } from './linked-range.js';

const LIMITS = fieldLimits(issueFields);

/** A serial box holds SERIAL_DIGITS digits; asterisks and text lengths come from the contract. */
const BOXES: readonly FieldDef[] = [
  {
    name: 'CompanyId',
    label: 'Company',
    kind: 'select',
    optionsPath: COMPANY_API.dropdown,
    optionValue: 'CompId',
    optionLabel: 'CompanyName',
  },
  { name: 'FrmNo', label: 'From No.', kind: 'text', maxLength: SERIAL_DIGITS },
  { name: 'ToNo', label: 'To No.', kind: 'text', maxLength: SERIAL_DIGITS },
  { name: 'IssueQty', label: 'Quantity', kind: 'text', maxLength: SERIAL_DIGITS },
  { name: 'SalesOrderNo', label: 'Sales Order No', kind: 'text' },
];
const FIELDS = BOXES.map((f): FieldDef => ({
  ...f,
  required: LIMITS[f.name]?.required,
  maxLength: LIMITS[f.name]?.maxLength ?? f.maxLength,
}));

const EMPTY: FormValues = { CompanyId: null, FrmNo: '', ToNo: '', IssueQty: '', SalesOrderNo: '' };
const RANGE = { from: 'FrmNo', to: 'ToNo', qty: 'IssueQty' };

export interface IssueDialogProps {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function IssueDialog({ opened, onClose, onSaved }: IssueDialogProps) {
  const [saving, setSaving] = useState(false);
  const form = useForm<FormValues>({
    initialValues: EMPTY,
    validate: schemaResolver(issueSave, { sync: true }),
    onValuesChange: (values, previous) => {
      const patch = linkedRange(values, previous, RANGE);
      if (patch) form.setValues(patch);
    },
  });

  // Each opening starts empty with the next free From number.
  useEffect(() => {
    if (!opened) return;
    form.setValues(EMPTY);
    form.clearErrors();
    let stale = false;
    void call(ISSUE_API.fromNumber, undefined).then((env) => {
      // A From typed before the answer came is the user's: the answer fills an empty field only.
      if (!stale && env.ResponseCode === '200' && form.getValues().FrmNo === '')
        form.setFieldValue('FrmNo', String(env.ResponseData.FrmNo));
    });
    return () => {
      stale = true;
    };
    // `form` is a new object each render; only the opening matters.
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const env = await call(ISSUE_API.create, values);
    setSaving(false);
    if (env.ResponseCode === '200') {
      toast.success(env.ResponseMessage);
      onClose();
      onSaved();
    } else if (env.ResponseCode === '400') toast.warn(env.ResponseMessage);
    else toast.error(env.ResponseMessage);
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Add Number Issue" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {FIELDS.map((f) => (
            <FieldInput key={f.name} field={f} form={form} editing={false} />
          ))}
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={saving}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
