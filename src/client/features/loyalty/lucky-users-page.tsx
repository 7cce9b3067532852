// Pick Lucky Users (spec 3 sections 2, 5, 7): product, location, dates and how many; the server picks
// that many distinct verifiers at random and the table lists them.
import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { LUCKY_API, LUCKY_TABLE, type LuckyRow } from '@shared/contracts/loyalty/lucky.js';
import { SCHEME_API } from '@shared/contracts/loyalty/scheme.js';
import { PRODUCT_API } from '@shared/contracts/product.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../api/call.js';
import { tableColumns, toTableColumns } from '../../kit/columns.js';
import type { FieldDef } from '../../kit/form-values.js';
import { NO_DATA_TEXT } from '../../kit/paging.js';
import { ScreenHeader } from '../../kit/screen-header.js';
import { toast, toastEnvelope } from '../../kit/toast.js';
import { useOptions } from '../../kit/use-options.js';
import { luckyBody, luckyProblems, luckyStart, type LuckyField, type LuckyValues } from './lucky-values.js';

const PRODUCTS: FieldDef = {
  name: 'ProductId',
  label: '',
  kind: 'select',
  optionsPath: PRODUCT_API.dropdown,
  optionValue: 'ProductId',
  optionLabel: 'ProductName',
};
const LOCATIONS: FieldDef = { name: 'Location', label: '', kind: 'select', optionsPath: SCHEME_API.locations };

const COLUMNS = toTableColumns(tableColumns<LuckyRow>(LUCKY_TABLE));

const toData = (options: readonly { value: string | number; label: string }[]) =>
  options.map((o) => ({ value: String(o.value), label: o.label }));

export function LuckyUsersPage() {
  const [v, setV] = useState<LuckyValues>(() => luckyStart());
  const [errors, setErrors] = useState<Partial<Record<LuckyField, string>>>({});
  const [rows, setRows] = useState<LuckyRow[]>([]);
  const [picking, setPicking] = useState(false);
  const products = useOptions(PRODUCTS);
  const locations = useOptions(LOCATIONS);
  const set = (patch: Partial<LuckyValues>) => setV((cur) => ({ ...cur, ...patch }));

  const submit = async () => {
    const body = luckyBody(v);
    const problems = luckyProblems(body);
    setErrors(problems?.fields ?? {});
    // Date problems are error toasts on the report screens (spec 3 section 5).
    if (problems?.toast) toast.error(problems.toast);
    if (problems) return;
    setPicking(true);
    const env = await call(LUCKY_API.pick, body);
    setPicking(false);
    setRows(toastEnvelope(env) && Array.isArray(env.ResponseData) ? env.ResponseData : []);
  };

  return (
    <Stack gap="md">
      <ScreenHeader title={PAGE.luckyUsers.label} breadcrumb="Reports" />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Select
            label="Product"
            withAsterisk
            searchable
            placeholder="Select Product"
            data={toData(products)}
            error={errors.ProductId}
            value={v.ProductId === null ? null : String(v.ProductId)}
            onChange={(p) => set({ ProductId: p === null ? null : Number(p) })}
          />
          <Select
            label="Location"
            withAsterisk
            searchable
            placeholder="Select Location"
            data={toData(locations)}
            error={errors.Location}
            value={v.Location === null ? null : String(v.Location)}
            onChange={(l) => set({ Location: l === null ? null : Number(l) })}
          />
          <NumberInput
            label="No. of Users to Pick"
            withAsterisk
            allowDecimal={false}
            value={v.Qty}
            error={errors.Qty}
            onChange={(q) => set({ Qty: q })}
          />
          <TextInput
            type="date"
            label="From Date"
            withAsterisk
            value={v.FromDate}
            onChange={(e) => set({ FromDate: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To Date"
            withAsterisk
            value={v.ToDate}
            onChange={(e) => set({ ToDate: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => void submit()} loading={picking}>
            Submit
          </Button>
        </Group>
      </Paper>
      <DataTable<LuckyRow>
        withTableBorder
        striped
        borderRadius="sm"
        minHeight={rows.length === 0 ? 180 : undefined}
        idAccessor="MobileNo"
        columns={COLUMNS}
        records={rows}
        noRecordsText={NO_DATA_TEXT}
      />
    </Stack>
  );
}
