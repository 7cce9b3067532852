// What the mappers need beside a logged row, read once per export and kept small: products (their
// GTIN), a code's mapping (its product and dates) and a dispatch's ends. Each cache holds what one
// export touched, bounded by the masters and ranges it names, not by the packs it lists.
import { eq, inArray } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import type { Db } from '../db/connect.js';
import { dispatches, items, mappings, products, secondaryCartons } from '../db/schema.js';
import { rangeAt } from '../domain/ranges.js';
import type { ProductIds } from './identifiers.js';

export interface MappingFacts {
  productId: number;
  batchNo: string;
  mfgDate: string;
  expDate: string;
}

export interface DispatchEnds {
  fromSiteId: number;
  toSiteId: number | null;
  toUserId: number | null;
}

type Reader = Pick<Db, 'select'>;

export class Lookups {
  private readonly productCache = new Map<number, ProductIds>();
  private readonly mappingCache = new Map<string, MappingFacts | null>();
  private readonly dispatchCache = new Map<string, DispatchEnds | null>();

  constructor(private readonly db: Reader) {}

  async product(id: number): Promise<ProductIds> {
    const known = this.productCache.get(id);
    if (known) return known;
    const [row] = await this.db
      .select({ id: products.id, gtin: products.gtin })
      .from(products)
      .where(eq(products.id, id));
    const p = row ?? { id, gtin: null };
    this.productCache.set(id, p);
    return p;
  }

  /** The mapping that holds a serial now (a de-mapped number has none). */
  async mapping(series: Series, serial: number): Promise<MappingFacts | null> {
    const key = `${series.kind}:${series.prefix}:${serial}`;
    if (this.mappingCache.has(key)) return this.mappingCache.get(key)!;
    const m = await rangeAt(this.db, mappings, series, serial);
    const row = m && { productId: m.productId, batchNo: m.batchNo, mfgDate: m.mfgDate, expDate: m.expDate };
    if (this.mappingCache.size > 10_000) this.mappingCache.clear();
    this.mappingCache.set(key, row ?? null);
    return row ?? null;
  }

  /** The packs in a secondary carton now, with its product (a replaced slip's new SID). */
  async cartonPacks(sid: string): Promise<{ product: ProductIds; packs: Array<{ series: Series; serial: number }> }> {
    const [carton] = await this.db
      .select({ productId: secondaryCartons.productId })
      .from(secondaryCartons)
      .where(eq(secondaryCartons.sid, sid));
    const rows = carton
      ? await this.db
          .select({ kind: items.kind, prefix: items.prefix, serial: items.serialNo })
          .from(items)
          .where(eq(items.secondaryId, sid))
          .orderBy(items.kind, items.prefix, items.serialNo)
      : [];
    return {
      product: carton ? await this.product(carton.productId) : { id: 0, gtin: null },
      packs: rows.map((r) => ({ series: { kind: r.kind as Series['kind'], prefix: r.prefix }, serial: r.serial })),
    };
  }

  async dispatch(did: string): Promise<DispatchEnds | null> {
    if (this.dispatchCache.has(did)) return this.dispatchCache.get(did)!;
    const [row] = await this.db
      .select({ fromSiteId: dispatches.fromSiteId, toSiteId: dispatches.toSiteId, toUserId: dispatches.toUserId })
      .from(dispatches)
      .where(inArray(dispatches.did, [did]));
    if (this.dispatchCache.size > 10_000) this.dispatchCache.clear();
    this.dispatchCache.set(did, row ?? null);
    return row ?? null;
  }
}
