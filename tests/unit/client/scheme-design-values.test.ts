// The Scheme Design form's pure rules: choosing items keeps typed points, the body it sends, and where
// the contract's messages show (points by item).
import { describe, expect, it } from 'vitest';
import { SCHEME_MSG, schemeDesignSave, type SchemeDetail } from '../../../src/shared/contracts/loyalty/scheme.js';
import { addDays } from '../../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../../src/shared/today.js';
import {
  chooseItems,
  designBody,
  designErrors,
  designFromDetail,
  emptyDesign,
  itemsLabel,
  pointsProblem,
  withChosen,
  type DesignItem,
  type DesignValues,
} from '../../../src/client/features/loyalty/design-values.js';

const today = indiaDate();
const offered = [
  { value: 1, label: 'Urea' },
  { value: 2, label: 'DAP' },
  { value: 3, label: 'Potash' },
];
const batch = {
  MappingId: 9,
  ProductName: 'Urea',
  BatchNo: 'B1',
  Qty: 100,
  MFGDate: '2026-01-01',
  EXPDate: '2027-01-01',
};

const filled = (): DesignValues => ({
  ...emptyDesign(),
  SchemeName: 'Kharif',
  SchemeType: 'PB',
  SchemeBeneficiary: 3,
  items: [{ value: 1, label: 'Urea', Points: 5 }],
  locations: [{ value: 27, label: 'Maharashtra' }],
  ValidFrm: today,
  ValidTo: addDays(today, 30),
});

describe('Scheme Design values', () => {
  it('starts empty with Is Active ticked', () => {
    expect(emptyDesign()).toMatchObject({ SchemeId: 0, items: [], locations: [], IsActive: true, SchemeType: null });
  });

  it('keeps the points of items still chosen and adds new ones without points', () => {
    const current: DesignItem[] = [
      { value: 1, label: 'Urea', Points: 5 },
      { value: 2, label: 'DAP', Points: 7 },
    ];
    expect(chooseItems(current, ['2', '3'], offered, (c) => ({ ...c, Points: '' }))).toEqual([
      { value: 2, label: 'DAP', Points: 7 },
      { value: 3, label: 'Potash', Points: '' },
    ]);
    expect(chooseItems(current, ['99'], offered, (c) => ({ ...c, Points: '' }))).toEqual([]);
  });

  it("offers a saved scheme's chosen items even when the loaded options lack them", () => {
    expect(
      withChosen(
        [{ value: '1', label: 'Urea' }],
        [
          { value: 1, label: 'Urea' },
          { value: 8, label: 'Old product' },
        ],
      ),
    ).toEqual([
      { value: 1, label: 'Urea' },
      { value: 8, label: 'Old product' },
    ]);
  });

  it('builds the body the contract takes, with the ticked batches', () => {
    const body = designBody(filled(), [batch]);
    expect(body).toEqual({
      SchemeId: 0,
      SchemeType: 'PB',
      SchemeBeneficiary: 3,
      DynamicIds: [{ value: 1, label: 'Urea', Points: 5 }],
      SchemeName: 'Kharif',
      locationCodes: [27],
      ValidFrm: today,
      ValidTo: addDays(today, 30),
      IsActive: true,
      mappingData: [batch],
    });
    expect(schemeDesignSave.safeParse(body).success).toBe(true);
    expect(designErrors(body)).toBeNull();
  });

  it('puts the spec messages under their fields', () => {
    expect(designErrors(designBody(emptyDesign()))).toEqual({
      SchemeType: SCHEME_MSG.type,
      SchemeBeneficiary: SCHEME_MSG.beneficiary,
      DynamicIds: SCHEME_MSG.category,
      SchemeName: SCHEME_MSG.name,
      ValidFrm: SCHEME_MSG.fromRequired,
      ValidTo: SCHEME_MSG.toRequired,
    });
  });

  it('names the item whose points are below 1', () => {
    const v = filled();
    v.items = [
      { value: 1, label: 'Urea', Points: 5 },
      { value: 2, label: 'DAP', Points: 0 },
      { value: 3, label: 'Potash', Points: '' },
    ];
    expect(designErrors(designBody(v))).toEqual({ points: { 1: SCHEME_MSG.itemPoints, 2: SCHEME_MSG.itemPoints } });
  });

  it('checks the start date against today only for a new scheme', () => {
    const v = { ...filled(), ValidFrm: addDays(today, -3) };
    expect(designErrors(designBody(v))).toEqual({ ValidFrm: SCHEME_MSG.fromToday });
    expect(designErrors(designBody({ ...v, SchemeId: 4 }))).toBeNull();
  });

  it('warns as points are typed', () => {
    expect(pointsProblem('')).toBeUndefined();
    expect(pointsProblem(3)).toBeUndefined();
    expect(pointsProblem(0)).toBe(SCHEME_MSG.itemPoints);
    expect(pointsProblem('-')).toBe(SCHEME_MSG.itemPoints);
  });

  it('reads a saved scheme for extending, dates as the date inputs hold them', () => {
    const detail: SchemeDetail = {
      SchemeId: 4,
      SchemeName: 'Kharif',
      SchemeType: 'CM',
      SchemeBeneficiary: 9,
      ValidFrm: '2026-06-01T00:00:00.000Z',
      ValidTo: '2026-08-31',
      IsActive: false,
      DynamicIds: [{ value: 5, label: 'Fertilisers', Points: 2 }],
      locationCodes: [{ value: 27, label: 'Maharashtra' }],
      mappingData: [batch],
    };
    expect(designFromDetail(detail)).toEqual({
      SchemeId: 4,
      SchemeName: 'Kharif',
      SchemeType: 'CM',
      SchemeBeneficiary: 9,
      items: [{ value: 5, label: 'Fertilisers', Points: 2 }],
      locations: [{ value: 27, label: 'Maharashtra' }],
      ValidFrm: '2026-06-01',
      ValidTo: '2026-08-31',
      IsActive: false,
      mappingData: [batch],
    });
    expect(designBody(designFromDetail(detail)).mappingData).toEqual([batch]);
  });

  it('names the items box after the type', () => {
    expect(itemsLabel('PB')).toBe('Products');
    expect(itemsLabel('SD')).toBe('Sub Divisions');
    expect(itemsLabel(null)).toBe('Category');
  });
});
