// Number Generation and Admin Number Download (spec 2 sections 2, 3, 5, 7; DESIGN section 4): the
// print file of a mapped static range. The list rows, the requests, the spec's messages and ours.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { col, listContract } from '../list-contract.js';
import { pickedId } from '../site.js';
import { fromBeforeToFirst, NUMBER_ONLY, quantity, serialNo } from './fields.js';

/** '41–60' or '41' (the same text as the server's rangeText). */
const span = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);

/** The most labels one Print makes in the browser; larger ranges go to the printer as a CSV. */
export const PRINT_LIMIT = 2000;

export const GEN_MSG = {
  fromRequired: 'Please enter your from number.',
  fromBeforeTo: 'From number should be less than to number.',
  toRequired: 'Please enter To Number.',
  qtyRequired: 'Please enter your quantity.',
  qtyMismatch: 'Quantity must equal To No. - From No. + 1.',
  selectRow: 'Please choose a mapping from the list.',
  notFound: 'Mapping not found.',
  noPrefix: 'Static numbers need a user of a factory with a prefix.',
  prefixRequired: 'Please choose the factory prefix.',
  /** The chosen part must lie in the row's mapping. */
  outside: (prefix: string, from: number, to: number) =>
    `Numbers must exist between mapped series: ${prefix}${from} to ${prefix}${to}.`,
  notMapped: (prefix: string, from: number, to: number) =>
    `Numbers ${span(from, to)} of prefix ${prefix} are not one mapped static range: choose numbers of one mapping.`,
  /** Every number of the range is damaged (void): a file would be empty. */
  allDamaged: 'Every number of this range is damaged: there is nothing to print.',
  /** Damaged numbers are void: the file leaves them out and says so. */
  createdWithout: (n: number) => `File generated successfully: ${n} damaged number${n === 1 ? '' : 's'} left out.`,
  /** The dialogs' note before a download. */
  leftOut: (n: number) =>
    `${n.toLocaleString('en-IN')} damaged number${n === 1 ? ' is' : 's are'} void and will be left out of the file.`,
  printLimit: `Print makes at most ${PRINT_LIMIT.toLocaleString('en-IN')} labels at a time: use Download for larger ranges.`,
  linkBad: 'This download link is not valid.',
  linkExpired: 'This download link has expired: generate the file again.',
  linkGone: 'These numbers are no longer mapped as they were: generate the file again.',
  adminOnly: 'Only an administrator can download issued numbers.',
  issueNotFound: 'Issued numbers not found.',
  created: 'File generated successfully.',
} as const;

const from = serialNo(GEN_MSG.fromRequired, NUMBER_ONLY, GEN_MSG.fromRequired);
const to = serialNo(GEN_MSG.toRequired, NUMBER_ONLY, GEN_MSG.toRequired);
const qty = quantity(GEN_MSG.qtyRequired, NUMBER_ONLY, GEN_MSG.qtyRequired);

/** From, To and Qty agree: the spec's order of messages, then ours. */
function rangeRule(b: { FromNo: number; ToNo: number; Qty: number }, ctx: z.RefinementCtx) {
  if (b.FromNo > b.ToNo) ctx.addIssue({ code: 'custom', message: GEN_MSG.fromBeforeTo });
  else if (b.Qty !== b.ToNo - b.FromNo + 1) ctx.addIssue({ code: 'custom', message: GEN_MSG.qtyMismatch });
}

/** The list row's fields a spec client sends along; the server reads the mapping itself. */
const rowEcho = {
  ProductName: z.unknown().optional(),
  BatchNo: z.unknown().optional(),
  MFGDate: z.unknown().optional(),
  EXPDate: z.unknown().optional(),
  FirmName: z.unknown().optional(),
  Prefix: z.unknown().optional(),
  Mrp: z.unknown().optional(),
  Generated: z.unknown().optional(),
  LastGeneratedDt: z.unknown().optional(),
  TotalRows: z.unknown().optional(),
};

/** NumberGeneration/CreateGeneratedNumber: a list row plus the part of it to print. */
const generateFields = z
  .strictObject({
    MappingId: pickedId(GEN_MSG.selectRow),
    FromNo: from,
    ToNo: to,
    Qty: qty,
    ...rowEcho,
  })
  .superRefine(rangeRule);
export const generateRequest = fromBeforeToFirst(generateFields, 'FromNo', 'ToNo', GEN_MSG.fromBeforeTo);

/** NumberGeneration/DownloadNumber (Admin Number Download). */
const downloadFields = z
  .strictObject({
    FromNo: from,
    ToNo: to,
    Qty: qty,
    Prefix: z
      .string({ error: GEN_MSG.prefixRequired })
      .trim()
      .regex(/^[A-Za-z0-9]{2}$/, GEN_MSG.prefixRequired)
      .transform((s) => s.toUpperCase()),
    ProductName: z.string().max(200).nullish(),
  })
  .superRefine(rangeRule);
