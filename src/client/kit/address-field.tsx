// The 'address' field kind: Country > State > City selects, Pincode and two address lines, named
// `${prefix}_Country` and so on (spec 1 sections 3.4, 4). Choosing a country reloads the states and
// clears state and city; choosing a state reloads the cities. With `copyFrom`, a 'Same as Billing
// Address' box mirrors that group while ticked.
import { useEffect, useState } from 'react';
import { Checkbox, Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ADDRESS_PARTS, INDIA_ID, REFERENCE_API, type AddressPart } from '@shared/contracts/reference.js';
import { endpointPath, type Params } from '@shared/endpoint.js';
import { call } from '../api/call.js';
import type { FieldDef, FieldValue, FormValues } from './form-values.js';

export const SAME_AS_BILLING = 'Same as Billing Address';

interface Option {
  value: string;
  label: string;
}

type ReferenceCall = (typeof REFERENCE_API)[keyof typeof REFERENCE_API];

/** One reference list: its call and the query naming the parent. */
interface Wanted {
  endpoint: ReferenceCall;
  params: Params;
}

// Reference data does not change while the app runs: each list is fetched once.
const cache = new Map<string, Promise<Option[]>>();

function fetchOptions({ endpoint, params }: Wanted, value: string, label: string): Promise<Option[]> {
  const path = endpointPath(endpoint, params);
  let hit = cache.get(path);
  if (!hit) {
    hit = call(endpoint, undefined, params).then((env) => {
      if (env.ResponseCode !== '200' || !Array.isArray(env.ResponseData)) {
        cache.delete(path);
        return [];
      }
      return (env.ResponseData as Record<string, unknown>[]).map((r) => ({
        value: String(r[value]),
        label: String(r[label] ?? ''),
      }));
    });
    cache.set(path, hit);
  }
  return hit;
}

/** The options of a reference list, or none while it is null (no parent chosen). */
function useReference(wanted: Wanted | null, value: string, label: string): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  const key = wanted && endpointPath(wanted.endpoint, wanted.params);
  useEffect(() => {
    setOptions([]);
    if (!wanted) return;
    let stale = false;
    void fetchOptions(wanted, value, label).then((o) => !stale && setOptions(o));
    return () => {
      stale = true;
    };
    // The key names the list; `wanted` is a new object each render.
  }, [key, value, label]);
  return options;
}

const chosen = (v: FieldValue | undefined) => (v === null || v === undefined || v === '' || v === 0 ? null : String(v));

export function AddressField({
  field,
  form,
  readOnly,
}: {
  field: FieldDef;
  form: UseFormReturnType<FormValues>;
  readOnly: boolean;
}) {
  const prefix = field.addressPrefix ?? field.name;
  const name = (part: AddressPart) => `${prefix}_${part}`;
  const values = form.getValues();
  const [same, setSame] = useState(false);
  const locked = readOnly || same;

  const country = chosen(values[name('Country')]);
  const state = chosen(values[name('State')]);
  const countries = useReference(
    { endpoint: REFERENCE_API.countries, params: { cCode: INDIA_ID } },
    'CountryId',
    'Country',
  );
  const states = useReference(
    country ? { endpoint: REFERENCE_API.states, params: { cCode: country } } : null,
    'StateId',
    'State',
  );
  const cities = useReference(
    state ? { endpoint: REFERENCE_API.cities, params: { sCode: state } } : null,
    'CityId',
    'City',
  );

  // While the box is ticked the group follows the other one, change by change.
  const source = field.copyFrom;
  const sourceKey = source ? JSON.stringify(ADDRESS_PARTS.map((p) => values[`${source}_${p}`] ?? null)) : '';
  useEffect(() => {
    if (!same || !source) return;
    for (const part of ADDRESS_PARTS) {
      const v = form.getValues()[`${source}_${part}`] ?? null;
      if (form.getValues()[name(part)] !== v) form.setFieldValue(name(part), v);
    }
  }, [same, source, sourceKey]);

  const error = (part: AddressPart) => form.getInputProps(name(part)).error as string | undefined;
  const select = (part: 'Country' | 'State' | 'City', data: Option[], clears: AddressPart[]) => (
    <Select
      label={part}
      withAsterisk={field.required}
      placeholder={`Select ${part}`}
      searchable
      readOnly={locked}
      data={data}
      value={chosen(values[name(part)])}
      onChange={(v) => {
        form.setFieldValue(name(part), v === null ? null : Number(v));
        for (const c of clears) form.setFieldValue(name(c), null);
      }}
      error={error(part)}
    />
  );
  const text = (part: 'Pincode' | 'Address1' | 'Address2', label: string, maxLength: number, required?: boolean) => (
    <TextInput
      label={label}
      withAsterisk={required}
      readOnly={locked}
      maxLength={maxLength}
      {...form.getInputProps(name(part))}
    />
  );

  return (
    <Fieldset legend={field.label}>
      {source && (
        <Checkbox
          mb="sm"
          label={SAME_AS_BILLING}
          checked={same}
          disabled={readOnly}
          onChange={(e) => setSame(e.currentTarget.checked)}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {select('Country', countries, ['State', 'City'])}
        {select('State', states, ['City'])}
        {select('City', cities, [])}
        {text('Pincode', 'Pincode', 6, field.required)}
        {text('Address1', 'Address 1', 250, field.addressLineRequired)}
        {text('Address2', 'Address 2', 250)}
      </SimpleGrid>
    </Fieldset>
  );
}
