// The Mapping form's computed fields (spec 2 section 4 'Mapping dates'): To = From + Qty - 1,
// Qty = To - From + 1, EXP = MFG + the product's best-before days. Pure, for the form and its tests.
import { addDays, toIsoDate } from '@shared/contracts/numbers/fields.js';

const whole = (s: string) => (/^\d{1,15}$/.test(s.trim()) ? Number(s) : null);

/** To No. from From No. and Quantity, or '' while either is not a whole number. */
export function toFrom(from: string, qty: string): string {
  const f = whole(from);
  const q = whole(qty);
  return f !== null && q !== null && q >= 1 ? String(f + q - 1) : '';
}

/** Quantity from From No. and To No., or '' while the range is not whole and in order. */
export function qtyFrom(from: string, to: string): string {
  const f = whole(from);
  const t = whole(to);
  return f !== null && t !== null && t >= f ? String(t - f + 1) : '';
}

/** The default expiry: MFG + shelf life, or null while either is unknown. */
export function expiryFor(mfg: string, lifeDays: number | null): string | null {
  const d = toIsoDate(mfg);
  return d && lifeDays !== null ? addDays(d, lifeDays) : null;
}
