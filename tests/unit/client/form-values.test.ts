import { describe, expect, it } from 'vitest';
import { cartonSave, CARTON_MSG } from '../../../src/shared/contracts/carton.js';
import { schemaResolver } from '@mantine/form';
import { addValues, editValues, payloadOf, type FieldDef } from '../../../src/client/kit/form-values.js';

const fields: FieldDef[] = [
  { name: 'CartonName', label: 'Carton Name', kind: 'text', required: true },
  { name: 'CartonSize', label: 'Carton Size', kind: 'number', required: true },
  { name: 'Description', label: 'Description', kind: 'textarea', required: true },
  { name: 'IsActive', label: 'Is Active', kind: 'checkbox' },
];

describe('form values', () => {
  it('starts a new record empty, id 0, IsActive ticked', () => {
    expect(addValues(fields, 'CartonId')).toEqual({
      CartonId: 0,
      CartonName: '',
      CartonSize: '',
      Description: '',
      IsActive: true,
    });
  });

  it('fills an edit from the row and ignores the row extras', () => {
    const row = {
      CartonId: 4,
      CartonName: 'Big',
      CartonSize: 24,
      Description: null,
      IsActive: false,
      CreatedDate: 'x',
      TotalRows: 9,
    };
    expect(editValues(fields, 'CartonId', row)).toEqual({
      CartonId: 4,
      CartonName: 'Big',
      CartonSize: 24,
      Description: '',
      IsActive: false,
    });
  });

  it('sends only the contract fields', () => {
    const values = { ...addValues(fields, 'CartonId'), ConfirmSomething: 'x' };
    expect(Object.keys(payloadOf(values, cartonSave)).sort()).toEqual([
      'CartonId',
      'CartonName',
      'CartonSize',
      'Description',
      'IsActive',
    ]);
  });

  it('validates with the contract, giving the spec messages under the fields', () => {
    const errors = schemaResolver(cartonSave, { sync: true })(payloadOf(addValues(fields, 'CartonId'), cartonSave));
    expect(errors).toEqual({
      CartonName: CARTON_MSG.nameRequired,
      CartonSize: CARTON_MSG.sizeRequired,
      Description: CARTON_MSG.descriptionRequired,
    });
  });
});
