// The 'Enter Remark(If any)' dialog of an accepted redemption request (spec 2 sections 2, 7): the
// remark is optional; a blank one accepts through the path without it (a path cannot end empty).
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { POINTS_API, POINTS_MSG, REMARK_MAX, type LoyaltyRequestRow } from '@shared/contracts/loyalty/points.js';
import { call } from '../../api/call.js';
import { toastEnvelope } from '../../kit/toast.js';

export const REMARK_TITLE = 'Enter Remark(If any)';

/** The accept call for a remark: endpointPath encodes the remark as one path segment. */
export function acceptCall(id: number, remark: string) {
  const text = remark.trim();
  return text
    ? call(POINTS_API.accept, undefined, { id, remark: text })
    : call(POINTS_API.acceptPlain, undefined, { id });
}

export interface RemarkDialogProps {
  /** The request being accepted, or null when closed. */
  row: LoyaltyRequestRow | null;
  onClose: () => void;
  onAccepted: () => void;
}

export function RemarkDialog({ row, onClose, onAccepted }: RemarkDialogProps) {
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => setRemark(''), [row]);

  const tooLong = remark.trim().length > REMARK_MAX;
  const submit = async () => {
    if (!row || tooLong) return;
    setSaving(true);
    const env = await acceptCall(row.Id, remark);
    setSaving(false);
    if (!toastEnvelope(env)) return;
    onClose();
    onAccepted();
  };

  return (
    <Modal opened={row !== null} onClose={onClose} title={REMARK_TITLE} centered>
      <Stack gap="sm">
        <Textarea
          label="Remark"
          autosize
          minRows={2}
          maxLength={REMARK_MAX}
          value={remark}
          error={tooLong ? POINTS_MSG.remark : undefined}
          onChange={(e) => setRemark(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={saving}>
            Accept
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
