// The Scheme Design form's values and the body they make (spec 2 sections 3, 5, 7): pure, so what is
// sent and which message shows where is unit-tested without a browser.
import {
  SCHEME_MSG,
  schemeDesignSave,
  type MappedBatch,
  type SchemeDesignSave,
  type SchemeDetail,
  type SchemeType,
} from '@shared/contracts/loyalty/scheme.js';
import { dateInputValue } from '../../kit/form-values.js';

export interface Choice {
  value: number;
  label: string;
}
/** A chosen product or category and its points as the number box gives them ('' until typed). */
export interface DesignItem extends Choice {
  Points: number | string;
}

export interface DesignValues {
  SchemeId: number;
  SchemeName: string;
  SchemeType: SchemeType | null;
  SchemeBeneficiary: number | null;
  items: DesignItem[];
  locations: Choice[];
  /** 'YYYY-MM-DD', as the date inputs hold them. */
  ValidFrm: string;
  ValidTo: string;
  IsActive: boolean;
  /** A saved scheme's exclusions, sent back unchanged when it is extended. */
  mappingData: MappedBatch[];
}

/** The body before validation: what the form holds, in the contract's field names. */
export type DesignBody = Omit<SchemeDesignSave, 'SchemeType' | 'SchemeBeneficiary'> & {
  SchemeType: SchemeType | null;
  SchemeBeneficiary: number | null;
};

type FieldKey =
  'SchemeName' | 'SchemeType' | 'SchemeBeneficiary' | 'DynamicIds' | 'locationCodes' | 'ValidFrm' | 'ValidTo';
/** The first message per field; `points` by the item's place in the list. */
export type DesignErrors = Partial<Record<FieldKey, string>> & { points?: Record<number, string> };

/** A new scheme: nothing chosen, Is Active ticked (spec 1 section 4). */
export const emptyDesign = (): DesignValues => ({
  SchemeId: 0,
  SchemeName: '',
  SchemeType: null,
  SchemeBeneficiary: null,
  items: [],
  locations: [],
  ValidFrm: '',
  ValidTo: '',
  IsActive: true,
  mappingData: [],
});

const TYPES: readonly string[] = ['PB', 'CM', 'SC', 'SD'];

/** A saved scheme (GetSchemeDataById) as the 'Extend or Change Status of Scheme' form shows it. */
export function designFromDetail(d: SchemeDetail): DesignValues {
  return {
    SchemeId: d.SchemeId,
    SchemeName: d.SchemeName,
    SchemeType: TYPES.includes(d.SchemeType) ? (d.SchemeType as SchemeType) : null,
    SchemeBeneficiary: d.SchemeBeneficiary,
    items: d.DynamicIds.map((i) => ({ value: i.value, label: i.label, Points: i.Points })),
    locations: d.locationCodes.map((l) => ({ value: l.value, label: l.label })),
    ValidFrm: dateInputValue(d.ValidFrm),
    ValidTo: dateInputValue(d.ValidTo),
    IsActive: d.IsActive,
    mappingData: d.mappingData,
  };
}

/** The choices after a MultiSelect change (values as strings): kept ones keep their points, new ones
 *  come from the offered options and start with no points. */
export function chooseItems<C extends Choice>(
  current: readonly C[],
  chosen: readonly string[],
  offered: readonly Choice[],
  fresh: (c: Choice) => C,
): C[] {
  return chosen.flatMap((v) => {
    const kept = current.find((c) => String(c.value) === v);
    if (kept) return [kept];
    const option = offered.find((o) => String(o.value) === v);
    return option ? [fresh({ value: option.value, label: option.label })] : [];
  });
}

/** Options to offer: the loaded ones plus any chosen one they lack (a saved scheme's item shows its label). */
export function withChosen(
  loaded: readonly { value: string | number; label: string }[],
  chosen: readonly Choice[],
): Choice[] {
  const offered = loaded.map((o) => ({ value: Number(o.value), label: o.label }));
  return [...offered, ...chosen.filter((c) => !offered.some((o) => o.value === c.value))];
}

/** The body Scheme/CreateScheme takes; `mappingData` is what the exclude popup ticked. */
export function designBody(v: DesignValues, mappingData: readonly MappedBatch[] = v.mappingData): DesignBody {
  return {
    SchemeId: v.SchemeId,
    SchemeType: v.SchemeType,
    SchemeBeneficiary: v.SchemeBeneficiary,
    DynamicIds: v.items.map((i) => ({ value: i.value, label: i.label, Points: i.Points })),
    SchemeName: v.SchemeName,
    locationCodes: v.locations.map((l) => l.value),
    ValidFrm: v.ValidFrm,
    ValidTo: v.ValidTo,
    IsActive: v.IsActive,
    mappingData: [...mappingData],
  };
}

/** The contract's messages by field, or null when the body passes (the server checks it alike). */
export function designErrors(body: DesignBody): DesignErrors | null {
  const parsed = schemeDesignSave.safeParse(body);
  if (parsed.success) return null;
  const errors: DesignErrors = {};
  for (const issue of parsed.error.issues) {
    const [key, at, leaf] = issue.path;
    if (key === 'DynamicIds' && typeof at === 'number' && leaf === 'Points') {
      errors.points = { ...errors.points, [at]: errors.points?.[at] ?? issue.message };
    } else if (typeof key === 'string') {
      errors[key as FieldKey] ??= issue.message;
    }
  }
  return errors;
}

/** The message under a points box as it is typed: below 1 is refused (spec 2 section 5). */
export const pointsProblem = (p: number | string): string | undefined =>
  p !== '' && !(Number(p) >= 1) ? SCHEME_MSG.itemPoints : undefined;

/** What the items box is called for the chosen type. */
export function itemsLabel(type: SchemeType | null): string {
  switch (type) {
    case 'PB':
      return 'Products';
    case 'CM':
      return 'Main Categories';
    case 'SC':
      return 'Sub Categories';
    case 'SD':
      return 'Sub Divisions';
    default:
      return 'Category';
  }
}
