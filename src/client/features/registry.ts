// Screens built so far, by page name, each its own chunk. The router shows every registered path and
// starts a screen's chunk together with the shell's (app/router.tsx); a page without a screen here
// says plainly that it is not built yet.
import type { ComponentType } from 'react';
import type { PageName } from '../../shared/pages.js';

type ScreenModule = () => Promise<{ default: ComponentType }>;

export const SCREEN_MODULES: Partial<Record<PageName, ScreenModule>> = {
  accessRight: () => import('./masters/access-right/access-right-page.js'),
  cartonMaster: () => import('./masters/carton.js').then((m) => ({ default: m.CartonPage })),
  userMaster: () => import('./masters/people/user-master.js').then((m) => ({ default: m.UserMasterPage })),
  dealerMaster: () => import('./masters/people/dealer-master.js').then((m) => ({ default: m.DealerMasterPage })),
  distributorMaster: () => import('./masters/people/distributor-master.js').then((m) => ({ default: m.DistributorMasterPage })),
  listMaster: () => import('./masters/people/list-master.js').then((m) => ({ default: m.ListMasterPage })),
  salepersonMaster: () => import('./masters/people/saleperson-master.js').then((m) => ({ default: m.SalespersonMasterPage })),
  productMaster: () => import('./masters/product-master.js').then((m) => ({ default: m.ProductMasterPage })),
  category: () => import('./masters/category/category-page.js').then((m) => ({ default: m.CategoryPage })),
  productConfiguration: () =>
    import('./masters/product-configuration/product-configuration-page.js').then((m) => ({ default: m.ProductConfigurationPage })),
  factoryMaster: () => import('./masters/factory-master.js').then((m) => ({ default: m.FactoryMasterPage })),
  warehouseMaster: () => import('./masters/warehouse-master.js').then((m) => ({ default: m.WarehouseMasterPage })),
  companyMaster: () => import('./masters/company-master.js').then((m) => ({ default: m.CompanyMasterPage })),
  priceMaster: () => import('./masters/price-master.js').then((m) => ({ default: m.PriceMasterPage })),
  numberIssued: () => import('./transactions/number-issued/number-issued-page.js').then((m) => ({ default: m.NumberIssuedPage })),
  stockManagement: () =>
    import('./transactions/stock-management/stock-management-page.js').then((m) => ({ default: m.StockManagementPage })),
  mapStaticNumber: () =>
    import('./transactions/static-qr-mapping/static-qr-mapping-page.js').then((m) => ({ default: m.StaticQrMappingPage })),
  deMapping: () => import('./transactions/de-mapping/de-mapping-page.js').then((m) => ({ default: m.DeMappingPage })),
  mapping: () => import('./transactions/mapping/mapping-page.js').then((m) => ({ default: m.MappingPage })),
  productDamage: () => import('./transactions/product-damage/product-damage-page.js').then((m) => ({ default: m.ProductDamagePage })),
  cartonSlip: () => import('./transactions/carton-slip/carton-slip-page.js').then((m) => ({ default: m.CartonSlipPage })),
  numberGeneration: () =>
    import('./transactions/number-generation/number-generation-page.js').then((m) => ({ default: m.NumberGenerationPage })),
  adminNumberDownload: () =>
    import('./transactions/admin-number-download/admin-number-download-page.js').then((m) => ({ default: m.AdminNumberDownloadPage })),
};
