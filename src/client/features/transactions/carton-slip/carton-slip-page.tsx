// Carton Slip (spec 2 sections 2, 4, 5, 9): From Number is the last slip number used (GetIds), To
// Number = From + Quantity; Submit reserves From+1..To on the server (UpdateIds) and saves a file of
// exactly the reserved ids; From then moves to the old To, so no slip id is printed twice.
import { Alert, Button, Group, Paper, Radio, Stack, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { SlipType } from '@shared/codes.js';
import {
  parseIdsMessage,
  reserveArgs,
  SLIP_API,
  SLIP_FILE_TYPE,
  SLIP_MSG,
} from '@shared/contracts/numbers/slip-ids.js';
import { call } from '../../../api/call.js';
import { useSession } from '../../../api/session.js';
import { downloadText, saveBytes } from '../../../kit/download.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { toast, toastEnvelope } from '../../../kit/toast.js';
import type { SheetLayout } from '../../../print/label-sheet.js';
import { slipCsv, slipFileName, slipPdf } from './slip-file.js';

type Last = Record<'SID' | 'TID', number>;
const TYPES: { value: SlipType; label: string }[] = [
  { value: 'SID', label: 'Secondary Carton Slips' },
  { value: 'TID', label: 'Tertiary Carton Slips' },
];

/** A typed quantity as a whole number of slips, or null. */
const wholeQty = (text: string) => (/^\d{1,6}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

export function CartonSlipPage() {
  const prefix = useSession()?.Prefix ?? '';
  const [type, setType] = useState<SlipType>('SID');
  const [last, setLast] = useState<Last | null>(null);
  const [qty, setQty] = useState('');
  const [fileType, setFileType] = useState<string>(String(SLIP_FILE_TYPE.pdf));
  const [layout, setLayout] = useState<SheetLayout>('a4-4x8');
  const [busy, setBusy] = useState(false);

  const loadLast = useCallback(async () => {
    const env = await call(SLIP_API.lastIds, undefined, { prefix });
    const ids = env.ResponseCode === '200' ? parseIdsMessage(env.ResponseMessage) : null;
    if (!ids) toast.warn(env.ResponseCode === '400' ? env.ResponseMessage : SLIP_MSG.lookupFailed);
    setLast(ids);
  }, [prefix]);

  useEffect(() => {
    if (prefix) void loadLast();
  }, [prefix, loadLast]);

  if (!prefix) {
    return (
      <Stack gap="md">
        <ScreenHeader title="Carton Slip" breadcrumb="Transactions" />
        <Alert color="yellow" title="No site prefix">
          {SLIP_MSG.noPrefix}
        </Alert>
      </Stack>
    );
  }

  const from = last ? last[type as keyof Last] : null;
  const n = wholeQty(qty);
  const to = from !== null && n !== null ? from + n : null;

  const submit = async () => {
    if (from === null || n === null || to === null || !type || !fileType) {
      toast.warn(SLIP_MSG.invalid);
      return;
    }
    setBusy(true);
    const env = await call(SLIP_API.reserve, undefined, reserveArgs(prefix, type, to));
    if (env.ResponseCode !== '200') {
      toastEnvelope(env);
      setBusy(false);
      // Another device may have printed meanwhile: show where the counter really is.
      await loadLast();
      return;
    }
    const r = env.ResponseData;
    if (Number(fileType) === SLIP_FILE_TYPE.csv) downloadText(slipFileName(r, 'csv'), slipCsv(r));
    else saveBytes(slipFileName(r, 'pdf'), await slipPdf(r, layout), 'application/pdf');
    toast.success(env.ResponseMessage);
    setLast((l) => (l ? { ...l, [r.Type]: r.ToNo } : l));
    setQty('');
    setBusy(false);
  };

  return (
    <Stack gap="md">
      <ScreenHeader title="Carton Slip" breadcrumb="Transactions" />
      <Paper withBorder p="md" radius="md" maw={560}>
        <Stack gap="md">
          <Radio.Group label="Slip Type" value={type} onChange={(v) => setType(v as SlipType)}>
            <Group mt="xs">
              {TYPES.map((t) => (
                <Radio key={t.value} value={t.value} label={t.label} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput label="From Number" readOnly value={from === null ? '' : String(from)} />
          <TextInput
            label="Quantity"
            withAsterisk
            inputMode="numeric"
            value={qty}
            onChange={(e) => setQty(e.currentTarget.value)}
          />
          <TextInput label="To Number (Included)" disabled value={to === null ? '' : String(to)} />
          <Radio.Group label="File Type" value={fileType} onChange={setFileType}>
            <Group mt="xs">
              <Radio value={String(SLIP_FILE_TYPE.pdf)} label="PDF" />
              <Radio value={String(SLIP_FILE_TYPE.csv)} label="CSV" />
            </Group>
          </Radio.Group>
          {Number(fileType) === SLIP_FILE_TYPE.pdf && (
            <Radio.Group label="Label Size" value={layout} onChange={(v) => setLayout(v as SheetLayout)}>
              <Group mt="xs">
                <Radio value="a4-4x8" label="A4 sheet (4 x 8)" />
                <Radio value="single-90x70" label="Single label (90 x 70 mm)" />
              </Group>
            </Radio.Group>
          )}
          <Group>
            <Button onClick={() => void submit()} loading={busy}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
