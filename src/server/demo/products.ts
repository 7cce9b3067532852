// Demo products (SEED_DEMO) for the demo company, with pack pictures. The pictures ship in
// ./images (made by scripts/make-demo-images.mjs) and are served as /uploads/demo-*.png straight
// from there, so every instance sharing a database has them and seeding writes no files.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { categories, products, uploads } from '../db/schema.js';
import { routeGtin } from '../domain/code-routes.js';
import type { DemoContext, Tx } from './context.js';

export const DEMO_FILES_DIR = fileURLToPath(new URL('./images/', import.meta.url));

interface DemoProduct {
  name: string;
  code: string;
  uom: string;
  pack: number;
  mrp: string;
  image: string;
  /** Category names tried in order at each level (the category seed's names, if it made them). */
  category: string[];
  technicalName: string;
  description: string;
  days: number;
  /** A valid GTIN-13 (the check digit holds), so the GS1 Digital Link form can be tried on the demo. */
  gtin: string;
}

/** The genuine-pack chime every demo product plays on the verification page (a 1.2 s two-tone WAV). */
const GENUINE_AUDIO = 'demo-genuine.wav';

const DEMO: DemoProduct[] = [
  {
    name: 'BioGrow Organic Fertiliser 1 kg',
    code: 'BGOF1KG',
    uom: 'kg',
    pack: 1,
    mrp: '320.00',
    image: 'demo-biogrow-1kg.png',
    category: ['Fertilisers', 'Fertilizers', 'Bio Fertilisers', 'Organic'],
    technicalName: 'Azotobacter and PSB consortium',
    description: 'Granular bio-fertiliser with nitrogen-fixing and phosphate-solubilising bacteria for field crops.',
    days: 365,
    gtin: '8901030793912',
  },
  {
    name: 'NeemShield Neem Oil 500 ml',
    code: 'NSNO500ML',
    uom: 'ml',
    pack: 500,
    mrp: '450.00',
    image: 'demo-neemshield-500ml.png',
    category: ['Crop Protection', 'Pesticides', 'Bio Pesticides', 'Insecticides'],
    technicalName: 'Azadirachtin 1500 ppm',
    description: 'Cold-pressed neem oil emulsifiable concentrate against sucking pests on cotton and vegetables.',
    days: 730,
    gtin: '8901030793929',
  },
  {
    name: 'MicroMix Micronutrient 250 g',
    code: 'MMMN250G',
    uom: 'g',
    pack: 250,
    mrp: '180.00',
    image: 'demo-micromix-250g.png',
    category: ['Plant Nutrition', 'Micronutrients', 'Fertilisers'],
    technicalName: 'Zn, Fe, Mn, B, Cu chelated mix',
    description: 'Water-soluble chelated micronutrient mix for foliar spray on fruit and vegetable crops.',
    days: 730,
    gtin: '8901030793936',
  },
  {
    name: 'RootMax Humic Granules 5 kg',
    code: 'RMHG5KG',
    uom: 'kg',
    pack: 5,
    mrp: '650.00',
    image: 'demo-rootmax-5kg.png',
    category: ['Soil Conditioners', 'Fertilisers', 'Fertilizers'],
    technicalName: 'Humic acid 12% granules',
    description: 'Soil conditioner granules that improve root growth and nutrient uptake.',
    days: 1095,
    gtin: '8901030793943',
  },
];

async function categoryId(tx: Tx, level: number, parentId: number | null, names: string[]): Promise<number | null> {
  for (const name of names) {
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.level, level),
          sql`lower(${categories.name}) = ${name.toLowerCase()}`,
          parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
        ),
      );
    if (row) return row.id;
  }
  return null;
}

/** The first child category of a level, so a demo product gets a full MG1 > MG2 > MG3 chain when there is one. */
async function firstChild(tx: Tx, parentId: number | null): Promise<number | null> {
  if (parentId === null) return null;
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, parentId))
    .orderBy(categories.id)
    .limit(1);
  return row?.id ?? null;
}

export async function seedProducts(tx: Tx, ctx: DemoContext): Promise<void> {
  for (const p of DEMO) {
    const mg1 = await categoryId(tx, 1, null, p.category);
    const mg2 = await firstChild(tx, mg1);
    const mg3 = await firstChild(tx, mg2);
    await tx.insert(products).values({
      companyId: ctx.companyId,
      name: p.name,
      code: p.code,
      uom: p.uom,
      packValue: p.pack,
      mrp: p.mrp,
      image: `/uploads/${p.image}`,
      categoryId: mg1,
      mg2Id: mg2,
      mg3Id: mg3,
      technicalName: p.technicalName,
      description: p.description,
      bestBeforeDays: p.days,
      gtin: p.gtin,
      genuineAudio: `/uploads/${GENUINE_AUDIO}`,
      sapCode: `SAP-${p.code}`.slice(0, 50),
      manufactureName: 'Green Harvest Agro Ltd',
      marketedBy: 'Green Harvest Agro Ltd',
      registrationNo: `CIB-${p.code}`,
      config: { IsFeedback: true, IsProductImage: true },
    });
    await routeGtin(tx, p.gtin, ctx.companyId);
  }
  await tx.insert(uploads).values([
    ...DEMO.map((p) => ({
      storedName: p.image,
      originalName: p.image,
      mime: 'image/png',
      size: statSync(join(DEMO_FILES_DIR, p.image)).size,
    })),
    {
      storedName: GENUINE_AUDIO,
      originalName: GENUINE_AUDIO,
      mime: 'audio/wav',
      size: statSync(join(DEMO_FILES_DIR, GENUINE_AUDIO)).size,
    },
  ]);
}
