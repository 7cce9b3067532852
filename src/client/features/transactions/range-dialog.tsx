// The range dialog of De Mapping and Product Damage: the mapping's product shown read-only, From No.
// and Quantity typed, To No. computed (read-only), and for damage a reason. The same contract and
// range rule as the server check it first, so the spec's messages show under their fields.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { z } from 'zod';
import type { Endpoint } from '@shared/endpoint.js';
import { fieldLimits } from '@shared/field-limits.js';
import type { MappedRange } from '@shared/contracts/numbers/demap.js';
import { problemField } from '@shared/contracts/numbers/demap.js';
import type { MappingRow } from '@shared/contracts/numbers/mapping.js';
import { call } from '../../api/call.js';
import { toast } from '../../kit/toast.js';

/** The Mapping/GetMappings fields these screens read. */
export type MappedRow = Pick<
  MappingRow,
  | 'MappingId'
  | 'ProductId'
  | 'ProductName'
  | 'FromNo'
  | 'ToNo'
  | 'Qty'
  | 'MFGDate'
  | 'BatchNo'
  | 'FirmName'
  | 'isPreprinted'
>;

export interface RangeValues {
  FromNo: string;
  Qty: string;
  Reason: string;
}

export interface RangeDialogProps {
  title: string;
  submitLabel: string;
  /** The mapping the dialog works on; null keeps it closed. */
  row: MappedRow | null;
  withReason?: boolean;
  /** The save: its request schema checks the values first, as the server will. */
  endpoint: Endpoint<z.ZodType>;
  problem: (m: MappedRange, from: number, qty: number) => string | null;
  payload: (row: MappedRow, values: RangeValues, toNo: number | null) => Record<string, unknown>;
  onClose: () => void;
  onSaved: () => void;
}

/** To = From + Qty - 1 while both are whole numbers, else nothing. */
export function computedTo(from: string, qty: string): number | null {
  if (!/^\d{1,15}$/.test(from.trim()) || !/^\d{1,15}$/.test(qty.trim())) return null;
  const q = Number(qty);
  return q >= 1 ? Number(from) + q - 1 : null;
}

type Errors = Partial<Record<keyof RangeValues, string>>;

export function RangeDialog(props: RangeDialogProps) {
  const { row, withReason } = props;
  const [values, setValues] = useState<RangeValues>({ FromNo: '', Qty: '', Reason: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  // Each opening starts from the mapping's first number and no quantity.
  useEffect(() => {
    if (row) setValues({ FromNo: String(row.FromNo), Qty: '', Reason: '' });
    setErrors({});
  }, [row]);

  const toNo = computedTo(values.FromNo, values.Qty);
  // Asterisks and the reason's length, as the save's contract has them.
  const limits = fieldLimits(props.endpoint.body);
  const set = (field: keyof RangeValues) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [field]: v }));
    setErrors((s) => ({ ...s, [field]: undefined }));
  };

  const check = (r: MappedRow, body: Record<string, unknown>): Errors => {
    const parsed = props.endpoint.body.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '') as keyof RangeValues;
        if (key in values && !found[key]) found[key] = issue.message;
      }
      // A message about a field the dialog does not show (the mapping) goes under From No.
      return Object.keys(found).length > 0 ? found : { FromNo: parsed.error.issues[0]?.message ?? '' };
    }
    const message = props.problem({ fromNo: r.FromNo, toNo: r.ToNo }, Number(values.FromNo), Number(values.Qty));
    return message ? { [problemField(message)]: message } : {};
  };

  const submit = async () => {
    if (!row) return;
    const body = props.payload(row, values, toNo);
    const found = check(row, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const env = await call(props.endpoint, body);
    setSaving(false);
    if (env.ResponseCode === '200') {
      toast.success(env.ResponseMessage);
      props.onClose();
      props.onSaved();
    } else if (env.ResponseCode === '400') toast.warn(env.ResponseMessage);
    else toast.error(env.ResponseMessage);
  };

  return (
    <Modal opened={row !== null} onClose={props.onClose} title={props.title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput label="Product Name" value={row?.ProductName ?? ''} readOnly variant="filled" />
          <TextInput
            label="From No."
            withAsterisk={limits.FromNo?.required}
            inputMode="numeric"
            value={values.FromNo}
            onChange={set('FromNo')}
            error={errors.FromNo}
          />
          <TextInput
            label="Quantity"
            withAsterisk={limits.Qty?.required}
            inputMode="numeric"
            value={values.Qty}
            onChange={set('Qty')}
            error={errors.Qty}
          />
          <TextInput label="To No." value={toNo === null ? '' : String(toNo)} readOnly variant="filled" />
          {withReason && (
            <Textarea
              label="Reason"
              withAsterisk={limits.Reason?.required}
              autosize
              minRows={2}
              maxLength={limits.Reason?.maxLength}
              value={values.Reason}
              onChange={set('Reason')}
              error={errors.Reason}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={saving}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
