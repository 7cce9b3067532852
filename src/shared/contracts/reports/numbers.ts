// The number reports (spec 3): Mapping, De-Mapping and Primary Packing. De-Mapping and Primary
// Packing have no export path in the spec; theirs follow the same style (docs/api.md).
import { z } from 'zod';
import { PAGE } from '../../pages.js';
import { dateText } from '../answer.js';
import { col, reportContract } from './report.js';

const range = { FromNo: z.number(), ToNo: z.number(), Qty: z.number() };

export const MAPPING_REPORT = reportContract({
  page: PAGE.mappingReport,
  list: 'MappingReport/GetMappingReport',
  export: 'MappingReport/GetMappingExport',
  row: z.object({ ProductName: z.string(), ...range, CreatedDt: dateText }),
  columns: [
    col('ProductName', 'Product Name'),
    col('FromNo', 'From No'),
    col('ToNo', 'To No'),
    col('Qty', 'Quantity'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
  ],
  defaultSort: 'CreatedDt',
  file: 'Mapping report',
});

export const DEMAPPING_REPORT = reportContract({
  page: PAGE.demappingReport,
  list: 'DemappingReport/GetDemappingReport',
  export: 'DemappingReport/GetDemappingExport',
  row: z.object({ ...range, ProductName: z.string(), CreatedDt: dateText }),
  columns: [
    col('FromNo', 'From No'),
    col('ToNo', 'To No'),
    col('Qty', 'Quantity'),
    col('ProductName', 'Product Name'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
  ],
  defaultSort: 'CreatedDt',
  file: 'De-Mapping report',
});

/** Primary packing: the codes printed for packs (Number Generation's print files). */
export const PRIMARY_REPORT = reportContract({
  page: PAGE.primaryPackingReport,
  list: 'PrimaryReport/GetPrimaryReport',
  export: 'PrimaryReport/GetReportExport',
  row: z.object({ ...range, CreatedDt: dateText }),
  columns: [
    col('FromNo', 'From No'),
    col('ToNo', 'To No'),
    col('Qty', 'Quantity'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
  ],
  defaultSort: 'CreatedDt',
  file: 'Primary Packing report',
  pageSizes: [5, 10, 50, 200, 500],
});
