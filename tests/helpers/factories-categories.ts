// Test data for the Category Master and Product Configuration: save bodies per level, rows written
// straight to the database, and products for the configuration tests (until Product/ routes exist).
import type { Db } from '../../src/server/db/connect.js';
import { categories, products } from '../../src/server/db/schema.js';
import { CATEGORY_API, type CategoryLevel } from '../../src/shared/contracts/category.js';
import { unique } from './factories.js';

type Overrides = Record<string, unknown>;

/** A valid save body for a level; `parentId` is the record one level up (levels 2 and 3). */
export function categoryBody(level: CategoryLevel, parentId = 0, overrides: Overrides = {}): Record<string, unknown> {
  const tag = `MG${level}`;
  const parent = level === 1 ? {} : { [`CategoryIdMG${level - 1}`]: parentId };
  return {
    [`CategoryId${tag}`]: 0,
    ...parent,
    [`Name${tag}`]: unique(`Cat${level} `),
    [`IsActive${tag}`]: true,
    ...overrides,
  };
}

/** A level's list, save and delete endpoints. */
export const levelApi = (level: CategoryLevel) => CATEGORY_API[`MG${level}`];

export async function insertCategory(
  db: Db,
  level: CategoryLevel,
  parentId: number | null,
  overrides: Partial<typeof categories.$inferInsert> = {},
) {
  const [row] = await db
    .insert(categories)
    .values({ level, parentId, name: unique(`Category${level} `), ...overrides })
    .returning();
  return row!;
}

/** A category with one child and one grandchild: ids of MG1, MG2 and MG3. */
export async function insertChain(db: Db, prefix = 'Chain') {
  const mg1 = await insertCategory(db, 1, null, { name: unique(`${prefix} A `) });
  const mg2 = await insertCategory(db, 2, mg1.id, { name: unique(`${prefix} B `) });
  const mg3 = await insertCategory(db, 3, mg2.id, { name: unique(`${prefix} C `) });
  return { mg1, mg2, mg3 };
}

export async function insertProduct(db: Db, companyId: number, overrides: Partial<typeof products.$inferInsert> = {}) {
  const code = unique('P').slice(0, 20);
  const [row] = await db
    .insert(products)
    .values({ companyId, name: `Product ${code}`, code, packValue: 1, ...overrides })
    .returning();
  return row!;
}
