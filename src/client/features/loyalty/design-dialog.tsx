// The 'Design Scheme' popup (spec 2 sections 2, 5): name, type, beneficiary, the chosen products or
// categories each with its points, locations, dates and Is Active, checked with the server's contract.
// Extending ('Extend or Change Status of Scheme') shows the same fields, all locked but Valid To and
// Is Active.
import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  BENEFICIARY_OPTIONS,
  SCHEME_API,
  SCHEME_TYPE_OPTIONS,
  type SchemeType,
} from '@shared/contracts/loyalty/scheme.js';
import type { FieldDef } from '../../kit/form-values.js';
import { useOptions } from '../../kit/use-options.js';
import {
  chooseItems,
  designBody,
  designErrors,
  itemsLabel,
  pointsProblem,
  withChosen,
  type DesignBody,
  type DesignErrors,
  type DesignValues,
} from './design-values.js';

const ITEMS: FieldDef = {
  name: 'items',
  label: '',
  kind: 'select',
  optionsPath: SCHEME_API.items,
  optionsParams: { type: 'SchemeType' },
};
const LOCATIONS: FieldDef = { name: 'locations', label: '', kind: 'select', optionsPath: SCHEME_API.locations };

export const DESIGN_TITLE = 'Design Scheme';
export const EXTEND_TITLE = 'Extend or Change Status of Scheme';

export interface DesignDialogProps {
  opened: boolean;
  /** The values an opening starts from; a new object starts the form again (the same one keeps what
   *  was typed, so coming back from the exclude popup loses nothing). */
  initial: DesignValues;
  /** Extending a saved scheme: only Valid To and Is Active change. */
  extend: boolean;
  saving: boolean;
  onClose: () => void;
  /** The body passed the contract. */
  onValid: (body: DesignBody) => void;
}

export function DesignDialog({ opened, initial, extend, saving, onClose, onValid }: DesignDialogProps) {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<DesignErrors>({});
  useEffect(() => {
    setV(initial);
    setErrors({});
  }, [initial]);

  const items = withChosen(useOptions(ITEMS, { SchemeType: v.SchemeType }), v.items);
  const locations = withChosen(useOptions(LOCATIONS), v.locations);
  const set = (patch: Partial<DesignValues>) => setV((cur) => ({ ...cur, ...patch }));
  const setPoints = (at: number, Points: number | string) =>
    setV((cur) => ({ ...cur, items: cur.items.map((i, n) => (n === at ? { ...i, Points } : i)) }));

  const submit = () => {
    const body = designBody(v);
    const found = designErrors(body);
    setErrors(found ?? {});
    if (!found) onValid(body);
  };

  const itemLabel = itemsLabel(v.SchemeType);
  return (
    <Modal opened={opened} onClose={onClose} title={extend ? EXTEND_TITLE : DESIGN_TITLE} size="lg" centered>
      <Stack gap="sm">
        <TextInput
          label="Scheme Name"
          withAsterisk
          disabled={extend}
          maxLength={100}
          value={v.SchemeName}
          error={errors.SchemeName}
          onChange={(e) => set({ SchemeName: e.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Scheme Type"
            withAsterisk
            disabled={extend}
            placeholder="Select Scheme Type"
            error={errors.SchemeType}
            data={SCHEME_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            value={v.SchemeType}
            // Another type offers other items: the chosen ones go.
            onChange={(t) => set({ SchemeType: t as SchemeType | null, items: [] })}
          />
          <Select
            label="Scheme Beneficiary"
            withAsterisk
            disabled={extend}
            placeholder="Select Scheme Beneficiary"
            error={errors.SchemeBeneficiary}
            data={BENEFICIARY_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
            value={v.SchemeBeneficiary === null ? null : String(v.SchemeBeneficiary)}
            onChange={(b) => set({ SchemeBeneficiary: b === null ? null : Number(b) })}
          />
        </SimpleGrid>
        <MultiSelect
          label={itemLabel}
          withAsterisk
          disabled={extend || v.SchemeType === null}
          searchable
          clearable
          placeholder={v.SchemeType === null ? 'Select the scheme type first' : `Select ${itemLabel}`}
          error={errors.DynamicIds}
          data={items.map((o) => ({ value: String(o.value), label: o.label }))}
          value={v.items.map((i) => String(i.value))}
          onChange={(chosen) => set({ items: chooseItems(v.items, chosen, items, (c) => ({ ...c, Points: '' })) })}
        />
        {v.items.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {v.items.map((item, at) => (
              <NumberInput
                key={item.value}
                label={`${item.label} Points`}
                withAsterisk
                disabled={extend}
                allowDecimal={false}
                value={item.Points}
                error={pointsProblem(item.Points) ?? errors.points?.[at]}
                onChange={(p) => setPoints(at, p)}
              />
            ))}
          </SimpleGrid>
        )}
        <MultiSelect
          label="Locations"
          disabled={extend}
          searchable
          clearable
          placeholder="All locations"
          error={errors.locationCodes}
          data={locations.map((o) => ({ value: String(o.value), label: o.label }))}
          value={v.locations.map((l) => String(l.value))}
          onChange={(chosen) => set({ locations: chooseItems(v.locations, chosen, locations, (c) => c) })}
        />
        <SimpleGrid cols={2}>
          <TextInput
            type="date"
            label="Valid From"
            withAsterisk
            disabled={extend}
            value={v.ValidFrm}
            error={errors.ValidFrm}
            onChange={(e) => set({ ValidFrm: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="Valid To"
            withAsterisk
            value={v.ValidTo}
            error={errors.ValidTo}
            onChange={(e) => set({ ValidTo: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Checkbox label="Is Active" checked={v.IsActive} onChange={(e) => set({ IsActive: e.currentTarget.checked })} />
        <Group justify="flex-end" mt="sm">
          <Button onClick={submit} loading={saving}>
            {extend ? 'Update' : 'Submit'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
