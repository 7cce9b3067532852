// The page registry: one list of every screen behind the sign-in. The access-right tree, the menu,
// the client's route guards and the server's per-route page checks all read it.

export type GroupKey = '1' | '2' | '3' | '4';

export interface PageGroup {
  key: GroupKey;
  label: string;
  icon: string;
  /** The group's own path; only Dashboard is a page by itself. */
  path: string;
}

export interface PageDef {
  key: string;
  label: string;
  path: string;
  group: GroupKey;
  /** Hidden pages are left out of the Role Management tree (admin-only work). */
  hidden?: boolean;
  /** A floor screen: scans checked on the device caches, saves queued in the outbox (docs/floor.md).
   *  Any of them lets its user load the caches and keeps them fresh on the device. */
  floor?: boolean;
}

export const GROUPS: readonly PageGroup[] = [
  { key: '1', label: 'Dashboard', icon: 'dashboard', path: '/dashboard' },
  { key: '2', label: 'Masters', icon: 'masters', path: '/masters' },
  { key: '3', label: 'Transactions', icon: 'transactions', path: '/transaction' },
  { key: '4', label: 'Reports', icon: 'reports', path: '/reports' },
];

const m = (key: string, label: string, slug: string): PageDef => ({ key, label, path: `/masters/${slug}`, group: '2' });
const t = (key: string, label: string, slug: string, kind: Pick<PageDef, 'hidden' | 'floor'> = {}): PageDef => ({
  key,
  label,
  path: `/transaction/${slug}`,
  group: '3',
  ...kind,
});
const FLOOR = { floor: true } as const;
const r = (key: string, label: string, slug: string, kind: Pick<PageDef, 'hidden'> = {}): PageDef => ({
  key,
  label,
  path: `/reports/${slug}`,
  group: '4',
  ...kind,
});

/** Every page by a stable name; the key is what rights store, the path is what the router matches. */
export const PAGE = {
  accessRight: m('201', 'Role Management', 'access-right'),
  userMaster: m('202', 'User Master', 'user-master'),
  factoryMaster: m('203', 'Factory Master', 'factory-master'),
  warehouseMaster: m('204', 'Warehouse Master', 'warehouse-master'),
  category: m('205', 'Category', 'category'),
  companyMaster: m('206', 'Company Master', 'company-master'),
  productMaster: m('207', 'Product Master', 'product-master'),
  productConfiguration: m('208', 'Product Configuration', 'product-configuration'),
  schemeMaster: m('209', 'Scheme Master', 'scheme-master'),
  dealerMaster: m('210', 'Retailer Master', 'dealer-master'),
  distributorMaster: m('211', 'Dealer Master', 'distributor-master'),
  listMaster: m('212', 'List Master', 'list-master'),
  priceMaster: m('213', 'Price Master', 'price-master'),
  salepersonMaster: m('214', 'Salesperson Master', 'saleperson-master'),
  cartonMaster: m('215', 'Carton Size Master', 'carton-master'),
  /** Ours (issue 28): the partners an EPCIS feed of the company's trace goes to. */
  epcisPartners: m('216', 'EPCIS Partners', 'epcis-partners'),

  mapping: t('301', 'Mapping', 'mapping'),
  deMapping: t('302', 'De Mapping', 'de-mapping'),
  numberGeneration: t('303', 'Number Generation', 'number-generation'),
  numberIssued: t('304', 'Issue Number', 'number-issued', { hidden: true }),
  mapStaticNumber: t('305', 'Static Qr Mapping', 'map-static-number'),
  secondaryPacking: t('306', 'Secondary Packing', 'secondary-packing', FLOOR),
  tertiaryPacking: t('307', 'Tertiary Packing', 'tertiary-packing', FLOOR),
  schemeConfiguration: t('308', 'Scheme Design', 'scheme-configuration'),
  stockManagement: t('309', 'Stock Management', 'stock-management'),
  adminNumberDownload: t('310', 'Admin Number Download', 'admin-number-download'),
  dispatch: t('311', 'Dispatch', 'dispatch', FLOOR),
  dispatchReceive: t('312', 'Dispatch Receive', 'dispatch-receive', FLOOR),
  productDamage: t('313', 'Product Damage', 'product-damage'),
  damageCarton: t('314', 'Damage Carton', 'Damage-carton', FLOOR),
  cartonSlip: t('315', 'Carton Slip', 'Carton-Slip'),
  redemptionRequests: t('316', 'Redemption Requests', 'redemption-requests'),
  cartonReturn: t('317', 'Carton Return', 'carton-return', FLOOR),
  replace: t('318', 'Replace', 'replace', FLOOR),

  mappingReport: r('401', 'Mapping Reports', 'mapping-report'),
  demappingReport: r('402', 'De-Mapping Reports', 'Demapping-report'),
  verificationReport: r('403', 'Verification Report', 'verification-report'),
  returnReport: r('404', 'Return Report', 'return-report'),
  feedbackReport: r('405', 'Feedback Report', 'feedback-report'),
  sapdataReport: r('406', 'SAP Data Report', 'sapdata-report'),
  dispatchReport: r('407', 'Dispatch Report', 'dispatch-report'),
  dispatchReceiveReport: r('408', 'Dispatch Receive Report', 'dispatch-receive-report'),
  primaryPackingReport: r('409', 'Primary Packing Report', 'primary-packing-report'),
  secondaryPackingReport: r('410', 'Secondary Packing Report', 'secondary-packing-report'),
  tertiaryPackingReport: r('411', 'Tertiary Packing Report', 'tertiary-packing-report'),
  redemptionReport: r('412', 'Loyalty Points Report', 'redemption-report'),
  schemeReport: r('413', 'Scheme Report', 'scheme-report'),
  itemLedger: r('414', 'Item Ledger Reports', 'item-ledger'),
  stockReport: r('415', 'Available Stock Report', 'stock-report'),
  damageReport: r('416', 'Damage Report', 'Damage-report'),
  qrCodeTrackingReport: r('417', 'QR Code Tracking Report', 'qr-code-tracking-report'),
  missingCartonReport: r('418', 'Missing Carton Report', 'missing-carton-report'),
  fractionalCartonReport: r('419', 'Fractional Carton Report', 'fractional-carton-report'),
  dispatchLoyaltyReport: r('420', 'Dealer Loyalty Report', 'Dispatch-Loyalty-report'),
  luckyUsers: r('421', 'Pick Lucky Users', 'lucky-users'),
  newStock: r('422', 'Stock Report', 'new-Stock'),
  /** Ours (issue 14): where every pack of a product batch went, and marking it recalled. */
  recallTrace: r('423', 'Recall Trace', 'recall-trace'),
  /** Ours (issue 27): every handheld's health as it last reported it; the administrator's alone. */
  devices: r('424', 'Devices', 'devices', { hidden: true }),
} as const satisfies Record<string, PageDef>;

