// Demo category tree (SEED_DEMO): category > sub category > sub division, as an agri-inputs
// company files its range. The first child at each level is the one a demo product lands in.
import { categories } from '../db/schema.js';
import type { DemoContext, Tx } from './context.js';

/** Level-1 name, then its sub categories with their sub divisions; `false` marks a retired entry. */
type Tree = [name: string, subs: [name: string, divisions: string[]][], active?: boolean][];

export const DEMO_CATEGORIES: Tree = [
  [
    'Fertilisers',
    [
      ['Organic', ['Bio-fertilisers', 'Vermicompost']],
      ['Water Soluble', ['NPK 19:19:19', 'Calcium Nitrate']],
    ],
  ],
  [
    'Crop Protection',
    [
      ['Insecticides', ['Botanical', 'Synthetic']],
      ['Fungicides', ['Biological', 'Copper Based']],
    ],
  ],
  [
    'Plant Nutrition',
    [
      ['Micronutrients', ['Chelated', 'Mixtures']],
      ['Growth Promoters', ['Seaweed Extract']],
    ],
  ],
  ['Soil Conditioners', [['Humic Substances', ['Humic Granules', 'Fulvic Liquid']]]],
  ['Seeds', [], false],
];

export async function seedCategories(tx: Tx, _ctx: DemoContext): Promise<void> {
  const add = async (level: number, parentId: number | null, name: string, isActive = true) => {
    const [row] = await tx
      .insert(categories)
      .values({ level, parentId, name, isActive })
      .returning({ id: categories.id });
    return row!.id;
  };
  for (const [name, subs, active] of DEMO_CATEGORIES) {
    const mg1 = await add(1, null, name, active !== false);
    for (const [subName, divisions] of subs) {
      const mg2 = await add(2, mg1, subName);
      for (const division of divisions) await add(3, mg2, division);
    }
  }
}
