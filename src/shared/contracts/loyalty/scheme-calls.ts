// The scheme calls the spec lists without a screen of ours calling them (spec 2 section 7, spec 3
// section 7), served on the existing scheme data under the spec's paths and field names:
// - Product/GetMappedProductsDDLByType?type=: 'LB' the locations (states), PB/CM/SC/SD a design's items;
// - Product/GetMappings?type=: the product batches (mappings) of the chosen items, to exclude;
// - Scheme/CreatePrdctMpping: a design's excluded batches, replaced;
// - Scheme/GetSchemeDDL: the active schemes as a dropdown;
// - Scheme/InActiveSchemeConfig: a scheme set inactive.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { noData } from '../answer.js';
import { excludedBatch, mappedBatch, option, SCHEME_TYPES } from './scheme.js';

/** The location list's type code (spec 3 section 9). */
export const LOCATION_TYPE = 'LB';
export const TYPE_CODES = [LOCATION_TYPE, ...SCHEME_TYPES] as const;
export const SCHEME_CALL_MSG = {
  type: 'Please select scheme type.',
  scheme: 'Please select scheme.',
  inactivated: 'Scheme inactivated successfully.',
  excluded: 'Product batches saved successfully.',
} as const;

const id = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).min(1, message));

/** The chosen items, as the design form holds them (DynamicIds: label, value, Points), as ids, or as { Ids }. */
const chosen = z
  .union([z.number().int().min(1), z.object({ value: z.number().int().min(1) }).loose()])
  .transform((c) => (typeof c === 'number' ? c : c.value));
export const selectionRequest = z.union(
  [
    z.array(chosen).min(1).max(500),
    z
      .object({ Ids: z.array(chosen).min(1).max(500) })
      .loose()
      .transform((b) => b.Ids),
    z
      .object({ DynamicIds: z.array(chosen).min(1).max(500) })
      .loose()
      .transform((b) => b.DynamicIds),
  ],
  { error: 'Please Select Category.' },
);

export const schemeIdRequest = z.object({ SchemeId: id(SCHEME_CALL_MSG.scheme) }).loose();
export const exclusionsSave = z
  .object({
    SchemeId: id(SCHEME_CALL_MSG.scheme),
    mappingData: z
      .array(excludedBatch)
      .max(5000)
      .nullish()
      .transform((v) => v ?? []),
  })
  .loose();

export const schemeOption = z.object({
  SchemeId: z.number(),
  SchemeName: z.string(),
  label: z.string(),
  value: z.number(),
});

const design = [PAGE.schemeConfiguration];
const both = [PAGE.schemeMaster, PAGE.schemeConfiguration];

export const SCHEME_CALLS_API = {
  byType: getEndpoint('Product/GetMappedProductsDDLByType', { pages: [...design, PAGE.luckyUsers] }, z.array(option)),
  mappingsByType: postEndpoint('Product/GetMappings', { pages: design }, selectionRequest, z.array(mappedBatch)),
  saveExclusions: postEndpoint('Scheme/CreatePrdctMpping', { pages: design }, exclusionsSave, noData),
  dropdown: getEndpoint('Scheme/GetSchemeDDL', { pages: [...both, PAGE.schemeReport] }, z.array(schemeOption)),
  inactivate: postEndpoint('Scheme/InActiveSchemeConfig', { pages: both }, schemeIdRequest, noData),
} as const;
