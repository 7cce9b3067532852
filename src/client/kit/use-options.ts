// The choices of a select: fixed ones, or rows from a dropdown call read by two field names.
import { useEffect, useState } from 'react';
import { api } from '../api/http.js';
import type { FieldDef, FormValues, SelectOption } from './form-values.js';

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

export function useOptions(field: FieldDef, values?: FormValues): readonly SelectOption[] {
  const [loaded, setLoaded] = useState<SelectOption[]>([]);
  const { optionValue = 'value', optionLabel = 'label' } = field;
  const optionsPath = fillPath(field.optionsPath, values);

  useEffect(() => {
    if (optionsPath === null) setLoaded([]);
    if (!optionsPath) return;
    let stale = false;
    void api.get<Record<string, unknown>[]>(optionsPath).then((env) => {
      if (stale || env.ResponseCode !== '200' || !Array.isArray(env.ResponseData)) return;
      setLoaded(env.ResponseData.map((row) => ({
        value: row[optionValue] as string | number,
        label: String(row[optionLabel] ?? ''),
        row,
      })));
    });
    return () => {
      stale = true;
    };
  }, [optionsPath, optionValue, optionLabel]);

  return field.options ?? loaded;
}