export const downloadRequest = fromBeforeToFirst(downloadFields, 'FromNo', 'ToNo', GEN_MSG.fromBeforeTo);

/** NumberGeneration/GetFromNumbers: a mapping's first number not yet generated; without one, the prefix's. */
export const fromNumbersRequest = z.strictObject({ MappingId: pickedId(GEN_MSG.selectRow).nullish() });

export type GenerateRequest = z.input<typeof generateFields>;
export type DownloadRequest = z.input<typeof downloadFields>;

/** A row of NumberGeneration/GetGeneratedNumbers: a mapped static range and its print history. */
export const generatedNumberRow = z.strictObject({
  MappingId: z.number(),
  ProductName: z.string(),
  FromNo: z.number(),
  ToNo: z.number(),
  BatchNo: z.string(),
  Qty: z.number(),
  MFGDate: z.string(),
  EXPDate: z.string(),
  FirmName: z.string().nullable(),
  Prefix: z.string(),
  Mrp: z.number().nullable(),
  /** How many files were generated from this mapping, and when the last one was. */
  Generated: z.number(),
  LastGeneratedDt: z.string().nullable(),
  CreatedDt: z.string(),
  /** Damaged (void) numbers of the mapping, and their sub-ranges [from, to] in order. */
  Damaged: z.number(),
  DamagedRanges: z.array(z.tuple([z.number(), z.number()])),
  TotalRows: z.number(),
});
export type GeneratedNumberRow = z.infer<typeof generatedNumberRow>;

/** How many numbers of from..to lie in the damaged sub-ranges (which never overlap). */
export function damagedIn(ranges: readonly (readonly [number, number])[], from: number, to: number): number {
  return ranges.reduce((n, [a, b]) => n + Math.max(0, Math.min(b, to) - Math.max(a, from) + 1), 0);
}

/** CreateGeneratedNumber and DownloadNumber answer the link (the spec's spelling). */
export const generatedLink = z.strictObject({
  downloadLinK: z.string(),
  FileName: z.string(),
  /** Codes in the file, and the damaged numbers of the range it leaves out. */
  TotalRows: z.number(),
  Damaged: z.number(),
});
export type GeneratedLink = z.infer<typeof generatedLink>;

/** The file's name: '<Prefix><From>-<To>.csv' ('Preprinted…' for an issued preprinted range). */
export const printFileName = (prefix: string, fromNo: number, toNo: number, ext: 'csv' | 'pdf' = 'csv') =>
  `${prefix === '' ? 'Preprinted' : prefix}${fromNo}-${toNo}.${ext}`;

export const FILE_ROUTE = 'NumberGeneration/File';
export const TOTAL_ROWS_HEADER = 'x-total-rows';
export const DAMAGED_ROWS_HEADER = 'x-damaged-rows';

const listAccess = { pages: [PAGE.numberGeneration, PAGE.adminNumberDownload] };

/** The static mappings one may print, newest first, with their print history. */
export const GENERATION_LIST = listContract({
  page: PAGE.numberGeneration,
  pages: listAccess.pages,
  list: 'NumberGeneration/GetGeneratedNumbers',
  row: generatedNumberRow,
  // Number Generation's and Admin Number Download's columns (spec 2 section 2).
  columns: [
    col('ProductName', 'Product Name'),
    col('FromNo', 'From No.'),
    col('BatchNo', 'Batch No.'),
    col('Qty', 'Quantity'),
    col('MFGDate', 'MFG Date', { format: 'date' }),
    col('EXPDate', 'EXP Date', { format: 'date' }),
    col('FirmName', 'Firm Name'),
  ],
  sortKeys: ['MappingId', 'ToNo', 'Prefix', 'Generated', 'LastGeneratedDt', 'CreatedDt'],
  defaultSort: 'CreatedDt',
  rowKey: 'MappingId',
});

export const GENERATION_API = {
  list: GENERATION_LIST.api.list,
  generate: postEndpoint(
    'NumberGeneration/CreateGeneratedNumber',
    { pages: [PAGE.numberGeneration] },
    generateRequest,
    generatedLink,
  ),
  download: postEndpoint(
    'NumberGeneration/DownloadNumber',
    { pages: [PAGE.adminNumberDownload] },
    downloadRequest,
    generatedLink,
  ),
  fromNumber: postEndpoint(
    'NumberGeneration/GetFromNumbers',
    listAccess,
    fromNumbersRequest,
    z.strictObject({ FrmNo: z.number() }),
  ),
  /** The admin's print file of an issued preprinted range (Number Issued). */
  issuedFile: getEndpoint('IssueNumber/DownloadIssuedNumbers/:id', { pages: [PAGE.numberIssued] }, generatedLink),
  /** The CSV behind a signed link: no bearer header; answers the file, or 403/404 with the envelope. */
  file: getEndpoint(`${FILE_ROUTE}/:token`, 'public', z.null()),
};
