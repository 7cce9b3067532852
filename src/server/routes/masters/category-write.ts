// Saves and deletes of a category level. Each runs in a transaction that locks the parent (save) or
// the record (delete), so a delete and a save of a child under it cannot both succeed.
import { and, eq, or } from 'drizzle-orm';
import { ok, warn, type Envelope } from '../../../shared/contracts/envelope.js';
import type { Db } from '../../db/connect.js';
import { categories, products } from '../../db/schema.js';
import { uniqueViolation } from '../../db/errors.js';
import { CATEGORY_MSG } from '../../../shared/contracts/category.js';
import type { CategoryInput, LevelDef } from './category-levels.js';

/** PostgreSQL's foreign-key violation: a product took the category while it was being deleted. */
const foreignKeyViolation = (e: unknown): boolean => {
  let cur = e as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; cur && depth < 3; depth++, cur = cur.cause as typeof cur) if (cur.code === '23503') return true;
  return false;
};

export async function saveCategory(db: Db, lvl: LevelDef, input: CategoryInput): Promise<Envelope> {
  try {
    return await db.transaction(async (tx): Promise<Envelope> => {
      let current: { parentId: number | null } | undefined;
      if (input.id !== 0) {
        [current] = await tx
          .select({ parentId: categories.parentId })
          .from(categories)
          .where(and(eq(categories.id, input.id), eq(categories.level, lvl.level)))
          .for('update');
        if (!current) return warn(lvl.msg.notFound);
      }
      if (input.parentId !== null) {
        const [p] = await tx
          .select({ isActive: categories.isActive })
          .from(categories)
          .where(and(eq(categories.id, input.parentId), eq(categories.level, lvl.level - 1)))
          .for('share');
        if (!p) return warn(lvl.msg.parentMissing ?? lvl.msg.notFound);
        // A record may stay under a parent deactivated later; it may not be added or moved under one.
        const moved = !current || current.parentId !== input.parentId;
        if (!p.isActive && moved) return warn(lvl.msg.parentInactive ?? lvl.msg.notFound);
      }
      const values = { name: input.name, isActive: input.isActive, parentId: input.parentId };
      if (input.id === 0) {
        await tx.insert(categories).values({ ...values, level: lvl.level });
        return ok(null, lvl.msg.created);
      }
      await tx
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(categories.id, input.id));
      return ok(null, lvl.msg.updated);
    });
  } catch (e) {
    if (uniqueViolation(e) === 'categories_name_uq') return warn(lvl.msg.duplicate);
    throw e;
  }
}

export async function deleteCategory(db: Db, lvl: LevelDef, id: number): Promise<Envelope> {
  try {
    return await db.transaction(async (tx): Promise<Envelope> => {
      const [cur] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, id), eq(categories.level, lvl.level)))
        .for('update');
      if (!cur) return warn(lvl.msg.notFound);
      if (lvl.msg.hasChildren) {
        const [child] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.parentId, id))
          .limit(1);
        if (child) return warn(lvl.msg.hasChildren);
      }
      // Categories are shared by every company: a product of any company keeps its category.
      const [used] = await tx
        .select({ id: products.id })
        .from(products)
        .where(or(eq(products.categoryId, id), eq(products.mg2Id, id), eq(products.mg3Id, id)))
        .limit(1);
      if (used) return warn(CATEGORY_MSG.usedByProducts);
      await tx.delete(categories).where(eq(categories.id, id));
      return ok(null, lvl.msg.deleted);
    });
  } catch (e) {
    if (foreignKeyViolation(e)) return warn(CATEGORY_MSG.usedByProducts);
    throw e;
  }
}
