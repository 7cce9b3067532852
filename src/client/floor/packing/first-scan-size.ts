// Scan-first packing (issue 27): the carton size a first scan takes when none is picked. The spec
// locks the size after the first scan (spec 2 section 7); a size taken here is locked the same way,
// by the first row. Pure, so the order of the rules is unit-tested.
import type { CartonSize, Product } from '../cache/index.js';

export type SizeKind = 'secondary' | 'tertiary';

export interface FirstScanFacts {
  /** The size on the carton now (picked, or kept from the last carton). */
  picked: number | null;
  rowCount: number;
  kind: SizeKind;
  /** The scanned pack's (or carton's) product, when the device knows it. */
  product: Product | undefined;
  /** The size last used on this device for this screen. */
  lastUsed: number | undefined;
  sizes: readonly CartonSize[];
}

/** The size the scan is judged with: the carton's own; with none, the product's default for this kind
 *  of carton, else the size last used here; null when there is none of them (the scan is refused as
 *  today, "Select Carton Size"). A default or a remembered size no longer offered is passed over. */
export function firstScanSize(f: FirstScanFacts): number | null {
  if (f.picked !== null || f.rowCount > 0) return f.picked;
  const offered = (id: number | null | undefined): id is number =>
    typeof id === 'number' && f.sizes.some((s) => s.CartonId === id);
  const productDefault = f.kind === 'secondary' ? f.product?.SecondaryCartonId : f.product?.TertiaryCartonId;
  if (offered(productDefault)) return productDefault;
  if (offered(f.lastUsed)) return f.lastUsed;
  return null;
}
