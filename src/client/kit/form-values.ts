// Form fields as data, and the pure rules for a form's values: defaults, filling from a row and
// keeping only what the contract accepts (the server refuses unknown fields).
import type { z } from 'zod';

/**
 * 'upload' is a file picked, checked by the server and shown back (see `accept`); 'address' is a
 * country > state > city cascade with pincode and address lines (see `addressPrefix`).
 */
export type FieldKind = 'text' | 'number' | 'textarea' | 'checkbox' | 'select' | 'password' | 'upload' | 'address';

export type FieldValue = string | number | boolean | null;
export type FormValues = Record<string, FieldValue>;

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  /** Shows the asterisk; the contract decides what is really required. */
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** Fixed choices of a select. */
  options?: readonly SelectOption[];
  /** A GET answering rows for a select, read with `optionValue` and `optionLabel`. */
  optionsPath?: string;
  optionValue?: string;
  optionLabel?: string;
  /** Shown but locked when editing (codes, prefixes). */
  readOnlyOnEdit?: boolean;
  /** A company select: for a non-admin, preselected with their own company and locked (spec 1 section 6). */
  ownCompany?: boolean;
  defaultValue?: FieldValue;
  /** For 'upload': what the file must be. */
  accept?: 'image' | 'audio' | 'pdf';
  /** For 'address': the field-name prefix of the group, e.g. 'bill' gives bill_Country, bill_State... */
  addressPrefix?: string;
}

/** What an empty field holds: IsActive starts ticked (spec 1 section 4), other boxes clear. */
export function emptyValue(field: FieldDef): FieldValue {
  if (field.defaultValue !== undefined) return field.defaultValue;
  if (field.kind === 'checkbox') return field.name === 'IsActive';
  return field.kind === 'select' ? null : '';
}

/** The values of a new record: the id 0 and every field empty. */
export function addValues(fields: readonly FieldDef[], idField: string): FormValues {
  return { [idField]: 0, ...Object.fromEntries(fields.map((f) => [f.name, emptyValue(f)])) };
}

/** The values of an existing record, read from its list row. */
export function editValues(fields: readonly FieldDef[], idField: string, row: object): FormValues {
  const r = row as Record<string, unknown>;
  const values = addValues(fields, idField);
  for (const key of Object.keys(values)) {
    const v = r[key];
    if (v === null || v === undefined) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values[key] = v;
  }
  return values;
}

/** The contract's own field names, when it is an object schema. */
export function contractKeys(contract: z.ZodType): string[] | null {
  const shape = (contract as { shape?: unknown }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : null;
}

/** The body to send: only the contract's fields. */
export function payloadOf(values: FormValues, contract: z.ZodType): FormValues {
  const keys = contractKeys(contract);
  if (!keys) return values;
  return Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]]));
}
