// Form fields as data, and the pure rules for a form's values: defaults, filling from a row and
// keeping only what the contract accepts (the server refuses unknown fields).
import type { z } from 'zod';
import type { Endpoint } from '@shared/endpoint.js';
import { fieldLimits } from '@shared/field-limits.js';
import { toIsoDate } from '@shared/contracts/numbers/fields.js';
import { ADDRESS_PARTS } from '@shared/contracts/reference.js';

/**
 * 'upload' is a file picked, checked by the server and shown back (see `accept`); 'address' is a
 * country > state > city cascade with pincode and address lines (see `addressPrefix`); 'date' is the
 * browser's own date picker, holding 'YYYY-MM-DD' (or '' when empty).
 */
export type FieldKind =
  'text' | 'number' | 'textarea' | 'checkbox' | 'select' | 'radio' | 'password' | 'upload' | 'address' | 'date';

export type FieldValue = string | number | boolean | null;
export type FormValues = Record<string, FieldValue>;

export interface SelectOption {
  value: string | number;
  label: string;
  /** The dropdown row the option came from (for `optionsFilter`). */
  row?: Record<string, unknown>;
}

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  /** Shows the asterisk; defaults to the contract's rule (withLimits), set only where the form differs. */
  required?: boolean;
  /** Defaults to the contract's longest text (withLimits). */
  maxLength?: number;
  placeholder?: string;
  /** Shown instead of `placeholder` when editing (a blank password keeps the current one). */
  editPlaceholder?: string;
  /** Fixed choices of a select. */
  options?: readonly SelectOption[];
  /** A GET answering rows for a select, read with `optionValue` and `optionLabel`: a declared
   *  endpoint (its `:params` filled from `optionsParams`), or a path. */
  optionsPath?: string | Endpoint;
  /** The endpoint's params by the form fields that fill them, e.g. `{ id: 'CategoryId' }`. */
  optionsParams?: Record<string, string>;
  optionValue?: string;
  optionLabel?: string;
  /** Offers only the rows this accepts, given the form's values (sites of the chosen company and kind). */
  optionsFilter?: (row: Record<string, unknown>, values: FormValues) => boolean;
  /** Fields emptied when this one changes (a category's sub categories). An `optionsPath` may name
   *  other fields as `{Field}`: no options until they hold a value (category > sub category). */
  clears?: readonly string[];
  /** Shown but locked when editing (codes, prefixes). */
  readOnlyOnEdit?: boolean;
  /** A company select: for a non-admin, preselected with their own company and locked (spec 1 section 6). */
  ownCompany?: boolean;
  defaultValue?: FieldValue;
  /** For 'upload': what the file must be. */
  accept?: 'image' | 'audio' | 'pdf';
  /** For 'address': the field-name prefix of the group, e.g. 'bill' gives bill_Country, bill_State... */
  addressPrefix?: string;
  /** For 'address': a 'Same as Billing Address' box that copies the group with this prefix. */
  copyFrom?: string;
  /** For 'address': Address 1 is required (the asterisk; the contract decides). */
  addressLineRequired?: boolean;
}

/** What an empty field holds: IsActive starts ticked (spec 1 section 4), other boxes clear. */
export function emptyValue(field: FieldDef): FieldValue {
  if (field.defaultValue !== undefined) return field.defaultValue;
  if (field.kind === 'checkbox') return field.name === 'IsActive';
  return field.kind === 'select' ? null : '';
}

/** The values of a new record: the id 0 and every field empty. */
export function addValues(fields: readonly FieldDef[], idField: string): FormValues {
  return {
    [idField]: 0,
    ...Object.fromEntries(fields.flatMap((f) => (f.kind === 'address' ? addressValues(f) : [[f.name, emptyValue(f)]]))),
  };
}

/** An address group is six values: ids (null until chosen) and texts. */
function addressValues(f: FieldDef): [string, FieldValue][] {
  const prefix = f.addressPrefix ?? f.name;
  return ADDRESS_PARTS.map((part) => [`${prefix}_${part}`, ['Country', 'State', 'City'].includes(part) ? null : '']);
}

/** What a date input can show for a row's date: 'YYYY-MM-DD' from that, from an ISO date-time (the day
 *  as written) or from 'MM/DD/YYYY'; '' for anything else, so the picker starts empty, not broken. */
export const dateInputValue = (v: unknown): string => (typeof v === 'string' ? (toIsoDate(v) ?? '') : '');

/** The values of an existing record, read from its list row. */
export function editValues(fields: readonly FieldDef[], idField: string, row: object): FormValues {
  const r = row as Record<string, unknown>;
  const values = addValues(fields, idField);
  const dates = new Set(fields.filter((f) => f.kind === 'date').map((f) => f.name));
  for (const key of Object.keys(values)) {
    const v = r[key];
    if (v === null || v === undefined) continue;
    if (dates.has(key)) values[key] = dateInputValue(v);
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values[key] = v;
  }
  return values;
}

/** The fields with the asterisk and max length their contract gives, where they do not set their own. */
export function withLimits(fields: readonly FieldDef[], contract: z.ZodType): FieldDef[] {
  const limits = fieldLimits(contract);
  return fields.map((f) => {
    const limit = limits[f.name];
    if (!limit) return f;
    return { ...f, required: f.required ?? limit.required, maxLength: f.maxLength ?? limit.maxLength };
  });
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

/** Each field's first message from a parse, by the field it names; {} when the parse passed. */
export function firstIssues<F extends string>(error: z.ZodError | undefined): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of error?.issues ?? []) found[String(issue.path[0]) as F] ??= issue.message;
  return found;
}
