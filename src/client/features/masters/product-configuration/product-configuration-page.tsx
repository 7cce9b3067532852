// Product Configuration (spec 1 sections 2.12, 3.6, 4, 5.3): pick a product, tick its items (Select
// All in the header), then Save for that product or 'Apply for all product' for all of its company's.
// Below the table, the product's default carton sizes (issue 27): what a first scan on Secondary and
// Tertiary Packing takes when no size is picked.
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Paper, Select, Stack, Table } from '@mantine/core';
import {
  CONFIG_ITEMS,
  configText,
  DEFAULT_CARTONS,
  emptyConfig,
  PRODUCT_CONFIG_API,
  PRODUCT_CONFIG_MSG,
  type BtnType,
  type DefaultCartons,
  type ProductConfig,
} from '@shared/contracts/product-configuration.js';
import { CARTON_API } from '@shared/contracts/carton.js';
import { PRODUCT_API } from '@shared/contracts/product.js';
import { call } from '../../../api/call.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { toastEnvelope } from '../../../kit/toast.js';
import { parseConfigText, selectAllState, tickAll, tickItem } from './config-state.js';

const NO_DEFAULTS: DefaultCartons = { SecondaryCartonId: null, TertiaryCartonId: null };

export function ProductConfigurationPage() {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [productId, setProductId] = useState<string | null>(null);
  const [config, setConfig] = useState<ProductConfig>(emptyConfig);
  const [cartonOptions, setCartonOptions] = useState<{ value: string; label: string }[]>([]);
  const [defaults, setDefaults] = useState<DefaultCartons>(NO_DEFAULTS);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<BtnType | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    void call(PRODUCT_API.dropdown, undefined).then((env) => {
      if (env.ResponseCode === '200' && Array.isArray(env.ResponseData)) {
        setOptions(env.ResponseData.map((p) => ({ value: String(p.ProductId), label: p.ProductName })));
      }
    });
    void call(CARTON_API.dropdown, undefined).then((env) => {
      if (env.ResponseCode === '200' && Array.isArray(env.ResponseData)) {
        setCartonOptions(
          env.ResponseData.map((c) => ({ value: String(c.CartonId), label: `${c.CartonName} (${c.CartonSize})` })),
        );
      }
    });
  }, []);

  // Only the answer for the last chosen product is shown, however the calls come back.
  const choose = async (value: string | null) => {
    setProductId(value);
    setError(null);
    setConfig(emptyConfig());
    setDefaults(NO_DEFAULTS);
    const asked = ++latest.current;
    if (value === null) return;
    const env = await call(PRODUCT_CONFIG_API.read, undefined, { productId: value });
    if (asked === latest.current && env.ResponseCode === '200') {
      setConfig(parseConfigText(env.ResponseData?.ProdConfiguration));
      setDefaults({
        SecondaryCartonId: env.ResponseData?.SecondaryCartonId ?? null,
        TertiaryCartonId: env.ResponseData?.TertiaryCartonId ?? null,
      });
    }
  };

  const save = async (BtnType: BtnType) => {
    // Nothing is saved without a product (spec 1 section 5.3).
    if (productId === null) {
      setError(PRODUCT_CONFIG_MSG.productRequired);
      return;
    }
    setSaving(BtnType);
    const env = await call(PRODUCT_CONFIG_API.save, {
      ProductId: Number(productId),
      ProdConfiguration: configText(config),
      BtnType,
      // A carton size belongs to one product: 'Apply for all product' applies the flags only.
      ...(BtnType === 'btnsingle' ? defaults : {}),
    });
    setSaving(null);
    toastEnvelope(env);
  };

  const all = selectAllState(config);
  return (
    <Stack gap="md">
      <ScreenHeader title="Product Configuration" breadcrumb="Masters" />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md" maw={560}>
          <Select
            label="Product"
            withAsterisk
            placeholder="Select Product"
            searchable
            clearable
            nothingFoundMessage="No Data found"
            data={options}
            value={productId}
            onChange={(v) => void choose(v)}
            error={error}
          />
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>
                  <Checkbox
                    label="Select All"
                    checked={all === 'all'}
                    indeterminate={all === 'some'}
                    onChange={(e) => setConfig(tickAll(e.currentTarget.checked))}
                  />
                </Table.Th>
                <Table.Th>Configuration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CONFIG_ITEMS.map((item) => (
                <Table.Tr key={item.key}>
                  <Table.Td>
                    <Checkbox
                      aria-label={item.label}
                      checked={config[item.key]}
                      onChange={(e) => setConfig(tickItem(config, item.key, e.currentTarget.checked))}
                    />
                  </Table.Td>
                  <Table.Td>{item.label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {DEFAULT_CARTONS.map(({ key, label }) => (
            <Select
              key={key}
              label={label}
              placeholder="None"
              clearable
              data={cartonOptions}
              value={defaults[key] === null ? null : String(defaults[key])}
              onChange={(v) => setDefaults((d) => ({ ...d, [key]: v === null ? null : Number(v) }))}
            />
          ))}
          <Group justify="flex-end">
            <Button onClick={() => void save('btnsingle')} loading={saving === 'btnsingle'} disabled={saving !== null}>
              Save
            </Button>
            <Button
              variant="default"
              onClick={() => void save('btnall')}
              loading={saving === 'btnall'}
              disabled={saving !== null}
            >
              Apply for all product
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
