// The one field renderer of the kit's forms: a FieldDef in, a labelled Mantine input out.
// New kinds (uploads, address cascades) are added here, once, for every screen. The form runs
// in controlled mode, so inputs need no form keys.
import { useEffect } from 'react';
import { Checkbox, Group, NumberInput, PasswordInput, Radio, Select, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useSession } from '../api/session.js';
import { AddressField } from './address-field.js';
import type { FieldDef, FormValues } from './form-values.js';
import { UploadField } from './upload-field.js';
import { useOptions } from './use-options.js';

export interface FieldInputProps {
  field: FieldDef;
  form: UseFormReturnType<FormValues>;
  editing: boolean;
}

function SelectField({
  field,
  form,
  readOnly: lockedOnEdit,
}: {
  field: FieldDef;
  form: UseFormReturnType<FormValues>;
  readOnly: boolean;
}) {
  const all = useOptions(field, form.getValues());
  const options = field.optionsFilter ? all.filter((o) => o.row && field.optionsFilter!(o.row, form.getValues())) : all;
  const session = useSession();
  const own = field.ownCompany && session && !session.isAdmin ? session.CompanyId : null;
  const readOnly = lockedOnEdit || own !== null;
  const current = form.getValues()[field.name];
  // The server uses the caller's company whatever is sent; the form shows it so.
  useEffect(() => {
    if (own !== null && current !== own) form.setFieldValue(field.name, own);
  }, [own, current, field.name]);
  // A choice the filter no longer offers (another company or kind picked) is cleared.
  const offered =
    !field.optionsFilter ||
    current === null ||
    current === '' ||
    all.length === 0 ||
    options.some((o) => o.value === current);
  useEffect(() => {
    if (!offered) form.setFieldValue(field.name, null);
  }, [offered, field.name]);
  const props = form.getInputProps(field.name);
  return (
    <Select
      label={field.label}
      withAsterisk={field.required}
      placeholder={field.placeholder ?? `Select ${field.label}`}
      searchable
      readOnly={readOnly}
      data={options.map((o) => ({ value: String(o.value), label: o.label }))}
      value={current === null || current === undefined || current === '' ? null : String(current)}
      // Keep the option's own type (ids are numbers) so the contract sees what the server expects.
      onChange={(v) => {
        form.setFieldValue(field.name, options.find((o) => String(o.value) === v)?.value ?? null);
        for (const name of field.clears ?? []) form.setFieldValue(name, null);
      }}
      error={props.error as string | undefined}
      onBlur={props.onBlur as () => void}
    />
  );
}

/** A few fixed choices side by side; the value keeps the option's own type. */
function RadioField({
  field,
  form,
  readOnly,
}: {
  field: FieldDef;
  form: UseFormReturnType<FormValues>;
  readOnly: boolean;
}) {
  const options = field.options ?? [];
  const current = form.getValues()[field.name];
  return (
    <Radio.Group
      label={field.label}
      withAsterisk={field.required}
      value={current === null || current === undefined ? '' : String(current)}
      onChange={(v) =>
        !readOnly && form.setFieldValue(field.name, options.find((o) => String(o.value) === v)?.value ?? null)
      }
      error={form.getInputProps(field.name).error as string | undefined}
    >
      <Group gap="lg" mt={4}>
        {options.map((o) => (
          <Radio key={String(o.value)} value={String(o.value)} label={o.label} disabled={readOnly} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export function FieldInput({ field, form, editing }: FieldInputProps) {
  const readOnly = editing && field.readOnlyOnEdit === true;
  const common = {
    label: field.label,
    withAsterisk: field.required,
    placeholder: (editing ? field.editPlaceholder : undefined) ?? field.placeholder,
    readOnly,
  };
  switch (field.kind) {
    case 'checkbox':
      return (
        <Checkbox label={field.label} disabled={readOnly} {...form.getInputProps(field.name, { type: 'checkbox' })} />
      );
    case 'number':
      return (
        <NumberInput {...common} allowDecimal={false} maxLength={field.maxLength} {...form.getInputProps(field.name)} />
      );
    case 'textarea':
      return (
        <Textarea {...common} autosize minRows={2} maxLength={field.maxLength} {...form.getInputProps(field.name)} />
      );
    case 'password':
      return <PasswordInput {...common} maxLength={field.maxLength} {...form.getInputProps(field.name)} />;
    case 'select':
      return <SelectField field={field} form={form} readOnly={readOnly} />;
    case 'radio':
      return <RadioField field={field} form={form} readOnly={readOnly} />;
    case 'address':
      return <AddressField field={field} form={form} readOnly={readOnly} />;
    case 'upload':
      return <UploadField field={field} form={form} readOnly={readOnly} />;
    case 'date':
      // The browser's picker: its value is 'YYYY-MM-DD', what the contracts' date fields read.
      return <TextInput {...common} type="date" {...form.getInputProps(field.name)} />;
    default:
      return <TextInput {...common} maxLength={field.maxLength} {...form.getInputProps(field.name)} />;
  }
}
