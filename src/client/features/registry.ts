// Screens built so far, by page name, each its own chunk. The router shows every registered path and
// starts a screen's chunk together with the shell's (app/router.tsx); a page without a screen here
// says plainly that it is not built yet.
import type { ComponentType } from 'react';
import type { PageName } from '@shared/pages.js';
import type { ServerListOptions } from '../kit/use-server-list.js';

/** `firstList`: the list the screen opens with, asked for while its code loads (kit/use-server-list.ts). */
type ScreenModule = () => Promise<{ default: ComponentType; firstList?: ServerListOptions }>;

export const SCREEN_MODULES: Partial<Record<PageName, ScreenModule>> = {
  accessRight: () => import('./masters/access-right/access-right-page.js'),
  cartonMaster: () =>
    import('./masters/carton.js').then((m) => ({ default: m.CartonPage, firstList: m.cartonResource.list })),
  userMaster: () =>
    import('./masters/people/user-master.js').then((m) => ({
      default: m.UserMasterPage,
      firstList: m.userMasterResource.list,
    })),
  dealerMaster: () =>
    import('./masters/people/dealer-master.js').then((m) => ({
      default: m.DealerMasterPage,
      firstList: m.dealerMasterResource.list,
    })),
  distributorMaster: () =>
    import('./masters/people/distributor-master.js').then((m) => ({
      default: m.DistributorMasterPage,
      firstList: m.distributorMasterResource.list,
    })),
  listMaster: () =>
    import('./masters/people/list-master.js').then((m) => ({
      default: m.ListMasterPage,
      firstList: m.listMasterResource.list,
    })),
  salepersonMaster: () =>
    import('./masters/people/saleperson-master.js').then((m) => ({
      default: m.SalespersonMasterPage,
      firstList: m.salespersonMasterResource.list,
    })),
  productMaster: () =>
    import('./masters/product-master.js').then((m) => ({
      default: m.ProductMasterPage,
      firstList: m.productResource.list,
    })),
  category: () => import('./masters/category/category-page.js').then((m) => ({ default: m.CategoryPage })),
  productConfiguration: () =>
    import('./masters/product-configuration/product-configuration-page.js').then((m) => ({
      default: m.ProductConfigurationPage,
    })),
  factoryMaster: () =>
    import('./masters/factory-master.js').then((m) => ({
      default: m.FactoryMasterPage,
      firstList: m.factoryResource.list,
    })),
  warehouseMaster: () =>
    import('./masters/warehouse-master.js').then((m) => ({
      default: m.WarehouseMasterPage,
      firstList: m.warehouseResource.list,
    })),
  companyMaster: () =>
    import('./masters/company-master.js').then((m) => ({
      default: m.CompanyMasterPage,
      firstList: m.companyResource.list,
    })),
  priceMaster: () =>
    import('./masters/price-master.js').then((m) => ({ default: m.PriceMasterPage, firstList: m.priceResource.list })),
  numberIssued: () =>
    import('./transactions/number-issued/number-issued-page.js').then((m) => ({
      default: m.NumberIssuedPage,
      firstList: m.numberIssuedResource.list,
    })),
  stockManagement: () =>
    import('./transactions/stock-management/stock-management-page.js').then((m) => ({
      default: m.StockManagementPage,
      firstList: m.stockResource.list,
    })),
  mapStaticNumber: () =>
    import('./transactions/static-qr-mapping/static-qr-mapping-page.js').then((m) => ({
      default: m.StaticQrMappingPage,
    })),
  deMapping: () => import('./transactions/de-mapping/de-mapping-page.js').then((m) => ({ default: m.DeMappingPage })),
  mapping: () => import('./transactions/mapping/mapping-page.js').then((m) => ({ default: m.MappingPage })),
  productDamage: () =>
    import('./transactions/product-damage/product-damage-page.js').then((m) => ({ default: m.ProductDamagePage })),
  cartonSlip: () =>
    import('./transactions/carton-slip/carton-slip-page.js').then((m) => ({ default: m.CartonSlipPage })),
  numberGeneration: () =>
    import('./transactions/number-generation/number-generation-page.js').then((m) => ({
      default: m.NumberGenerationPage,
    })),
  secondaryPacking: () => import('./floor/secondary-packing-page.js'),
  tertiaryPacking: () => import('./floor/tertiary-packing-page.js'),
  damageCarton: () => import('./floor/damage-carton-page.js'),
  dispatch: () => import('./floor/dispatch-page.js'),
  dispatchReceive: () => import('./floor/dispatch-receive-page.js'),
  cartonReturn: () => import('./floor/carton-return-page.js'),
  replace: () => import('./floor/replace-page.js'),
  schemeMaster: () =>
    import('./loyalty/scheme-master.js').then((m) => ({
      default: m.SchemeMasterPage,
      firstList: m.schemeMasterResource.list,
    })),
  schemeConfiguration: () =>
    import('./loyalty/scheme-design-page.js').then((m) => ({
      default: m.SchemeDesignPage,
      firstList: m.schemeDesignList,
    })),
  redemptionRequests: () =>
    import('./loyalty/redemption-requests-page.js').then((m) => ({ default: m.RedemptionRequestsPage })),
  luckyUsers: () => import('./loyalty/lucky-users-page.js').then((m) => ({ default: m.LuckyUsersPage })),
  mappingReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('mappingReport')),
  demappingReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('demappingReport')),
  primaryPackingReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('primaryPackingReport')),
  verificationReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('verificationReport')),
  feedbackReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('feedbackReport')),
  redemptionReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('redemptionReport')),
  dispatchLoyaltyReport: () =>
    import('./reports/report-screens.js').then((m) => m.reportModule('dispatchLoyaltyReport')),
  schemeReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('schemeReport')),
  secondaryPackingReport: () =>
    import('./reports/report-screens.js').then((m) => m.reportModule('secondaryPackingReport')),
  tertiaryPackingReport: () =>
    import('./reports/report-screens.js').then((m) => m.reportModule('tertiaryPackingReport')),
  fractionalCartonReport: () =>
    import('./reports/report-screens.js').then((m) => m.reportModule('fractionalCartonReport')),
  damageReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('damageReport')),
  dispatchReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('dispatchReport')),
  dispatchReceiveReport: () =>
    import('./reports/report-screens.js').then((m) => m.reportModule('dispatchReceiveReport')),
  missingCartonReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('missingCartonReport')),
  returnReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('returnReport')),
  itemLedger: () => import('./reports/report-screens.js').then((m) => m.reportModule('itemLedger')),
  stockReport: () => import('./reports/report-screens.js').then((m) => m.reportModule('stockReport')),
  newStock: () => import('./reports/report-screens.js').then((m) => m.reportModule('newStock')),
  sapdataReport: () => import('./reports/sap-data-page.js'),
  qrCodeTrackingReport: () => import('./reports/qr-tracking/qr-tracking-page.js'),
  recallTrace: () => import('./reports/recall-trace/recall-trace-page.js'),
  epcisPartners: () => import('./masters/epcis-partners/epcis-partners-page.js'),
  devices: () =>
    import('./reports/devices/devices-page.js').then((m) => ({
      default: m.DevicesPage,
      firstList: m.devicesResource.list,
    })),
  adminNumberDownload: () =>
    import('./transactions/admin-number-download/admin-number-download-page.js').then((m) => ({
      default: m.AdminNumberDownloadPage,
    })),
};
