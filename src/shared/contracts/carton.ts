// Carton Size Master (spec 1 sections 2.13, 3.7, 5.4).
import { z } from 'zod';
import { activeFlag, recordId, requiredText, wholeNumber } from './fields.js';

export const CARTON_MSG = {
  nameRequired: 'Please enter your carton name.',
  sizeRequired: 'Please enter your carton size quantity.',
  descriptionRequired: 'Please enter your Description.',
  created: 'Carton saved successfully.',
  updated: 'Carton updated successfully.',
  duplicate: 'A carton with this name already exists.',
  notFound: 'Carton not found.',
  adminOnly: 'Carton sizes are shared by every company; only the administrator can add or change them.',
} as const;

export const cartonSave = z.strictObject({
  CartonId: recordId('CartonId'),
  CartonName: requiredText(CARTON_MSG.nameRequired, 'Carton name', 100),
  CartonSize: wholeNumber(CARTON_MSG.sizeRequired, 1, 100_000),
  Description: requiredText(CARTON_MSG.descriptionRequired, 'Description', 500),
  IsActive: activeFlag,
});

export type CartonSave = z.input<typeof cartonSave>;

export interface CartonRow {
  CartonId: number;
  CartonName: string;
  CartonSize: number;
  Description: string;
  IsActive: boolean;
  CreatedDate: string;
}

/** Columns the carton list may sort and search by. */
export const CARTON_SORT = ['CartonName', 'CartonSize', 'Description', 'CreatedDate', 'IsActive'] as const;
export const CARTON_EXPORT_NAME = 'Carton Data';
