// The dialog behind a Number Generation row: From, To and Quantity (each recalculated from the
// others), then Download (the CSV for the printer, streamed with progress) or Print (a PDF label
// sheet, for small ranges). The contract the server checks gives the spec's messages here first.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  damagedIn,
  GEN_MSG,
  GENERATION_API,
  generateRequest,
  PRINT_LIMIT,
  printFileName,
  type GeneratedNumberRow,
} from '@shared/contracts/numbers/generation.js';
import { call } from '../../../api/call.js';
import { toast } from '../../../kit/toast.js';
import { saveBlob } from '../../../kit/download.js';
import { labelsFromCsv } from './print-labels.js';
import { FileProgress, GeneratedFileLink, usePrintFile } from '../use-print-file.js';

interface Values {
  FromNo: string;
  ToNo: string;
  Qty: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const whole = (s: string) => (/^\d{1,15}$/.test(s.trim()) ? Number(s) : null);

/** Quantity follows From and To; To follows From and Quantity (spec 2 section 5). */
export function linked(v: Values, field: keyof Values, text: string): Values {
  const next = { ...v, [field]: text };
  const from = whole(next.FromNo);
  const to = whole(next.ToNo);
  const qty = whole(next.Qty);
  if (field === 'Qty')
    return from !== null && qty !== null && qty >= 1 ? { ...next, ToNo: String(from + qty - 1) } : next;
  return from !== null && to !== null && to >= from ? { ...next, Qty: String(to - from + 1) } : next;
}

function problems(row: GeneratedNumberRow, v: Values): Errors {
  const parsed = generateRequest.safeParse({ MappingId: row.MappingId, ...v });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const field: keyof Values =
      key === 'FromNo' || key === 'ToNo' || key === 'Qty'
        ? key
        : issue.message === GEN_MSG.fromBeforeTo
          ? 'FromNo'
          : 'Qty';
    return { [field]: issue.message };
  }
  const { FromNo, ToNo } = parsed.data;
  if (FromNo < row.FromNo || ToNo > row.ToNo) return { FromNo: GEN_MSG.outside(row.Prefix, row.FromNo, row.ToNo) };
  // Never send what the server refuses: a range of void numbers only makes no file.
  return damagedIn(row.DamagedRanges, FromNo, ToNo) === ToNo - FromNo + 1 ? { FromNo: GEN_MSG.allDamaged } : {};
}

/** How many damaged numbers the typed range holds (0 while it is not a whole range). */
function voidCount(row: GeneratedNumberRow | null, v: Values): number {
  const from = whole(v.FromNo);
  const to = whole(v.ToNo);
  return row && from !== null && to !== null && from <= to ? damagedIn(row.DamagedRanges ?? [], from, to) : 0;
}

export function GenerateDialog({ row, onClose }: { row: GeneratedNumberRow | null; onClose: () => void }) {
  const [values, setValues] = useState<Values>({ FromNo: '', ToNo: '', Qty: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [working, setWorking] = useState<'download' | 'print' | null>(null);
  const file = usePrintFile();
  const { reset } = file;
  // The user typed since this opening: the server's From, arriving later, must not overwrite it.
  const typed = useRef(false);

  // Each opening starts at the first number not yet generated, up to the mapping's end.
  useEffect(() => {
    setErrors({});
    reset();
    typed.current = false;
    if (!row) return;
    let live = true;
    setValues({ FromNo: String(row.FromNo), ToNo: String(row.ToNo), Qty: String(row.Qty) });
    void call(GENERATION_API.fromNumber, { MappingId: row.MappingId }).then((env) => {
      if (live && !typed.current && env.ResponseCode === '200')
        setValues((v) => linked(v, 'FromNo', String(env.ResponseData.FrmNo)));
    });
    return () => {
      live = false;
    };
  }, [row, reset]);

  const set = (field: keyof Values) => (e: { currentTarget: { value: string } }) => {
    typed.current = true;
    const text = e.currentTarget.value;
    setValues((v) => linked(v, field, text));
    setErrors({});
  };

  const run = async (mode: 'download' | 'print') => {
    if (!row) return;
    const found = problems(row, values);
    if (mode === 'print' && Object.keys(found).length === 0 && Number(values.Qty) > PRINT_LIMIT)
      found.Qty = GEN_MSG.printLimit;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setWorking(mode);
    const from = Number(values.FromNo);
    const to = Number(values.ToNo);
    const env = await call(GENERATION_API.generate, {
      MappingId: row.MappingId,
      FromNo: from,
      ToNo: to,
      Qty: to - from + 1,
    });
    if (env.ResponseCode !== '200') {
      setWorking(null);
      (env.ResponseCode === '400' ? toast.warn : toast.error)(env.ResponseMessage);
      return;
    }
    const link = env.ResponseData.downloadLinK;
    if (mode === 'download') await file.download(link, printFileName(row.Prefix, from, to));
    else {
      const got = await file.fetchFile(link, printFileName(row.Prefix, from, to));
      if (got) {
        // jsPDF only loads when someone prints.
        const { labelSheet } = await import('../../../print/label-sheet.js');
        const pdf = await labelSheet(labelsFromCsv(await got.blob.text()), 'a4-3x8');
        saveBlob(printFileName(row.Prefix, from, to, 'pdf'), new Blob([pdf], { type: 'application/pdf' }));
      }
    }
    setWorking(null);
  };

  return (
    <Modal opened={row !== null} onClose={onClose} title="Generate Numbers" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run('download');
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Product Name"
            value={row ? `${row.ProductName} (${row.BatchNo})` : ''}
            readOnly
            variant="filled"
          />
          <TextInput
            label="From No."
            withAsterisk
            inputMode="numeric"
            value={values.FromNo}
            onChange={set('FromNo')}
            error={errors.FromNo}
          />
          <TextInput
            label="To No."
            withAsterisk
            inputMode="numeric"
            value={values.ToNo}
            onChange={set('ToNo')}
            error={errors.ToNo}
          />
          <TextInput
            label="Quantity"
            withAsterisk
            inputMode="numeric"
            value={values.Qty}
            onChange={set('Qty')}
            error={errors.Qty}
          />
          {voidCount(row, values) > 0 && (
            <Alert color="yellow" variant="light" role="status">
              {GEN_MSG.leftOut(voidCount(row, values))}
            </Alert>
          )}
          <FileProgress progress={file.progress} />
          <GeneratedFileLink file={file.file} />
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              loading={working === 'print'}
              disabled={working !== null}
              onClick={() => void run('print')}
            >
              Print
            </Button>
            <Button type="submit" loading={working === 'download'} disabled={working !== null}>
              Download
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
