// Screens built so far, by page name. The router shows every registered path; a page without a
// screen here says plainly that it is not built yet.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageName } from '../../shared/pages.js';

type Screen = LazyExoticComponent<ComponentType>;

export const SCREENS: Partial<Record<PageName, Screen>> = {
  accessRight: lazy(() => import('./masters/access-right/access-right-page.js')),
  cartonMaster: lazy(() => import('./masters/carton.js').then((m) => ({ default: m.CartonPage }))),
  category: lazy(() => import('./masters/category/category-page.js').then((m) => ({ default: m.CategoryPage }))),
  productConfiguration: lazy(() =>
    import('./masters/product-configuration/product-configuration-page.js').then((m) => ({ default: m.ProductConfigurationPage }))),
  factoryMaster: lazy(() => import('./masters/factory-master.js').then((m) => ({ default: m.FactoryMasterPage }))),
  warehouseMaster: lazy(() => import('./masters/warehouse-master.js').then((m) => ({ default: m.WarehouseMasterPage }))),
  companyMaster: lazy(() => import('./masters/company-master.js').then((m) => ({ default: m.CompanyMasterPage }))),
  priceMaster: lazy(() => import('./masters/price-master.js').then((m) => ({ default: m.PriceMasterPage }))),
};
