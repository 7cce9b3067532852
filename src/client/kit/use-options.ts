// The choices of a select: fixed ones, or rows from a dropdown call read by two field names.
import { useEffect, useState } from 'react';
import { endpointPath, type Params } from '@shared/endpoint.js';
import type { FieldDef, FormValues, SelectOption } from './form-values.js';
import { getFrom } from './api-target.js';

type Row = Record<string, unknown>;

/** Fills `{Field}` in a path from the form's values; null while any of them is empty. */
export function fillPath(path: string | undefined, values: FormValues | undefined): string | undefined | null {
  if (!path || !path.includes('{')) return path;
  let empty = false;
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values?.[name];
    if (v === null || v === undefined || v === '' || v === 0) empty = true;
    return encodeURIComponent(String(v ?? ''));
  });
  return empty ? null : filled;
}

/** An endpoint's params filled from the named fields; null while any of them is empty. */
function endpointParams(field: FieldDef, values: FormValues | undefined): Params | null {
  const named = Object.entries(field.optionsParams ?? {}).map(([param, name]) => [param, values?.[name]] as const);
  if (named.some(([, v]) => v === null || v === undefined || v === '' || v === 0)) return null;
  return Object.fromEntries(named) as Params;
}

export function useOptions(field: FieldDef, values?: FormValues): readonly SelectOption[] {
  const [loaded, setLoaded] = useState<SelectOption[]>([]);
  const { optionValue = 'value', optionLabel = 'label' } = field;
  const target = field.optionsPath;
  const params = target !== undefined && typeof target !== 'string' ? endpointParams(field, values) : undefined;
  // The filled path keys the fetch (null: waiting for a field); a declared endpoint is called through call().
  const optionsPath =
    target === undefined || typeof target === 'string'
      ? fillPath(target, values)
      : params === null
        ? null
        : endpointPath(target, params);

  useEffect(() => {
    if (optionsPath === null) setLoaded([]);
    if (!optionsPath) return;
    let stale = false;
    const answer =
      target === undefined || typeof target === 'string'
        ? getFrom<Row[]>(optionsPath)
        : getFrom<Row[]>(target, params ?? {});
    void answer.then((env) => {
      if (stale || env.ResponseCode !== '200' || !Array.isArray(env.ResponseData)) return;
      setLoaded(
        env.ResponseData.map((row) => ({
          value: row[optionValue] as string | number,
          label: String(row[optionLabel] ?? ''),
          row,
        })),
      );
    });
    return () => {
      stale = true;
    };
  }, [optionsPath, optionValue, optionLabel]);

  return field.options ?? loaded;
}
