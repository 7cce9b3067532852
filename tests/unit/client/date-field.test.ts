// The kit's 'date' field kind: empty as '', filled from a row's date in the form the browser's date
// input takes, and validated by the contract (Scheme Master's date rules show under their fields).
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { SCHEME_MSG, schemeMasterSave } from '../../../src/shared/contracts/loyalty/scheme.js';
import { addDays } from '../../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../../src/shared/today.js';
import {
  addValues,
  dateInputValue,
  editValues,
  payloadOf,
  type FieldDef,
} from '../../../src/client/kit/form-values.js';

const fields: FieldDef[] = [
  { name: 'ProductId', label: 'Product', kind: 'select' },
  { name: 'Utype', label: 'User Type', kind: 'select' },
  { name: 'SchemeName', label: 'Scheme Name', kind: 'text' },
  { name: 'Schemedescription', label: 'Scheme Description', kind: 'textarea' },
  { name: 'StartDate', label: 'Valid From', kind: 'date' },
  { name: 'EndDate', label: 'Valid To', kind: 'date' },
  { name: 'LoyaltyPoints', label: 'Loyalty Points', kind: 'number' },
  { name: 'IsActive', label: 'Is Active', kind: 'checkbox' },
];

const validate = (values: Record<string, unknown>) =>
  schemaResolver(schemeMasterSave, { sync: true })(payloadOf(values as never, schemeMasterSave));

describe('the date field kind', () => {
  it('starts empty', () => {
    expect(addValues(fields, 'SchemeId')).toMatchObject({ StartDate: '', EndDate: '' });
  });

  it("reads a row's date as the date input shows it", () => {
    expect(dateInputValue('2026-05-01')).toBe('2026-05-01');
    expect(dateInputValue('2026-05-01T00:00:00.000Z')).toBe('2026-05-01');
    expect(dateInputValue('5/1/2026')).toBe('2026-05-01');
    expect(dateInputValue('not a date')).toBe('');
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue(20260501)).toBe('');
  });

  it('fills an edit from the row, dates trimmed to the day', () => {
    const row = {
      SchemeId: 7,
      ProductId: 3,
      Utype: 2,
      SchemeName: 'Monsoon',
      Schemedescription: '',
      StartDate: '2026-06-01T00:00:00',
      EndDate: '2026-07-31',
      LoyaltyPoints: 5,
      IsActive: true,
      TotalRows: 1,
    };
    expect(editValues(fields, 'SchemeId', row)).toMatchObject({
      StartDate: '2026-06-01',
      EndDate: '2026-07-31',
      LoyaltyPoints: 5,
    });
  });
});

describe('Scheme Master validated by its contract', () => {
  const today = indiaDate();
  const valid = {
    ...addValues(fields, 'SchemeId'),
    ProductId: 3,
    Utype: 2,
    SchemeName: 'Monsoon',
    StartDate: today,
    EndDate: addDays(today, 30),
    LoyaltyPoints: 5,
  };

  it('shows the spec messages under the empty fields', () => {
    expect(validate(addValues(fields, 'SchemeId'))).toMatchObject({
      ProductId: SCHEME_MSG.product,
      Utype: SCHEME_MSG.userType,
      SchemeName: SCHEME_MSG.name,
      StartDate: SCHEME_MSG.fromRequired,
      EndDate: SCHEME_MSG.toRequired,
      LoyaltyPoints: SCHEME_MSG.points,
    });
  });

  it('passes a scheme from today', () => {
    expect(validate(valid)).toEqual({});
  });

  it('refuses a new scheme starting before today, and dates out of order', () => {
    expect(validate({ ...valid, StartDate: addDays(today, -1) })).toEqual({ StartDate: SCHEME_MSG.fromToday });
    expect(validate({ ...valid, StartDate: addDays(today, 40) })).toEqual({
      StartDate: SCHEME_MSG.fromBeforeTo,
      EndDate: SCHEME_MSG.toAfterFrom,
    });
  });

  it('lets an update keep its past start date', () => {
    expect(validate({ ...valid, SchemeId: 7, StartDate: addDays(today, -10) })).toEqual({});
  });
});
