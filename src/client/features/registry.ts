// Screens built so far, by page name. The router shows every registered path; a page without a
// screen here says plainly that it is not built yet.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageName } from '../../shared/pages.js';

type Screen = LazyExoticComponent<ComponentType>;

export const SCREENS: Partial<Record<PageName, Screen>> = {
  accessRight: lazy(() => import('./masters/access-right/access-right-page.js')),
  cartonMaster: lazy(() => import('./masters/carton.js').then((m) => ({ default: m.CartonPage }))),
  userMaster: lazy(() => import('./masters/people/user-master.js').then((m) => ({ default: m.UserMasterPage }))),
  dealerMaster: lazy(() => import('./masters/people/dealer-master.js').then((m) => ({ default: m.DealerMasterPage }))),
  distributorMaster: lazy(() => import('./masters/people/distributor-master.js').then((m) => ({ default: m.DistributorMasterPage }))),
  listMaster: lazy(() => import('./masters/people/list-master.js').then((m) => ({ default: m.ListMasterPage }))),
  salepersonMaster: lazy(() => import('./masters/people/saleperson-master.js').then((m) => ({ default: m.SalespersonMasterPage }))),
  productMaster: lazy(() => import('./masters/product-master.js').then((m) => ({ default: m.ProductMasterPage }))),
  category: lazy(() => import('./masters/category/category-page.js').then((m) => ({ default: m.CategoryPage }))),
  productConfiguration: lazy(() =>
    import('./masters/product-configuration/product-configuration-page.js').then((m) => ({ default: m.ProductConfigurationPage }))),
  factoryMaster: lazy(() => import('./masters/factory-master.js').then((m) => ({ default: m.FactoryMasterPage }))),
  warehouseMaster: lazy(() => import('./masters/warehouse-master.js').then((m) => ({ default: m.WarehouseMasterPage }))),
  companyMaster: lazy(() => import('./masters/company-master.js').then((m) => ({ default: m.CompanyMasterPage }))),
  priceMaster: lazy(() => import('./masters/price-master.js').then((m) => ({ default: m.PriceMasterPage }))),
  numberIssued: lazy(() => import('./transactions/number-issued/number-issued-page.js').then((m) => ({ default: m.NumberIssuedPage }))),
  stockManagement: lazy(() =>
    import('./transactions/stock-management/stock-management-page.js').then((m) => ({ default: m.StockManagementPage }))),
  mapStaticNumber: lazy(() =>
    import('./transactions/static-qr-mapping/static-qr-mapping-page.js').then((m) => ({ default: m.StaticQrMappingPage }))),
  deMapping: lazy(() => import('./transactions/de-mapping/de-mapping-page.js').then((m) => ({ default: m.DeMappingPage }))),
  mapping: lazy(() => import('./transactions/mapping/mapping-page.js').then((m) => ({ default: m.MappingPage }))),
  productDamage: lazy(() => import('./transactions/product-damage/product-damage-page.js').then((m) => ({ default: m.ProductDamagePage }))),
  cartonSlip: lazy(() => import('./transactions/carton-slip/carton-slip-page.js').then((m) => ({ default: m.CartonSlipPage }))),
  numberGeneration: lazy(() =>
    import('./transactions/number-generation/number-generation-page.js').then((m) => ({ default: m.NumberGenerationPage }))),
  adminNumberDownload: lazy(() =>
    import('./transactions/admin-number-download/admin-number-download-page.js').then((m) => ({ default: m.AdminNumberDownloadPage }))),
};
