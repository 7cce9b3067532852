// Scheme/CreateScheme (spec 2 sections 4, 5): a master scheme is written whole; a design is created
// with its items, locations and excluded batches in one transaction, and updated only in its end date
// and status ('Extend or Change Status of Scheme'). Ids sent are checked against what the caller may
// use; labels are read from the database, never taken from the body.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ok, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { SCHEME_MSG, SCHEME_TYPE_LEVEL, type SchemeSaveOut } from '../../shared/contracts/loyalty/scheme.js';
import {
  categories,
  mappings,
  products,
  schemeExclusions,
  schemeItems,
  schemeLocations,
  schemes,
  states,
} from '../db/schema.js';
import type { Db } from '../db/connect.js';
import { companyScope } from '../auth/scope.js';
import type { Caller } from '../auth/actor.js';
import { uniqueViolation } from '../db/errors.js';
import type { Tx } from './ranges.js';

type Master = Extract<SchemeSaveOut, { kind: 'master' }>['master'];
type Design = Extract<SchemeSaveOut, { kind: 'design' }>['design'];

/** India in the reference data (country 101, as the spec's client asks). */
export const INDIA = 101;

/** A scheme the caller may change: its own company's, or any for the admin. */
const mine = (caller: Caller, id: number, kind: 'master' | 'design') =>
  and(eq(schemes.id, id), eq(schemes.kind, kind), companyScope(caller, schemes.companyId));

async function saveMaster(db: Db, caller: Caller, b: Master): Promise<Envelope> {
  const [product] = await db
    .select({ companyId: products.companyId })
    .from(products)
    .where(and(eq(products.id, b.ProductId), companyScope(caller, products.companyId)));
  if (!product) return warn(SCHEME_MSG.product);
  const values = {
    companyId: product.companyId,
    kind: 'master',
    name: b.SchemeName,
    description: b.Schemedescription,
    beneficiary: b.Utype,
    productId: b.ProductId,
    points: b.LoyaltyPoints,
    validFrom: b.StartDate,
    validTo: b.EndDate,
    isActive: b.IsActive,
  };
  if (b.SchemeId === 0) {
    await db.insert(schemes).values({ ...values, createdBy: caller.userId });
    return ok(null, SCHEME_MSG.created);
  }
  const done = await db
    .update(schemes)
    .set({ ...values, updatedAt: new Date() })
    .where(mine(caller, b.SchemeId, 'master'))
    .returning({ id: schemes.id });
  return done.length ? ok(null, SCHEME_MSG.updated) : warn(SCHEME_MSG.notFound);
}

/** The chosen items as the database names them, or null when one is not the caller's to choose. */
async function itemsOf(tx: Tx, caller: Caller, b: Design) {
  const ids = [...new Set(b.DynamicIds.map((d) => d.value))];
  const level = SCHEME_TYPE_LEVEL[b.SchemeType];
  const found =
    level === 0
      ? await tx
          .select({ id: products.id, label: products.name })
          .from(products)
          .where(and(inArray(products.id, ids), companyScope(caller, products.companyId)))
      : await tx
          .select({ id: categories.id, label: categories.name })
          .from(categories)
          .where(and(inArray(categories.id, ids), eq(categories.level, level)));
  if (found.length !== ids.length) return null;
  const label = new Map(found.map((f) => [f.id, f.label]));
  const points = new Map(b.DynamicIds.map((d) => [d.value, d.Points]));
  return ids.map((id) => ({ itemId: id, label: label.get(id)!.slice(0, 150), points: points.get(id)! }));
}

async function designParts(tx: Tx, caller: Caller, b: Design) {
  const items = await itemsOf(tx, caller, b);
  if (!items) return SCHEME_MSG.unknownItem;
  const locations = [...new Set(b.locationCodes)];
  if (locations.length) {
    const [n] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(states)
      .where(and(inArray(states.id, locations), eq(states.countryId, INDIA)));
    if (n!.n !== locations.length) return SCHEME_MSG.unknownLocation;
  }
  const excluded = [...new Set(b.mappingData.map((m) => m.MappingId))];
  if (excluded.length) {
    const [n] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(mappings)
      .where(and(inArray(mappings.id, excluded), companyScope(caller, mappings.companyId)));
    if (n!.n !== excluded.length) return SCHEME_MSG.unknownMapping;
  }
  return { items, locations, excluded };
}

async function saveDesign(db: Db, caller: Caller, b: Design): Promise<Envelope> {
  if (b.SchemeId !== 0) {
    // Extend or Change Status: the stored start date is the one the new end date is checked against.
    const [cur] = await db
      .select({ from: schemes.validFrom })
      .from(schemes)
      .where(mine(caller, b.SchemeId, 'design'));
    if (!cur) return warn(SCHEME_MSG.notFound);
    if (b.ValidTo < cur.from) return warn(SCHEME_MSG.toAfterFrom);
    await db
      .update(schemes)
      .set({ validTo: b.ValidTo, isActive: b.IsActive, updatedAt: new Date() })
      .where(mine(caller, b.SchemeId, 'design'));
    return ok(null, SCHEME_MSG.updated);
  }
  return db.transaction(async (tx) => {
    const parts = await designParts(tx, caller, b);
    if (typeof parts === 'string') return warn(parts);
    const [s] = await tx
      .insert(schemes)
      .values({
        companyId: caller.companyId,
        kind: 'design',
        name: b.SchemeName,
        schemeType: b.SchemeType,
        beneficiary: b.SchemeBeneficiary,
        validFrom: b.ValidFrm,
        validTo: b.ValidTo,
        isActive: b.IsActive,
        createdBy: caller.userId,
      })
      .returning({ id: schemes.id });
    const schemeId = s!.id;
    await tx.insert(schemeItems).values(parts.items.map((i) => ({ schemeId, ...i })));
    if (parts.locations.length)
      await tx.insert(schemeLocations).values(parts.locations.map((stateId) => ({ schemeId, stateId })));
    if (parts.excluded.length)
      await tx.insert(schemeExclusions).values(parts.excluded.map((mappingId) => ({ schemeId, mappingId })));
    return ok(null, SCHEME_MSG.created);
  });
}

export async function saveScheme(db: Db, caller: Caller, b: SchemeSaveOut): Promise<Envelope> {
  try {
    return await (b.kind === 'master' ? saveMaster(db, caller, b.master) : saveDesign(db, caller, b.design));
  } catch (e) {
    if (uniqueViolation(e) === 'schemes_name_uq') return warn(SCHEME_MSG.duplicate);
    throw e;
  }
}
