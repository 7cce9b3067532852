// The 'Accept Stock' dialog (spec 2 sections 2, 5 'Stock accept'): the row's From No. and To No. with
// a read-only Quantity. An issue is accepted whole, so nothing here is typed.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { STOCK_API, stockAccept, type StockRow } from '@shared/contracts/numbers/stock.js';
import { call } from '../../../api/call.js';
import { toast } from '../../../kit/toast.js';

export interface AcceptDialogProps {
  row: StockRow;
  opened: boolean;
  onClose: () => void;
  onAccepted: () => void;
}

const valuesOf = (row: StockRow) => ({
  StockId: row.StockId,
  FrmNo: String(row.FrmNo),
  ToNo: String(row.ToNo),
  IssueQty: String(row.IssueQty),
});

export function AcceptDialog({ row, opened, onClose, onAccepted }: AcceptDialogProps) {
  const [saving, setSaving] = useState(false);
  const form = useForm({ initialValues: valuesOf(row), validate: schemaResolver(stockAccept, { sync: true }) });

  useEffect(() => {
    if (opened) form.setValues(valuesOf(row));
    // `form` is a new object each render; the opening and the row matter.
  }, [opened, row]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const env = await call(STOCK_API.accept, values);
    setSaving(false);
    if (env.ResponseCode === '200') {
      toast.success(env.ResponseMessage);
      onClose();
      onAccepted();
    } else if (env.ResponseCode === '400') toast.warn(env.ResponseMessage);
    else toast.error(env.ResponseMessage);
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Accept Stock" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="From No." readOnly {...form.getInputProps('FrmNo')} />
          <TextInput label="To No." readOnly {...form.getInputProps('ToNo')} />
          <TextInput label="Quantity" readOnly {...form.getInputProps('IssueQty')} />
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
