// Carton Size Master (spec 1 sections 2.13, 3.7, 5.4).
import { z } from 'zod';
import { postEndpoint, getEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { dateText, noData } from './answer.js';
import { activeFlag, recordId, requiredText, wholeNumber } from './fields.js';
import { col, listContract } from './list-contract.js';

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

export const cartonRow = z.object({
  CartonId: z.number(),
  CartonName: z.string(),
  CartonSize: z.number(),
  Description: z.string(),
  IsActive: z.boolean(),
  CreatedDate: dateText,
});
export type CartonRow = z.infer<typeof cartonRow>;

export const cartonOption = z.object({ CartonId: z.number(), CartonName: z.string(), CartonSize: z.number() });

const pages = [PAGE.cartonMaster];

/** The master's list: every row field sorts; newest first unless asked (the spec's CreatedDt). */
export const CARTON_LIST = listContract({
  page: pages[0]!,
  pages,
  list: 'CartonMaster/GetCarton',
  row: cartonRow,
  columns: [
    col('CartonName', 'Name'),
    col('CartonSize', 'Size'),
    col('Description', 'Description'),
    col('CreatedDate', 'Created Date', { format: 'date' }),
    col('IsActive', 'Status', { format: 'status' }),
  ],
  sortKeys: 'all',
  defaultSort: 'CreatedDt',
  rowKey: 'CartonId',
});

export const CARTON_API = {
  list: CARTON_LIST.api.list,
  save: postEndpoint('CartonMaster/CreateCarton', { pages }, cartonSave, noData),
  // The packing screens, Carton Slip and Product Configuration's defaults pick a carton size too.
  dropdown: getEndpoint(
    'CartonMaster/GetActiveCartonDDL',
    {
      pages: [
        PAGE.cartonMaster,
        PAGE.secondaryPacking,
        PAGE.tertiaryPacking,
        PAGE.cartonSlip,
        PAGE.productConfiguration,
      ],
    },
    z.array(cartonOption),
  ),
};

export const CARTON_EXPORT_NAME = 'Carton Data';
