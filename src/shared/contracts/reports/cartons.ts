// The carton reports (spec 3): Secondary and Tertiary Packing, Fractional Carton and Damage. Paths the
// spec does not show follow the style of those it does (docs/api.md).
import { z } from 'zod';
import { PAGE } from '../../pages.js';
import { dateText } from '../answer.js';
import { col, reportContract } from './report.js';

const carton = {
  CartonId: z.string(),
  Qty: z.number(),
  PackedBy: z.string(),
  CreatedDt: dateText,
  CartonName: z.string(),
  CartonSize: z.number(),
};

export const SECONDARY_REPORT = reportContract({
  page: PAGE.secondaryPackingReport,
  list: 'SecondaryReport/GetSecondaryReport',
  export: 'SecondaryReport/GetReportExport',
  row: z.object(carton),
  columns: [
    col('CartonId', 'CartonId'),
    col('Qty', 'Total Qty'),
    col('PackedBy', 'Packed By'),
    col('CreatedDt', 'Packing Date', { format: 'datetime' }),
    col('CartonName', 'Carton Name'),
    col('CartonSize', 'Carton Size'),
  ],
  defaultSort: 'CartonId',
  file: 'Secondary Packing report',
});

export const TERTIARY_REPORT = reportContract({
  page: PAGE.tertiaryPackingReport,
  list: 'TertiaryReport/GetTertiaryReport',
  export: 'TertiaryReport/GetReportExport',
  row: z.object(carton),
  columns: [
    col('CartonId', 'CartonId'),
    col('Qty', 'Total Carton'),
    col('CreatedDt', 'Date', { format: 'datetime' }),
    col('CartonName', 'Carton Name'),
  ],
  defaultSort: 'CartonId',
  file: 'Tertiary Packing report',
});

/** Cartons closed below their size, with the fractional carton remark. */
export const FRACTIONAL_REPORT = reportContract({
  page: PAGE.fractionalCartonReport,
  list: 'DispatchReport/GetFractionalReport',
  export: 'DispatchReport/GetFractionalExport',
  row: z.object({
    CartonId: z.string(),
    TQuantity: z.number(),
    AQuantity: z.number(),
    DispatchedBy: z.string(),
    Date: dateText,
    Reason: z.string(),
  }),
  columns: [
    col('CartonId', 'Carton Id'),
    col('TQuantity', 'Total Size'),
    col('AQuantity', 'Packed Size'),
    col('DispatchedBy', 'Created By'),
    col('Date', 'Created On', { format: 'datetime' }),
    col('Reason', 'Reason'),
  ],
  defaultSort: 'CartonId',
  file: 'Fractional Carton report',
});

/** Cartons damaged for good (Damage Carton), with the packs they held. */
export const DAMAGE_REPORT = reportContract({
  page: PAGE.damageReport,
  list: 'DispatchReport/GetDamageReport',
  export: 'DispatchReport/GetDamageExport',
  row: z.object({
    CartonId: z.string(),
    ProductName: z.string(),
    DamageQty: z.number(),
    damagedate: dateText,
    reason: z.string(),
    DamageBy: z.string(),
  }),
  columns: [
    col('CartonId', 'Carton Id'),
    col('ProductName', 'Product Name'),
    col('DamageQty', 'Damage Qty', { sortable: false }),
    col('damagedate', 'Damage Date', { format: 'datetime', sortable: false }),
    col('reason', 'Damage Reason', { sortable: false }),
    col('DamageBy', 'Damage By', { sortable: false }),
  ],
  defaultSort: 'damagedate',
  // Spec 3 section 9: the others default to CreatedDt; a damage's is its damage date.
  sortAliases: { CreatedDt: 'damagedate' },
  file: 'Damage report',
});
