// 'Recall this batch': the reason, then the one confirmation (kit/confirm-delete.ts), then
// Recall/CreateRecall. The reason is checked with the save's own contract before anything is asked.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { RECALL_API, recallSave } from '@shared/contracts/recall.js';
import { call } from '../../../api/call.js';
import { confirmYesNo } from '../../../kit/confirm-delete.js';
import { toastEnvelope } from '../../../kit/toast.js';
import { TRACE_TEXT } from './trace-text.js';

export interface RecallTarget {
  ProductId: number;
  ProductName: string;
  BatchNo: string;
}

export function RecallDialog({
  target,
  onClose,
  onRecalled,
}: {
  target: RecallTarget | null;
  onClose: () => void;
  onRecalled: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setReason('');
    setError(undefined);
  }, [target]);

  const submit = async () => {
    if (!target) return;
    const body = { ProductId: target.ProductId, BatchNo: target.BatchNo, Reason: reason };
    const parsed = recallSave.safeParse(body);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    if (!(await confirmYesNo(TRACE_TEXT.confirmTitle, TRACE_TEXT.confirm(target.BatchNo, target.ProductName)))) return;
    setSaving(true);
    const env = await call(RECALL_API.save, parsed.data);
    setSaving(false);
    if (!toastEnvelope(env)) return;
    onClose();
    onRecalled();
  };

  return (
    <Modal opened={target !== null} onClose={onClose} title={TRACE_TEXT.recallTitle} centered>
      <Stack gap="sm">
        {target && (
          <Text fz="sm">
            {target.ProductName} · Batch {target.BatchNo}
          </Text>
        )}
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={200}
          value={reason}
          error={error}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void submit()} loading={saving}>
            Recall
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
