// Where every table lives under Citus (issue 29 item 3; docs/deploy.md "Citus"), in one place: the
// schema test holds the migrated database to it, and the Citus migration follows it.
// - distributed: by company_id, all co-located (a company's rows share a node, so its joins and its
//   transactions stay on one node); company_id is in every primary, unique and foreign key.
// - reference: small and shared, copied to every node, so any shard joins it locally.
// - local: the coordinator's own, never joined with a company's rows.

export type Placement = 'distributed' | 'reference' | 'local';

/** The distribution column of every distributed table. */
export const DISTRIBUTION_COLUMN = 'company_id';

/** Every table (schema-qualified outside public), its placement and why, in a word or a few. */
export const PLACEMENT = {
  // Reference: masters and people, read beside every company's rows.
  countries: ['reference', 'places'],
  states: ['reference', 'places'],
  cities: ['reference', 'places'],
  companies: ['reference', 'tenants'],
  sites: ['reference', 'masters; prefixes unique across companies'],
  users: ['reference', 'people; sign-in by email across companies'],
  user_pages: ['reference', 'rights'],
  cartons: ['reference', 'sizes shared by every company'],
  categories: ['reference', 'shared categories'],
  products: ['reference', 'masters, small, joined by every report'],
  prices: ['reference', 'one per product, beside it'],
  transport_modes: ['reference', 'shared list'],
  schemes: ['reference', 'admin schemes have no company'],
  scheme_items: ['reference', 'of schemes'],
  scheme_locations: ['reference', 'of schemes'],
  scheme_exclusions: ['reference', 'of schemes'],
  epcis_partners: ['reference', 'a few per company'],
  devices: ['reference', 'one per device, joined with users and sites'],
  code_routes: ['reference', 'routes a code to its company'],
  gtin_routes: ['reference', 'routes a GTIN to its company'],
  // Distributed by company_id: a company's numbers, cartons, trade, scans and points.
  number_issues: ['distributed', 'issued ranges'],
  mappings: ['distributed', 'mapped ranges'],
  damages: ['distributed', 'damaged ranges'],
  static_pairs: ['distributed', 'paired codes'],
  generations: ['distributed', 'print files'],
  id_counters: ['distributed', "slip counters, locked in the company's transactions"],
  items: ['distributed', 'packs'],
  secondary_cartons: ['distributed', 'cartons'],
  tertiary_cartons: ['distributed', 'cartons'],
  replacements: ['distributed', 'replaced codes'],
  dispatches: ['distributed', 'dispatches'],
  dispatch_cartons: ['distributed', 'dispatch legs'],
  events: ['distributed', 'event log (monthly partitions)'],
  verifications: ['distributed', 'scans (monthly partitions; tenant 0 for unknown codes)'],
  point_entries: ['distributed', 'points ledger'],
  redemption_requests: ['distributed', 'redemptions'],
  recalls: ['distributed', "checked in the company's saves"],
  idempotency_keys: ['distributed', "written in the work's transaction (admin: tenant 0)"],
  // Local: the coordinator's own state.
  refresh_tokens: ['local', 'sessions'],
  password_resets: ['local', 'sessions'],
  rate_hits: ['local', 'counters'],
  app_secrets: ['local', 'secrets'],
  uploads: ['local', "files on the coordinator's disk"],
  'drizzle.__drizzle_migrations': ['local', 'migrations bookkeeping'],
} as const satisfies Record<string, readonly [Placement, string]>;

export type TableName = keyof typeof PLACEMENT;

export const tablesPlaced = (p: Placement): TableName[] =>
  (Object.keys(PLACEMENT) as TableName[]).filter((t) => PLACEMENT[t][0] === p);

export interface Allowed {
  match: RegExp;
  why: string;
}

/** Statements on distributed tables with no company filter, by design: what they match and why. A
 *  statement the schema test sees without company_id must match one of these or NOT_YET_FILTERED. */
export const CROSS_COMPANY: readonly Allowed[] = [
  {
    match: /\bfrom "?idempotency_keys"? where "?idempotency_keys"?\."?created_at"? </,
    why: "the purge of old keys sweeps every company's (one delete per shard under Citus)",
  },
];

/** Known statements that find a company's rows by a key that is one company's without saying so.
 *  Correct on one node; under Citus each goes to every shard until it names the company. The schema
 *  test allows these only, and counts them against a bound that may only go down: a new statement of
 *  another shape fails CI. Shrink this list, never grow it. */
export const NOT_YET_FILTERED: readonly Allowed[] = [
  {
    // resolve.ts resolveGeneral's two range probes (mappingOf, the damage), which the journey and QR
    // scan share with the public verification: left to the verification's rework, which routes a code
    // to its company (code-routes.ts companyOfCode) before it looks.
    match:
      /^select "id", "kind", .* from "(mappings|damages)" where \(\("\1"\."kind" = \$1 and "\1"\."prefix" = \$2\) and "\1"\."from_no" <= \$3\) order by "\1"\."from_no" desc limit \$4$/,
    why: "a code by its series and serial: the range that holds it, resolved before the caller's company is checked",
  },
];
