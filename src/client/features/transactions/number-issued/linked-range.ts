// The From / To / Quantity trio of the Add Number Issue dialog (spec 2 section 5): Quantity =
// To - From + 1 and To = From + Quantity - 1, whichever of the three the user typed last.
import type { FormValues } from '../../../kit/form-values.js';

export interface RangeFields {
  from: string;
  to: string;
  qty: string;
}

const digits = (v: unknown): number | null => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,15}$/.test(s) ? Number(s) : null;
};

/** The values to set after a change from `previous` to `values`, or null when nothing follows. */
export function linkedRange(values: FormValues, previous: FormValues, f: RangeFields): FormValues | null {
  const changed = (k: string) => values[k] !== previous[k];
  const from = digits(values[f.from]);
  const to = digits(values[f.to]);
  const qty = digits(values[f.qty]);
  let patch: FormValues = {};
  if (from === null) return null;
  const toFromQty = () => (qty !== null && qty >= 1 ? { [f.to]: String(from + qty - 1) } : null);
  const qtyFromTo = () => (to !== null && to >= from ? { [f.qty]: String(to - from + 1) } : null);
  if (changed(f.qty)) patch = toFromQty() ?? {};
  else if (changed(f.to)) patch = qtyFromTo() ?? {};
  else if (changed(f.from)) patch = toFromQty() ?? qtyFromTo() ?? {};
  // Only real changes: setting a value the field holds would call back for nothing.
  const real = Object.entries(patch).filter(([k, v]) => String(values[k] ?? '') !== v);
  return real.length > 0 ? Object.fromEntries(real) : null;
}
