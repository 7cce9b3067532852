// The demo company (SEED_DEMO): its sites and operators, then its masters in dependency order (sites,
// categories, products and prices, people) and its numbers, made by the screens' own rules.
import { USER_TYPE } from '../../shared/contracts/auth.js';
import { normalisePageList, PAGE, type PageDef } from '../../shared/pages.js';
import { hashPassword } from '../auth/passwords.js';
import { SEED_LOGINS } from '../db/seed.js';
import { cartons, companies, sites, userPages, users } from '../db/schema.js';
import { routeStaticSeries } from '../domain/code-routes.js';
import type { DemoContext, Tx } from './context.js';
import { seedCategories } from './categories.js';
import { seedNumbers } from './numbers.js';
import { seedPeople } from './people.js';
import { seedPrices } from './prices.js';
import { seedProducts } from './products.js';
import { seedSites } from './sites.js';

const keys = (pages: PageDef[]) => normalisePageList(pages.map((p) => p.key));

const FACTORY_PAGES = [
  PAGE.cartonMaster,
  PAGE.productMaster,
  PAGE.mapping,
  PAGE.deMapping,
  PAGE.numberGeneration,
  PAGE.mapStaticNumber,
  PAGE.stockManagement,
  PAGE.productDamage,
  PAGE.cartonSlip,
  PAGE.secondaryPacking,
  PAGE.tertiaryPacking,
  PAGE.damageCarton,
  PAGE.dispatch,
  PAGE.cartonReturn,
  PAGE.replace,
  PAGE.mappingReport,
  PAGE.demappingReport,
  PAGE.primaryPackingReport,
  PAGE.secondaryPackingReport,
  PAGE.tertiaryPackingReport,
  PAGE.dispatchReport,
  PAGE.stockReport,
  PAGE.qrCodeTrackingReport,
];
const WAREHOUSE_PAGES = [
  PAGE.dispatch,
  PAGE.dispatchReceive,
  PAGE.cartonReturn,
  PAGE.damageCarton,
  PAGE.replace,
  PAGE.dispatchReport,
  PAGE.dispatchReceiveReport,
  PAGE.returnReport,
  PAGE.damageReport,
  PAGE.stockReport,
  PAGE.itemLedger,
  PAGE.qrCodeTrackingReport,
  PAGE.missingCartonReport,
];

/** The demo company, passed to db/seed.ts's seed() as its demo. */
export async function seedDemo(tx: Tx): Promise<void> {
  const [company] = await tx
    .insert(companies)
    .values({
      code: 'GHAL',
      name: 'Green Harvest Agro Ltd',
      displayName: 'Green Harvest',
      mobile: '9822000000',
      gtin: '8901234000006',
      email: 'care@greenharvest.example',
      address: 'Plot 14, MIDC Ambad',
      city: 'Nashik',
      pincode: '422010',
    })
    .returning({ id: companies.id });
  const [factory, warehouse] = await tx
    .insert(sites)
    .values([
      {
        companyId: company!.id,
        code: 'NSK01',
        name: 'Nashik Plant',
        email: 'plant@greenharvest.example',
        mobile: '9822000001',
        isFactory: true,
        gst: '27AAACG1234F1Z5',
        prefix: 'KA',
        billPincode: '422010',
        billAddress1: 'Plot 14, MIDC Ambad',
        shipPincode: '422010',
        shipAddress1: 'Plot 14, MIDC Ambad',
      },
      {
        companyId: company!.id,
        code: 'PUN01',
        name: 'Pune Depot',
        email: 'depot@greenharvest.example',
        mobile: '9822000002',
        isFactory: false,
        gst: '27AAACG1234F2Z4',
        prefix: 'PD',
        billPincode: '411019',
        billAddress1: 'Gat 220, Chakan Road',
        shipPincode: '411019',
        shipAddress1: 'Gat 220, Chakan Road',
      },
    ])
    .returning({ id: sites.id });
  for (const prefix of ['KA', 'PD']) await routeStaticSeries(tx, prefix, company!.id);
  const [fUser, wUser] = await tx
    .insert(users)
    .values([
      {
        userName: 'Factory Operator',
        firstName: 'Ravi',
        lastName: 'Patil',
        email: SEED_LOGINS.factory.email,
        mobile: '9811111111',
        passwordHash: await hashPassword(SEED_LOGINS.factory.password),
        userType: USER_TYPE.factory,
        companyId: company!.id,
        siteId: factory!.id,
      },
      {
        userName: 'Warehouse Clerk',
        firstName: 'Sunita',
        lastName: 'Deshmukh',
        email: SEED_LOGINS.warehouse.email,
        mobile: '9822222222',
        passwordHash: await hashPassword(SEED_LOGINS.warehouse.password),
        userType: USER_TYPE.warehouse,
        companyId: company!.id,
        siteId: warehouse!.id,
      },
    ])
    .returning({ id: users.id });
  await tx
    .insert(userPages)
    .values([
      ...keys(FACTORY_PAGES).map((pageKey) => ({ userId: fUser!.id, pageKey })),
      ...keys(WAREHOUSE_PAGES).map((pageKey) => ({ userId: wUser!.id, pageKey })),
    ]);
  await tx.insert(cartons).values([
    { name: 'Box of 10', size: 10, description: 'Corrugated box for ten 1 L bottles' },
    { name: 'Box of 20', size: 20, description: 'Corrugated box for twenty 500 ml bottles' },
    { name: 'Bag bale of 25', size: 25, description: 'Bale for twenty-five 1 kg pouches' },
    { name: 'Master carton of 4', size: 4, description: 'Tertiary carton holding four secondary boxes' },
  ]);
  await seedDemoMasters(tx, {
    companyId: company!.id,
    factoryId: factory!.id,
    warehouseId: warehouse!.id,
    factoryUserId: fUser!.id,
    warehouseUserId: wUser!.id,
  });
}

async function seedDemoMasters(tx: Tx, ctx: DemoContext): Promise<void> {
  await seedSites(tx, ctx);
  await seedCategories(tx, ctx);
  await seedProducts(tx, ctx);
  await seedPeople(tx, ctx);
  await seedPrices(tx, ctx);
  await seedNumbers(tx, ctx);
}
