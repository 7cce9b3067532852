// What both kinds of Replace share: the caller's site, a secondary carton locked with the tertiary
// one holding it, whether this caller may change it now, and the product text of the details row.
import { and, eq } from 'drizzle-orm';
import { REPLACE_MSG, type DetailsRow } from '../../shared/contracts/floor/replace.js';
import { cartonRefusal } from '../../shared/lifecycle/index.js';
import { products, secondaryCartons, tertiaryCartons } from '../db/schema.js';
import { factsOf } from './carton-facts.js';
import type { Actor, FloorSite } from './packing-common.js';
import type { Tx } from './ranges.js';
import { refuse } from './refusal.js';

type Secondary = typeof secondaryCartons.$inferSelect;
type Tertiary = typeof tertiaryCartons.$inferSelect;
export interface HeldCarton {
  carton: Secondary;
  tertiary: Tertiary | undefined;
}

/** The caller's site: codes are replaced where the packs are, at a factory or warehouse. */
export function replaceSite(a: Actor): FloorSite {
  if (a.companyId === null || a.siteId === null || !a.prefix) refuse(REPLACE_MSG.noSite);
  return { userId: a.userId, companyId: a.companyId, siteId: a.siteId, prefix: a.prefix.toUpperCase() };
}

const lockTertiary = async (tx: Tx, companyId: number, tid: string | null) =>
  tid
    ? (
        await tx
          .select()
          .from(tertiaryCartons)
          .where(and(eq(tertiaryCartons.tid, tid), eq(tertiaryCartons.companyId, companyId)))
          .for('update')
      )[0]
    : undefined;

/** The company's secondary carton and the tertiary one holding it (another company's: none), locked
 *  so a dispatch, a damage or a packing of them waits for the replace: the tertiary first, as carton
 *  damage and dispatch lock them. */
export async function lockedCarton(tx: Tx, companyId: number, sid: string): Promise<HeldCarton | undefined> {
  const bySid = and(eq(secondaryCartons.sid, sid), eq(secondaryCartons.companyId, companyId));
  const [peek] = await tx.select({ tid: secondaryCartons.tid }).from(secondaryCartons).where(bySid);
  if (!peek) return undefined;
  const tertiary = await lockTertiary(tx, companyId, peek.tid);
  const [carton] = await tx.select().from(secondaryCartons).where(bySid).for('update');
  // Packed into a tertiary carton between the two reads: that one is where it is now.
  return {
    carton: carton!,
    tertiary: carton!.tid === peek.tid ? tertiary : await lockTertiary(tx, companyId, carton!.tid),
  };
}

/** Why a carton cannot have its slip or a pack's code replaced by this caller now, or null: the
 *  lifecycle's answer, asked once the carton is locked (`lockedCarton`). Another company's carton
 *  answers as no carton at all. */
export async function cartonProblem(
  tx: Tx,
  held: HeldCarton | undefined,
  sid: string,
  site: FloorSite,
): Promise<string | null> {
  const carton = held ? (await factsOf(tx, site, [{ ...held.carton, id: sid }])).get(sid) : undefined;
  if (!carton) return REPLACE_MSG.cartonNotHere(sid);
  return cartonRefusal('replace-slip', carton);
}

/** The product's name and description for the details row. */
export async function productText(
  tx: Tx,
  productId: number,
): Promise<Pick<DetailsRow, 'ProductName' | 'ProductDscrptn'>> {
  const [p] = await tx
    .select({ name: products.name, description: products.description })
    .from(products)
    .where(eq(products.id, productId));
  return { ProductName: p?.name ?? '', ProductDscrptn: p?.description ?? '' };
}
