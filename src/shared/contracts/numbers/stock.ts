// Stock Management (spec 2 sections 2, 3, 4, 5 'Stock accept', 7 'Stock'): a company accepts a range
// the admin issued to it; only accepted stock can be mapped. The spec's messages, ours where it has none.
import { z } from 'zod';
import { postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { col, listContract } from '../list-contract.js';
import { pickedId } from '../site.js';
import { fromBeforeToFirst, NUMBER_ONLY, quantity, serialNo } from './fields.js';
import { span } from './issue.js';

export const STOCK_MSG = {
  fromRequired: 'Please enter your from number.',
  toRequired: 'Please enter your to number.',
  toAfterFrom: 'To number should be greater than from number.',
  qtyRequired: 'Please enter your quantity',
  qtyMismatch: 'Quantity must equal To No. - From No. + 1.',
  notFound: 'Stock not found.',
  accepted: 'Stock accepted successfully.',
} as const;

/** An issue is accepted as one range: the numbers were printed and delivered together. */
export const acceptWhole = (from: number, to: number) =>
  `Stock is accepted whole: From No. and To No. must be ${from} and ${to}.`;

export const alreadyAccepted = (from: number, to: number) => `Numbers ${span(from, to)} are already accepted.`;

const stockFields = z
  .strictObject({
    StockId: pickedId(STOCK_MSG.notFound),
    FrmNo: serialNo(STOCK_MSG.fromRequired, NUMBER_ONLY, STOCK_MSG.fromRequired),
    ToNo: serialNo(STOCK_MSG.toRequired, NUMBER_ONLY, STOCK_MSG.toRequired),
    IssueQty: quantity(STOCK_MSG.qtyRequired, NUMBER_ONLY, STOCK_MSG.qtyRequired),
  })
  .superRefine((b, ctx) => {
    // A one-number issue has From = To, so only a To below From is refused.
    if (b.ToNo < b.FrmNo) ctx.addIssue({ code: 'custom', message: STOCK_MSG.toAfterFrom, path: ['ToNo'] });
    else if (b.IssueQty !== b.ToNo - b.FrmNo + 1)
      ctx.addIssue({ code: 'custom', message: STOCK_MSG.qtyMismatch, path: ['IssueQty'] });
  });

/** A To below From says so before the quantity's own message, as on the other number forms. */
export const stockAccept = fromBeforeToFirst(stockFields, 'FrmNo', 'ToNo', STOCK_MSG.toAfterFrom, 'ToNo');

export type StockAccept = z.input<typeof stockFields>;

export const stockRow = z.strictObject({
  /** The issue's id: stock is an issued range seen by the company it was issued to. */
  StockId: z.number(),
  FrmNo: z.number(),
  ToNo: z.number(),
  IssueQty: z.number(),
  /** 0 not accepted (Accept enabled), 1 accepted (the button reads Accepted). */
  IsActive: z.union([z.literal(0), z.literal(1)]),
  CreatedDate: z.string(),
  CompanyName: z.string(),
  TotalRows: z.number(),
});
export type StockRow = z.infer<typeof stockRow>;

const access = { pages: [PAGE.stockManagement] };

/** The ranges issued to the caller's company, newest first; every field sorts. */
export const STOCK_LIST = listContract({
  page: PAGE.stockManagement,
  list: 'StockManagement/GetStock',
  row: stockRow,
  columns: [col('FrmNo', 'From No.'), col('ToNo', 'To No.'), col('IssueQty', 'IssueQty')],
  sortKeys: 'all',
  defaultSort: 'CreatedDate',
  rowKey: 'StockId',
});

export const STOCK_API = {
  list: STOCK_LIST.api.list,
  accept: postEndpoint('StockManagement/CreateStockManagement', access, stockAccept, z.null()),
};
