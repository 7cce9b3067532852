// Scheme Master and Scheme Design (spec 2 sections 2, 3, 4, 5, 7, 9): one call saves both
// (Scheme/CreateScheme), told apart by the design's SchemeType. A scheme gives loyalty points to a
// beneficiary for packs of its products (master: one product; design: products, main categories, sub
// categories or sub divisions, each with its points) between two dates, optionally only in some
// states, minus the product batches excluded. Dates are India's calendar dates.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { indiaDate } from '../../today.js';
import { dateText, noData } from '../answer.js';
import { activeFlag, optionalText, requiredText } from '../fields.js';
import { col, listContract, listView, rowTable } from '../list-contract.js';
import { dateOnly, numberId } from '../numbers/fields.js';

export const SCHEME_MSG = {
  name: 'Please enter scheme.',
  product: 'Please select product.',
  userType: 'Please select User Type.',
  fromRequired: 'Please select from date',
  fromToday: 'From date must be greater than or equal to today date.',
  fromBeforeTo: 'From date must be less than to date.',
  toRequired: 'Please select to date',
  toToday: 'To date must be greater than or equal to today date.',
  toAfterFrom: 'To date must be greater than from date.',
  points: 'Loyalty points must be minimum 1',
  type: 'Please select scheme type.',
  beneficiary: 'Please scheme beneficiary.',
  category: 'Please Select Category.',
  itemPoints: 'Enter Points Greater than 0',
  created: 'Scheme saved successfully.',
  updated: 'Scheme updated successfully.',
  notFound: 'Scheme not found.',
  duplicate: 'A scheme with this name already exists.',
  unknownItem: "A chosen category or product is not one of your company's.",
  unknownMapping: "A product batch to exclude is not one of your company's.",
  unknownLocation: 'A chosen location is not a state of India.',
} as const;

/** The beneficiary (spec 2 section 9): Dealer and Distributor share 2 in the spec's code, so they are one choice. */
export const BENEFICIARY = { dealer: 2, farmer: 3, all: 9 } as const;
export const BENEFICIARY_OPTIONS = [
  { value: BENEFICIARY.dealer, label: 'Dealer / Distributor' },
  { value: BENEFICIARY.farmer, label: 'Farmer' },
  { value: BENEFICIARY.all, label: 'All' },
] as const;
export const beneficiaryName = (n: number) => BENEFICIARY_OPTIONS.find((o) => o.value === n)?.label ?? '';

/** What a design scheme is on: products, or one of the three category levels (MG1, MG2, MG3). */
export const SCHEME_TYPES = ['PB', 'CM', 'SC', 'SD'] as const;
export type SchemeType = (typeof SCHEME_TYPES)[number];
export const SCHEME_TYPE_OPTIONS = [
  { value: 'PB', label: 'Product Based' },
  { value: 'CM', label: 'Main Category' },
  { value: 'SC', label: 'Sub Category' },
  { value: 'SD', label: 'Sub Division' },
] as const satisfies readonly { value: SchemeType; label: string }[];
export const schemeTypeName = (t: string | null) => SCHEME_TYPE_OPTIONS.find((o) => o.value === t)?.label ?? '';
/** The category level a type is on (PB: none, products). */
export const SCHEME_TYPE_LEVEL: Record<SchemeType, 0 | 1 | 2 | 3> = { PB: 0, CM: 1, SC: 2, SD: 3 };

const beneficiary = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: message })
    .pipe(z.union([z.literal(2), z.literal(3), z.literal(9)], { error: message }));

const points = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,9}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message).min(1, message).max(1_000_000, message));

/** The date rules of both forms (spec 2 section 5): from not before today when creating, to not
 *  before today, from not after to; each message under its own field. */
function checkDates(from: string, to: string, creating: boolean, ctx: z.RefinementCtx, keys: [string, string]) {
  const today = indiaDate();
  if (creating && from < today) ctx.addIssue({ code: 'custom', message: SCHEME_MSG.fromToday, path: [keys[0]] });
  if (to < today) ctx.addIssue({ code: 'custom', message: SCHEME_MSG.toToday, path: [keys[1]] });
  if (from > to) {
    ctx.addIssue({ code: 'custom', message: SCHEME_MSG.fromBeforeTo, path: [keys[0]] });
    ctx.addIssue({ code: 'custom', message: SCHEME_MSG.toAfterFrom, path: [keys[1]] });
  }
}

/** Scheme Master's payload: points for one product and one user type. */
export const schemeMasterSave = z
  .strictObject({
    SchemeId: numberId('SchemeId'),
    ProductId: z.number({ error: SCHEME_MSG.product }).int(SCHEME_MSG.product).min(1, SCHEME_MSG.product),
    Utype: beneficiary(SCHEME_MSG.userType),
    SchemeName: requiredText(SCHEME_MSG.name, 'Scheme name', 100),
    Schemedescription: optionalText('Scheme description', 500),
    StartDate: dateOnly(SCHEME_MSG.fromRequired),
    EndDate: dateOnly(SCHEME_MSG.toRequired),
    LoyaltyPoints: points(SCHEME_MSG.points),
    IsActive: activeFlag,
  })
  .superRefine((b, ctx) => checkDates(b.StartDate, b.EndDate, b.SchemeId === 0, ctx, ['StartDate', 'EndDate']));
