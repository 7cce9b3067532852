// Recall Trace (issue 14 item 5): a product and a batch, and where every pack of it went: mapped
// ranges, cartons and where they are now, dispatches and their receipt, the farmers' verifications.
// The batch can be recalled from here (a reason and a confirmation); Export saves the whole trace.
import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PRODUCT_API } from '@shared/contracts/product.js';
import { RECALL_API, traceRequest, type TraceAnswer } from '@shared/contracts/recall.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../../api/call.js';
import { formatDate } from '../../../kit/columns.js';
import { firstIssues, type FieldDef } from '../../../kit/form-values.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { toastEnvelope } from '../../../kit/toast.js';
import { useOptions } from '../../../kit/use-options.js';
import { downloadBatchEpcis } from '../epcis-downloads.js';
import { RecallDialog, type RecallTarget } from './recall-dialog.js';
import { TraceSections } from './trace-sections.js';
import { TRACE_TEXT, traceCsv, traceFileName } from './trace-text.js';

const PRODUCTS: FieldDef = {
  name: 'ProductId',
  label: '',
  kind: 'select',
  optionsPath: PRODUCT_API.dropdown,
  optionValue: 'ProductId',
  optionLabel: 'ProductName',
};

type Field = 'ProductId' | 'BatchNo';
interface Asked {
  ProductId: number;
  BatchNo: string;
}

export default function RecallTracePage() {
  const products = useOptions(PRODUCTS);
  const [productId, setProductId] = useState<number | null>(null);
  const [batch, setBatch] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [asked, setAsked] = useState<Asked | null>(null);
  const [trace, setTrace] = useState<TraceAnswer | null>(null);
  const [busy, setBusy] = useState<'trace' | 'export' | 'epcis' | null>(null);
  const [recalling, setRecalling] = useState<RecallTarget | null>(null);

  const load = async (body: Asked, quiet = false) => {
    setBusy('trace');
    const env = await call(RECALL_API.trace, body);
    setBusy(null);
    if (env.ResponseCode === '200') {
      setTrace(env.ResponseData);
      setAsked(body);
    } else {
      if (!quiet) toastEnvelope(env);
      setTrace(null);
    }
  };

  const submit = () => {
    const parsed = traceRequest.safeParse({ ProductId: productId ?? 0, BatchNo: batch });
    setErrors(firstIssues<Field>(parsed.error));
    if (parsed.success) void load({ ProductId: parsed.data.ProductId, BatchNo: parsed.data.BatchNo });
  };

  const exportAll = async () => {
    if (!asked) return;
    setBusy('export');
    const [env, { downloadText }] = await Promise.all([
      call(RECALL_API.trace, { ...asked, All: true }),
      import('../../../kit/download.js'),
    ]);
    setBusy(null);
    if (env.ResponseCode !== '200') return void toastEnvelope(env);
    downloadText(`${traceFileName(env.ResponseData)}.csv`, traceCsv(env.ResponseData));
  };

  /** The batch's events as one EPCIS 2.0 document, for a partner or a regulator (docs/epcis.md). */
  const exportEpcis = async () => {
    if (!asked) return;
    setBusy('epcis');
    await downloadBatchEpcis(asked.ProductId, asked.BatchNo);
    setBusy(null);
  };

  const header = trace && (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fw={700}>{trace.ProductName}</Text>
          <Text fz="sm" c="dimmed">
            Batch {trace.BatchNo}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => void exportAll()} loading={busy === 'export'}>
            Export
          </Button>
          <Button variant="default" onClick={() => void exportEpcis()} loading={busy === 'epcis'}>
            EPCIS
          </Button>
          {!trace.Recall && (
            <Button
              color="red"
              onClick={() =>
                setRecalling({ ProductId: trace.ProductId, ProductName: trace.ProductName, BatchNo: trace.BatchNo })
              }
            >
              {TRACE_TEXT.recall}
            </Button>
          )}
        </Group>
      </Group>
      {trace.Recall && (
        <Alert color="red" mt="sm" title="Recalled" role="alert">
          {TRACE_TEXT.recalled(formatDate(trace.Recall.CreatedDate), trace.Recall.Reason)}
        </Alert>
      )}
    </Paper>
  );

  return (
    <Stack gap="md">
      <ScreenHeader title={PAGE.recallTrace.label} breadcrumb="Reports" />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Product"
            withAsterisk
            searchable
            placeholder="Select Product"
            error={errors.ProductId}
            data={products.map((o) => ({ value: String(o.value), label: o.label }))}
            value={productId === null ? null : String(productId)}
            onChange={(p) => setProductId(p === null ? null : Number(p))}
          />
          <TextInput
            label="Batch No"
            withAsterisk
            placeholder="Batch No"
            maxLength={50}
            value={batch}
            error={errors.BatchNo}
            onChange={(e) => setBatch(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && submit()}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button onClick={submit} loading={busy === 'trace'}>
            Submit
          </Button>
        </Group>
      </Paper>
      {trace && <TraceSections trace={trace} header={header} />}
      <RecallDialog
        target={recalling}
        onClose={() => setRecalling(null)}
        onRecalled={() => asked && void load(asked, true)}
      />
    </Stack>
  );
}
