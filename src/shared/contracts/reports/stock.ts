// The stock reports (spec 3): Available Stock (cartons at a site by product and batch) and the Stock
// report (mapped, packed, dispatched and available by product and batch). The admin picks the entity;
// everyone else sees their own site.
import { z } from 'zod';
import { PAGE } from '../../pages.js';
import { col, reportContract, STOCK_PAGE_SIZES } from './report.js';

export const AVAILABLE_STOCK_REPORT = reportContract({
  page: PAGE.stockReport,
  list: 'ItemLedgerReport/GetStockReport',
  export: 'ItemLedgerReport/GetStockExport',
  row: z.object({ ProductName: z.string(), DDName: z.string(), stock: z.number() }),
  columns: [col('ProductName', 'Product Name'), col('DDName', 'Batch No.'), col('stock', 'Available Stock')],
  defaultSort: 'ProductName',
  // Spec 3 section 9's CreatedDt default: a stock row is a product and batch with no date of its own,
  // so it means the report's own order.
  sortAliases: { CreatedDt: 'ProductName' },
  file: 'Available Stock report',
  pageSizes: STOCK_PAGE_SIZES,
  defaultPageSize: 10,
});

export const NEW_STOCK_REPORT = reportContract({
  page: PAGE.newStock,
  list: 'ItemLedgerReport/GetNewStockReport',
  export: 'ItemLedgerReport/GetNewStockExport',
  row: z.object({
    ProductName: z.string(),
    DDName: z.string(),
    TotalQty: z.number(),
    PackedStock: z.number(),
    DisptachQty: z.number(),
    stock: z.number(),
  }),
  columns: [
    col('ProductName', 'Product'),
    col('DDName', 'Batch No.'),
    col('TotalQty', 'Total Mapped Stock'),
    col('PackedStock', 'Packed Stock'),
    col('DisptachQty', 'Dispatch Stock'),
    col('stock', 'Available Stock'),
  ],
  defaultSort: 'ProductName',
  sortAliases: { CreatedDt: 'ProductName' },
  file: 'Stock report',
  dated: false,
  pageSizes: STOCK_PAGE_SIZES,
  defaultPageSize: 10,
});
