// The Mapping form (spec 2 sections 4, 5): add maps a range of the current mode, From No. prefilled
// from the server, To/Qty kept in step and EXP filled from MFG + the product's shelf life. Update
// leaves everything read-only but the EXP date and sends nothing when it did not change.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  MAPPING_API,
  MAPPING_MSG,
  mappingAdd,
  mappingAddFields,
  PRODUCT_LOOKUP_API,
  type MappingRow,
} from '@shared/contracts/numbers/mapping.js';
import { PRODUCT_API } from '@shared/contracts/product.js';
import { fieldLimits } from '@shared/field-limits.js';
import { call } from '../../../api/call.js';
import { useOptions } from '../../../kit/use-options.js';
import { toast } from '../../../kit/toast.js';
import { expiryFor, qtyFrom, toFrom } from './linked-fields.js';

type Values = Record<'FromNo' | 'Qty' | 'ToNo' | 'BatchNo' | 'MFGDate' | 'EXPDate' | 'Mrp' | 'Remark', string> & {
  ProductId: number | null;
};
type Errors = Partial<Record<keyof Values, string>>;

/** Asterisks and text lengths of the add form, as the contract has them. */
const LIMITS = fieldLimits(mappingAddFields);

const EMPTY: Values = {
  ProductId: null,
  FromNo: '',
  Qty: '',
  ToNo: '',
  BatchNo: '',
  MFGDate: '',
  EXPDate: '',
  Mrp: '',
  Remark: '',
};
const PRODUCTS = {
  name: 'ProductId',
  label: 'Product',
  kind: 'select',
  optionsPath: PRODUCT_API.dropdown,
  optionValue: 'ProductId',
  optionLabel: 'ProductName',
} as const;

const fromRow = (r: MappingRow): Values => ({
  ProductId: r.ProductId,
  FromNo: String(r.FromNo),
  Qty: String(r.Qty),
  ToNo: String(r.ToNo),
  BatchNo: r.BatchNo,
  MFGDate: r.MFGDate,
  EXPDate: r.EXPDate,
  Mrp: r.Mrp === null ? '' : String(r.Mrp),
  Remark: r.Remark,
});

export interface MappingDialogProps {
  opened: boolean;
  /** The row being updated, or null to add. */
  editing: MappingRow | null;
  isPreprinted: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function MappingDialog({ opened, editing, isPreprinted, onClose, onSaved }: MappingDialogProps) {
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [life, setLife] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const products = useOptions(PRODUCTS);
  const locked = editing !== null;

  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setLife(null);
    if (editing) {
      setV(fromRow(editing));
      return;
    }
    setV(EMPTY);
    let stale = false;
    void call(MAPPING_API.fromNumber, undefined, { isPreprinted }).then((env) => {
      if (!stale && env.ResponseCode === '200')
        setV((cur) => (cur.FromNo === '' ? { ...cur, FromNo: String(env.ResponseData.FrmNo) } : cur));
    });
    return () => {
      stale = true;
    };
  }, [opened, editing, isPreprinted]);

  const set = (patch: Partial<Values>) => setV((cur) => ({ ...cur, ...patch }));
  const pickProduct = async (value: string | null) => {
    const id = value ? Number(value) : null;
    set({ ProductId: id });
    if (id === null) return setLife(null);
    const env = await call(PRODUCT_LOOKUP_API.life, undefined, { productId: id });
    const days = env.ResponseCode === '200' ? env.ResponseData.BestBeforeDays : null;
    setLife(days);
    setV((cur) => ({ ...cur, EXPDate: expiryFor(cur.MFGDate, days) ?? cur.EXPDate }));
  };

  const close = () => {
    setV(EMPTY);
    onClose();
  };

  const finish = async (body: Record<string, unknown>) => {
    setSaving(true);
    const env = await call(MAPPING_API.save, body);
    setSaving(false);
    if (env.ResponseCode === '200') {
      toast.success(env.ResponseMessage);
      // The batch cannot be in a GS1 Digital Link: the clerk is told its labels keep the short link.
      if (env.ResponseData.LabelNotice) toast.warn(env.ResponseData.LabelNotice);
      close();
      onSaved();
    } else if (env.ResponseCode === '400') toast.warn(env.ResponseMessage);
    else toast.error(env.ResponseMessage);
  };

  const submit = () => {
    if (editing) {
      if (v.EXPDate === editing.EXPDate) return close();
      if (!v.EXPDate) return setErrors({ EXPDate: MAPPING_MSG.expRequired });
      if (v.EXPDate < editing.MFGDate) return setErrors({ EXPDate: MAPPING_MSG.expAfterMfg });
      return void finish({ MappingId: editing.MappingId, EXPDate: v.EXPDate });
    }
    const body = { MappingId: 0, ...v, isPreprinted };
    const parsed = mappingAdd.safeParse(body);
    if (!parsed.success) {
      const first: Errors = {};
      for (const i of parsed.error.issues) {
        const k = (i.path[0] ?? 'FromNo') as keyof Values;
        first[k] ??= i.message;
      }
      return setErrors(first);
    }
    setErrors({});
    void finish(body);
  };

  const text = (
    name: Exclude<keyof Values, 'ProductId'>,
    label: string,
    extra: { type?: string; onValue?: (s: string) => Partial<Values> } = {},
  ) => (
    <TextInput
      label={label}
      type={extra.type}
      withAsterisk={LIMITS[name]?.required}
      value={v[name]}
      error={errors[name]}
      readOnly={locked && name !== 'EXPDate'}
      onChange={(e) => {
        const s = e.currentTarget.value;
        set({ [name]: s, ...extra.onValue?.(s) });
      }}
    />
  );

  return (
    <Modal opened={opened} onClose={close} title={editing ? 'Update Mapping' : 'Product Mapping'} size="lg" centered>
      <Stack gap="sm">
        <Select
          label="Product"
          withAsterisk={LIMITS.ProductId?.required}
          placeholder="Select Product"
          searchable
          readOnly={locked}
          error={errors.ProductId}
          data={products.map((o) => ({ value: String(o.value), label: o.label }))}
          value={v.ProductId === null ? null : String(v.ProductId)}
          onChange={(s) => void pickProduct(s)}
        />
        <SimpleGrid cols={3}>
          {text('FromNo', 'From No', { onValue: (s) => ({ ToNo: toFrom(s, v.Qty) }) })}
          {text('Qty', 'Quantity', { onValue: (s) => ({ ToNo: toFrom(v.FromNo, s) }) })}
          {text('ToNo', 'To No', { onValue: (s) => ({ Qty: qtyFrom(v.FromNo, s) }) })}
        </SimpleGrid>
        {text('BatchNo', 'Batch No')}
        <SimpleGrid cols={2}>
          {text('MFGDate', 'MFG Date', {
            type: 'date',
            onValue: (s) => ({ EXPDate: expiryFor(s, life) ?? v.EXPDate }),
          })}
          {text('EXPDate', 'EXP Date', { type: 'date' })}
        </SimpleGrid>
        {text('Mrp', 'MRP')}
        <Textarea
          label="Remarks"
          autosize
          minRows={2}
          maxLength={LIMITS.Remark?.maxLength}
          value={v.Remark}
          readOnly={locked}
          error={errors.Remark}
          onChange={(e) => set({ Remark: e.currentTarget.value })}
        />
        <Group justify="flex-end" mt="sm">
          <Button onClick={submit} loading={saving}>
            {editing ? 'Update' : 'Submit'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