export type PageName = keyof typeof PAGE;

export const PAGES: readonly PageDef[] = Object.values(PAGE);

/** The floor screens (marked `floor` above). */
export const FLOOR_PAGES: readonly PageDef[] = PAGES.filter((p) => p.floor);

/** The dashboard key, always part of a user's saved rights. */
export const DASHBOARD_KEY = '1';

/** The pages outside the signed-in shell (spec 3 top-level routes); every other path is drawn in it. */
export const PUBLIC_PAGE = {
  login: '/login',
  resetPassword: '/reset-password',
  home: '/home',
  verify: '/P',
  privacyPolicy: '/privacy-policy',
} as const;

export const PUBLIC_PATHS: readonly string[] = Object.values(PUBLIC_PAGE);

/** Paths every signed-in user may open, whatever their rights. */
export const ALWAYS_ALLOWED_PATHS = ['/dashboard', '/profile', '/change-password'] as const;

const byKey = new Map(PAGES.map((p) => [p.key, p]));
const byPath = new Map(PAGES.map((p) => [normalisePath(p.path), p]));

/** Route paths compare without a trailing slash (the spec writes some with one). */
export function normalisePath(path: string): string {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return p === '' ? '/' : p;
}

export function pageByKey(key: string): PageDef | undefined {
  return byKey.get(key);
}

export function pageByPath(path: string): PageDef | undefined {
  return byPath.get(normalisePath(path));
}

export function isKnownPageKey(key: string): boolean {
  return key === DASHBOARD_KEY || GROUPS.some((g) => g.key === key) || byKey.has(key);
}

/**
 * The key list as saved: always '1', every known page key once, and each group key whose
 * children include a ticked page. Unknown and hidden (admin-only) keys are dropped.
 */
export function normalisePageList(keys: readonly string[]): string[] {
  const pages = [...new Set(keys)].filter((k) => byKey.has(k) && !byKey.get(k)!.hidden);
  const groups = new Set(pages.map((k) => byKey.get(k)!.group));
  groups.add(DASHBOARD_KEY);
  return [...GROUPS.filter((g) => groups.has(g.key)).map((g) => g.key), ...pages.sort()];
}
