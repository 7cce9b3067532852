// Bulk mapping from a sheet (spec 2 sections 2, 5, 7, 8; DESIGN section 4): the template's columns,
// the upload's limits and messages, and the shape of the rows a refused sheet lists.
import { z } from 'zod';
import { getEndpoint, type Endpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { col, rowTable } from '../list-contract.js';

export const SHEET_FIELD = 'file';
export const TEMPLATE_FILE_NAME = 'Mapping Template.xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template's header row, in order. */
export const SHEET_HEADERS = [
  'Product Code',
  'From No.',
  'To No.',
  'Quantity',
  'Batch No',
  'MFG Date',
  'EXP Date',
  'MRP',
  'Remarks',
] as const;
export type SheetColumn =
  'productCode' | 'fromNo' | 'toNo' | 'qty' | 'batchNo' | 'mfgDate' | 'expDate' | 'mrp' | 'remark';
export const SHEET_COLUMNS: readonly SheetColumn[] = [
  'productCode',
  'fromNo',
  'toNo',
  'qty',
  'batchNo',
  'mfgDate',
  'expDate',
  'mrp',
  'remark',
];
/** Columns a sheet must have; To No. or Quantity may be left out (one follows from the other). */
export const REQUIRED_COLUMNS: readonly SheetColumn[] = ['productCode', 'fromNo', 'batchNo', 'mfgDate'];

/** The file names the screen sends (spec 2 section 5); the server still decides by content. */
export const SHEET_EXTENSIONS = ['xls', 'xlsx'] as const;
export const hasSheetExtension = (name: string) =>
  (SHEET_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

export const SHEET_MAX_BYTES = 5 * 1024 * 1024;
/** Each row is one range through the mapping rule (about 4 queries, ~6 ms on PGlite): 2000 rows take ~10 s. */
export const SHEET_MAX_ROWS = 2000;
/** Text cells are cut to this before any check, so a hostile cell cannot flood an answer. */
export const CELL_MAX_CHARS = 300;

export const SHEET_MSG = {
  notAcceptable: 'File extension are not acceptable.',
  legacyXls: 'Please save the sheet as .xlsx (Excel Workbook): the old .xls format cannot be read safely.',
  noFile: 'Please choose a sheet to upload.',
  tooLarge: `The sheet is too large: it may be at most ${SHEET_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The sheet has too many rows: at most ${SHEET_MAX_ROWS} rows may be mapped at once.`,
  unreadable: 'The sheet could not be read. Please use the mapping template and save it as .xlsx.',
  noRows: 'The sheet has no rows to map.',
  invalid: 'Number series not valid',
  badMode: 'isPreprinted must be true or false.',
  productRequired: 'Please enter the Product Code.',
  unknownProduct: (code: string) => `Product code ${code} is not a product of your company.`,
  formula: 'A formula without a saved value: please paste the values.',
  cellError: 'The cell holds an error value.',
  tooLong: (label: string, max: number) => `${label} may be at most ${max} characters.`,
  qtyMismatch: 'Quantity does not match From No. and To No.',
  toOrQty: 'Please enter To No. or Quantity.',
} as const;

export const missingColumnsMessage = (missing: readonly string[]) =>
  `The sheet needs the template's columns (${SHEET_HEADERS.join(', ')}); missing: ${missing.join(', ')}.`;
export const savedMessage = (n: number) => `${n} mapping${n === 1 ? '' : 's'} saved.`;

/** One refused row, as the 'Number series not valid' dialog shows it (values as the sheet had them). */
export const sheetErrorRow = z.strictObject({
  RowNo: z.number(),
  ProductCode: z.string(),
  FromNo: z.string(),
  ToNo: z.string(),
  Qty: z.string(),
  ErrorMessage: z.string(),
  BatchNo: z.string(),
});
export type SheetErrorRow = z.infer<typeof sheetErrorRow>;
/** 'Number series not valid': the sheet's row number leads, so a long sheet is fixed row by row. */
export const SHEET_ERROR_TABLE = rowTable(sheetErrorRow, [
  col('RowNo', 'Row'),
  col('ProductCode', 'Product Code'),
  col('FromNo', 'From No.'),
  col('ToNo', 'To No.'),
  col('Qty', 'Quantity'),
  col('ErrorMessage', 'Error Message'),
  col('BatchNo', 'Batch No'),
]);

/** The ResponseData of the '400' answer 'Number series not valid'. */
export const sheetRefused = z.strictObject({ ErrorList: z.array(sheetErrorRow) });
export type SheetRefused = z.infer<typeof sheetRefused>;

export const sheetSaved = z.strictObject({
  Count: z.number(),
  MappingIds: z.array(z.number()),
  /** One per batch a GS1 Digital Link cannot carry (batchNotInDigitalLink); absent when none. */
  LabelNotices: z.array(z.string()).optional(),
});
export type SheetSaved = z.infer<typeof sheetSaved>;

const access = { pages: [PAGE.mapping] };

export const SHEET_API = {
  /** Answers the .xlsx itself, not an envelope (refusals are envelopes). */
  template: getEndpoint('Mapping/GetMappingTemplate', access, z.null()),
  /** Multipart: one file (field `file`, or any single file field); the mode in `?isPreprinted=` or a
   *  field before the file. No JSON body, so no body schema: the route reads the parts itself. */
  upload: { method: 'POST', path: 'Upload/CSVUpload', access, body: undefined, data: sheetSaved } satisfies Endpoint<
    undefined,
    typeof sheetSaved,
    typeof access
  >,
};
