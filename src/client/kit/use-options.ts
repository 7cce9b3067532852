// The choices of a select: fixed ones, or rows from a dropdown call read by two field names.
import { useEffect, useState } from 'react';
import { api } from '../api/http.js';
import type { FieldDef, SelectOption } from './form-values.js';

export function useOptions(field: FieldDef): readonly SelectOption[] {
  const [loaded, setLoaded] = useState<SelectOption[]>([]);
  const { optionsPath, optionValue = 'value', optionLabel = 'label' } = field;

  useEffect(() => {
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
