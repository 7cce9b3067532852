// Category Master (spec 1 sections 2.21, 3.11, 5.12, 7): three levels from one declaration each.
// Categories are reference data shared by every company (like carton sizes): users with the
// Category page read them, only the admin changes them; the dropdowns serve every category picker.
//
// The spec's older names are aliases: GetSubCategories = GetCategoriesMG2, CreateUpdateSubCategory =
// CreateUpdateCategoryMG2, GetSubCategoryDDL/{id} = GetCategoryDDLMG2/{id}, DeleteSubCategory/{id} =
// DeleteCategoryMG2/{id}, GetMaingrp = GetCategoryDDLMG1, GetSubgrp = GetCategoryDDLMG2/0 (all).
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { CATEGORY_API, CATEGORY_MSG } from '../../../shared/contracts/category.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import type { Db } from '../../db/connect.js';
import { categories } from '../../db/schema.js';
import { masterRoutes, serveAdminWrite } from '../../http/master.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import {
  fullNameMG2,
  grandCat,
  grandJoin,
  levelDef,
  listFields,
  parentCat,
  parentJoin,
  type LevelDef,
} from './category-levels.js';
import { deleteCategory, saveCategory } from './category-write.js';

/** One level's calls: its own, or the spec's older names for level 2. */
type LevelApi = (typeof CATEGORY_API)['MG1' | 'MG2' | 'MG3' | 'sub'];

function levelRoutes(r: Router, lvl: LevelDef, apis: LevelApi[]) {
  const fields = listFields(lvl.level);
  const joins = (q: PgSelect): PgSelect => {
    if (lvl.level === 1) return q;
    const withParent = q.leftJoin(parentCat, parentJoin);
    return lvl.level === 3 ? withParent.leftJoin(grandCat, grandJoin) : withParent;
  };
  const names = [
    categories.name,
    ...(lvl.level > 1 ? [parentCat.name] : []),
    ...(lvl.level > 2 ? [grandCat.name] : []),
  ];
  for (const api of apis) {
    // Levels differ in their rows, so the declaration is read as any row's (the fields are the level's).
    masterRoutes<typeof categories, z.ZodType, z.ZodObject>(r, {
      table: categories,
      // The level is the list's scope: ids of another level are never listed.
      scope: () => eq(categories.level, lvl.level),
      list: { contract: api.rows, fields, search: names, from: joins },
    });
    serveAdminWrite<Record<string, unknown>>(r, api.save, CATEGORY_MSG.adminOnly, async ({ db, body }) =>
      saveCategory(db, lvl, lvl.read(body)),
    );
    serveAdminWrite(r, api.remove, CATEGORY_MSG.adminOnly, async ({ db, params }) => {
      const id = idParam(params.id);
      return id === null ? warn(INVALID_ARGUMENTS) : deleteCategory(db, lvl, id);
    });
  }
}

const active = (...more: (SQL | undefined)[]) => and(eq(categories.isActive, true), ...more);

const ddlMG1 = (db: Db) =>
  db
    .select({ CategoryIdMG1: categories.id, NameMG1: categories.name })
    .from(categories)
    .where(active(eq(categories.level, 1)))
    .orderBy(asc(categories.name), asc(categories.id));

/** Active level-2 categories under an active parent; `mg1Id` 0 lists them all. */
const ddlMG2 = (db: Db, mg1Id: number) =>
  db
    .select({
      CategoryIdMG2: categories.id,
      NameMG2: categories.name,
      CategoryIdMG1: parentCat.id,
      FullNameMG2: fullNameMG2,
    })
    .from(categories)
    .innerJoin(parentCat, parentJoin)
    .where(
      active(eq(categories.level, 2), eq(parentCat.isActive, true), mg1Id === 0 ? undefined : eq(parentCat.id, mg1Id)),
    )
    .orderBy(asc(parentCat.name), asc(categories.name), asc(categories.id));

/** Active level-3 categories under an active parent; `mg2Id` 0 lists them all. */
const ddlMG3 = (db: Db, mg2Id: number) =>
  db
    .select({ CategoryIdMG3: categories.id, NameMG3: categories.name, CategoryIdMG2: parentCat.id })
    .from(categories)
    .innerJoin(parentCat, parentJoin)
    .where(
      active(eq(categories.level, 3), eq(parentCat.isActive, true), mg2Id === 0 ? undefined : eq(parentCat.id, mg2Id)),
    )
    .orderBy(asc(categories.name), asc(categories.id));

function dropdownRoutes(r: Router) {
  const mg2 = async (db: Db, raw: string | undefined) => {
    const id = idParam(raw);
    return id === null ? warn(INVALID_ARGUMENTS) : ok(await ddlMG2(db, id));
  };
  r.serve(CATEGORY_API.ddlMG1, async ({ db }) => ok(await ddlMG1(db)));
  r.serve(CATEGORY_API.maingrp, async ({ db }) => ok(await ddlMG1(db)));
  r.serve(CATEGORY_API.ddlMG2, async ({ db, params }) => mg2(db, params.id));
  r.serve(CATEGORY_API.subCategoryDDL, async ({ db, params }) => mg2(db, params.id));
  r.serve(CATEGORY_API.subgrp, async ({ db }) => ok(await ddlMG2(db, 0)));
  r.serve(CATEGORY_API.ddlMG3, async ({ db, params }) => {
    const id = idParam(params.id);
    return id === null ? warn(INVALID_ARGUMENTS) : ok(await ddlMG3(db, id));
  });
}

export function categoryRoutes(r: Router) {
  levelRoutes(r, levelDef(1), [CATEGORY_API.MG1]);
  levelRoutes(r, levelDef(2), [CATEGORY_API.MG2, CATEGORY_API.sub]);
  levelRoutes(r, levelDef(3), [CATEGORY_API.MG3]);
  dropdownRoutes(r);
}