export type SchemeMasterSave = z.input<typeof schemeMasterSave>;

/** A chosen product or category with its points (the design's DynamicIds). */
export const schemeItem = z.object({
  value: z.number({ error: SCHEME_MSG.category }).int().min(1, SCHEME_MSG.category),
  label: optionalText('Category', 150),
  Points: points(SCHEME_MSG.itemPoints),
});

/** A product batch (a mapping) left out of the scheme. */
export const excludedBatch = z.object({
  MappingId: z.number().int().min(1),
  ProductName: z.string().max(150).nullish(),
  BatchNo: z.string().max(50).nullish(),
  Qty: z.number().nullish(),
  MFGDate: z.string().max(40).nullish(),
  EXPDate: z.string().max(40).nullish(),
});

/** Scheme Design's payload. Updating changes only ValidTo and IsActive (the rest is shown locked). */
export const schemeDesignSave = z
  .strictObject({
    SchemeId: numberId('SchemeId'),
    SchemeType: z.enum(SCHEME_TYPES, { error: SCHEME_MSG.type }),
    SchemeBeneficiary: beneficiary(SCHEME_MSG.beneficiary),
    DynamicIds: z
      .array(schemeItem, { error: SCHEME_MSG.category })
      .min(1, SCHEME_MSG.category)
      .max(500, SCHEME_MSG.category),
    SchemeName: requiredText(SCHEME_MSG.name, 'Scheme name', 100),
    /** State ids (India's reference data); none: everywhere. */
    locationCodes: z
      .array(z.number().int().min(1), { error: SCHEME_MSG.unknownLocation })
      .max(100)
      .nullish()
      .transform((v) => v ?? []),
    ValidFrm: dateOnly(SCHEME_MSG.fromRequired),
    ValidTo: dateOnly(SCHEME_MSG.toRequired),
    IsActive: activeFlag,
    mappingData: z
      .array(excludedBatch)
      .max(5000)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((b, ctx) => checkDates(b.ValidFrm, b.ValidTo, b.SchemeId === 0, ctx, ['ValidFrm', 'ValidTo']));
export type SchemeDesignSave = z.input<typeof schemeDesignSave>;

const isDesign = (raw: unknown) => typeof raw === 'object' && raw !== null && 'SchemeType' in raw;

/** Scheme/CreateScheme: the design's payload when it names a SchemeType, else the master's. */
export const schemeSave = z.unknown().transform((raw, ctx) => {
  const design = isDesign(raw);
  const parsed = design ? schemeDesignSave.safeParse(raw) : schemeMasterSave.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return design
    ? { kind: 'design' as const, design: parsed.data as z.output<typeof schemeDesignSave> }
    : { kind: 'master' as const, master: parsed.data as z.output<typeof schemeMasterSave> };
});
export type SchemeSaveOut = z.output<typeof schemeSave>;

export const schemeRow = z.object({
  SchemeId: z.number(),
  SchemeName: z.string(),
  Schemedescription: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  LoyaltyPoints: z.number(),
  IsActive: z.boolean(),
  ProductId: z.number().nullable(),
  ProductName: z.string(),
  Utype: z.number(),
  TypeName: z.string(),
  /** Design schemes: the type (PB, CM, SC, SD) and its name; '' on master schemes. */
  SchemeType: z.string(),
  SchemeOn: z.string(),
  /** Scheme Design's names for the dates and the beneficiary (spec 2 section 3 'Scheme (design)'). */
  ValidFrm: z.string(),
  ValidTo: z.string(),
  SchemeBeneficiary: z.number(),
  CreatedDate: dateText,
});
export type SchemeRow = z.infer<typeof schemeRow>;

/** GetSchemeDataById: a design scheme as its form shows it. */
export const schemeDetail = z.object({
  SchemeId: z.number(),
  SchemeName: z.string(),
  SchemeType: z.string(),
  SchemeBeneficiary: z.number(),
  ValidFrm: z.string(),
  ValidTo: z.string(),
  IsActive: z.boolean(),
  DynamicIds: z.array(z.object({ value: z.number(), label: z.string(), Points: z.number() })),
  locationCodes: z.array(z.object({ value: z.number(), label: z.string() })),
  mappingData: z.array(
    z.object({
      MappingId: z.number(),
      ProductName: z.string(),
      BatchNo: z.string(),
      Qty: z.number(),
      MFGDate: z.string(),
      EXPDate: z.string(),
    }),
  ),
});
export type SchemeDetail = z.infer<typeof schemeDetail>;

export const option = z.object({ value: z.number(), label: z.string() });
export const userTypeOption = z.object({ Utype: z.number(), TypeName: z.string() });

/** Product batches (mappings) of the chosen items, for the 'Select the Product Group to exclude' popup. */
export const mappedBatchesRequest = z.strictObject({
  SchemeType: z.enum(SCHEME_TYPES, { error: SCHEME_MSG.type }),
  Ids: z.array(z.number().int().min(1)).min(1, SCHEME_MSG.category).max(500),
});
export const mappedBatch = z.object({
  MappingId: z.number(),
  ProductName: z.string(),
  BatchNo: z.string(),
  Qty: z.number(),
  MFGDate: z.string(),
  EXPDate: z.string(),
});
export type MappedBatch = z.infer<typeof mappedBatch>;
/** The exclude popup's batches, each with a tick box. */
export const MAPPED_BATCH_TABLE = rowTable(mappedBatch, [
  col('ProductName', 'Product Name'),
  col('BatchNo', 'Batch No'),
  col('Qty', 'Qty'),
  col('MFGDate', 'MFG Date', { format: 'date' }),
  col('EXPDate', 'EXP Date', { format: 'date' }),
]);

/** Sort names only Scheme Design's rows use: a list sorted by one of them is Scheme Design's. */
export const DESIGN_SORTS = ['ValidFrm', 'ValidTo', 'SchemeBeneficiary', 'SchemeType', 'SchemeOn'] as const;

/**
 * Whose schemes Scheme/GetSchemes lists. The spec's two screens make the same call; what tells them
 * apart is what they send: our SchemeKind, else the 'page' header (the route's last segment, spec 1
 * section 7), else a sort by one of Scheme Design's own fields, else a caller who holds only Scheme Design.
 */
export function schemeListKind(
  kind: 'master' | 'design' | null | undefined,
  pageHeader: string | undefined,
  sort: string | null | undefined,
  onlyDesign: boolean,
): 'master' | 'design' {
  if (kind) return kind;
  const last = (path: string) => path.split('/').filter(Boolean).pop();
  if (pageHeader === last(PAGE.schemeConfiguration.path)) return 'design';
  if (pageHeader === last(PAGE.schemeMaster.path)) return 'master';
  if (sort && (DESIGN_SORTS as readonly string[]).includes(sort)) return 'design';
  return onlyDesign ? 'design' : 'master';
}

const master = [PAGE.schemeMaster];
const design = [PAGE.schemeConfiguration];
const both = [PAGE.schemeMaster, PAGE.schemeConfiguration];

/** The master's list: every row field sorts; newest first unless asked (the spec's CreatedDt). */
export const SCHEME_LIST = listContract({
  page: both[0]!,
  pages: both,
  list: 'Scheme/GetSchemes',
  row: schemeRow,
  // Scheme Master's columns; the status is a read-only checkbox (the screen's), so it has no format.
  columns: [
    col('ProductName', 'Product Name'),
    col('SchemeName', 'Scheme Name'),
    col('Schemedescription', 'Scheme Description', { sortable: false }),
    col('LoyaltyPoints', 'Loyalty Points'),
    col('StartDate', 'Valid From', { format: 'date' }),
    col('EndDate', 'Valid To', { format: 'date' }),
    col('TypeName', 'User Type'),
    col('IsActive', 'Is Active'),
  ],
  sortKeys: 'all',
  defaultSort: 'CreatedDt',
  rowKey: 'SchemeId',
});

/** Scheme Design's columns over the same list: a design's beneficiary travels in Utype (2, 3 or 9)
 *  and its name in TypeName, which sorts. */
export const SCHEME_DESIGN_LIST = listView(SCHEME_LIST, PAGE.schemeConfiguration, [
  col('SchemeName', 'Scheme Name'),
  col('StartDate', 'Valid From', { format: 'date' }),
  col('EndDate', 'Valid To', { format: 'date' }),
  col('Utype', 'Payee', { sortKey: 'TypeName' }),
  col('SchemeOn', 'Scheme On', { sortable: false }),
  col('IsActive', 'Status', { format: 'status' }),
]);

export const SCHEME_API = {
  /** Scheme Design's schemes or Scheme Master's, as `schemeListKind` reads the request. */
  list: SCHEME_LIST.api.list,
  save: postEndpoint('Scheme/CreateScheme', { pages: both }, schemeSave, noData),
  userTypes: getEndpoint('Scheme/GetuserDDL', { pages: master }, z.array(userTypeOption)),
  byId: getEndpoint('Scheme/GetSchemeDataById/:id', { pages: design }, schemeDetail),
  /** The products (PB) or categories of a level (CM, SC, SD) a design may choose, as label and value. */
  items: getEndpoint('Scheme/GetSchemeItems/:type', { pages: design }, z.array(option)),
  /** The states of India, the locations a design may be limited to (the spec's type 'LB'). */
  locations: getEndpoint('Scheme/GetLocations', { pages: [...design, PAGE.luckyUsers] }, z.array(option)),
  mappedBatches: postEndpoint('Scheme/GetPrdctMpping', { pages: design }, mappedBatchesRequest, z.array(mappedBatch)),
} as const;

export const SCHEME_PAGE_SIZES = [5, 10, 20] as const;
