// Number Issued (spec 2 sections 2, 3, 5 'Number issue', 7 'Issue number'): the admin gives a company a
// range of the preprinted series against a sales order. The spec's messages, ours where it has none.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { col, listContract } from '../list-contract.js';
import { pickedId } from '../site.js';
import { fromBeforeToFirst, NUMBER_ONLY, quantity, serialNo } from './fields.js';

/** '41–60' or '41' (the same text as the server's rangeText). */
export const span = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);

export const ISSUE_MSG = {
  companyRequired: 'Please select Company',
  fromRequired: 'Please enter your from number.',
  fromBeforeTo: 'From number should be less than to number.',
  toRequired: 'Please enter To Number.',
  qtyRequired: 'Please enter your quantity.',
  salesOrderRequired: 'Please enter Sales order No',
  salesOrderTooLong: 'Sales order No may have at most 50 characters.',
  qtyMismatch: 'Quantity must equal To No. - From No. + 1.',
  companyNotFound: 'Company not found, or it is not active.',
  adminOnly: 'Only an administrator can issue numbers.',
  created: 'Numbers issued successfully.',
  deleted: 'Number issue deleted successfully.',
  notFound: 'Number issue not found.',
} as const;

/** "Numbers 41–60 are already issued (Green Harvest Agro Ltd, sales order SO-7, 1–100)." */
export const alreadyIssued = (
  from: number,
  to: number,
  company: string,
  salesOrder: string,
  iFrom: number,
  iTo: number,
) =>
  `${from === to ? 'Number' : 'Numbers'} ${span(from, to)} ${from === to ? 'is' : 'are'} already issued (${company}, sales order ${salesOrder}, ${span(iFrom, iTo)}).`;

/** An accepted range is the company's stock (it may already be mapped): it stays. */
export const acceptedNoDelete = (from: number, to: number) =>
  `Numbers ${span(from, to)} are already accepted as stock by the company and cannot be deleted.`;

/** Sales order: text, or a spec client's JSON number (the spec's "at least 1"), stored as its text. */
const salesOrderNo = z
  .union(
    [z.number().int(ISSUE_MSG.salesOrderRequired).min(1, ISSUE_MSG.salesOrderRequired).transform(String), z.string()],
    { error: ISSUE_MSG.salesOrderRequired },
  )
  .pipe(z.string().trim().min(1, ISSUE_MSG.salesOrderRequired).max(50, ISSUE_MSG.salesOrderTooLong));

/** Fields in the order the dialog shows them, so the first message is the first field's. */
export const issueFields = z
  .strictObject({
    CompanyId: pickedId(ISSUE_MSG.companyRequired),
    FrmNo: serialNo(ISSUE_MSG.fromRequired, NUMBER_ONLY, ISSUE_MSG.fromRequired),
    ToNo: serialNo(ISSUE_MSG.toRequired, NUMBER_ONLY, ISSUE_MSG.toRequired),
    IssueQty: quantity(ISSUE_MSG.qtyRequired, NUMBER_ONLY, ISSUE_MSG.qtyRequired),
    SalesOrderNo: salesOrderNo,
  })
  .superRefine((b, ctx) => {
    // Paths put the message under the field the user fixes in the dialog.
    if (b.FrmNo > b.ToNo) ctx.addIssue({ code: 'custom', message: ISSUE_MSG.fromBeforeTo, path: ['FrmNo'] });
    else if (b.IssueQty !== b.ToNo - b.FrmNo + 1)
      ctx.addIssue({ code: 'custom', message: ISSUE_MSG.qtyMismatch, path: ['IssueQty'] });
  });

export const issueSave = fromBeforeToFirst(issueFields, 'FrmNo', 'ToNo', ISSUE_MSG.fromBeforeTo);

export type IssueSave = z.input<typeof issueFields>;

export const issueRow = z.strictObject({
  /** The issue's id: what DeleteIssueNumber/{id} takes (the spec's row shows no id; ours adds it). */
  IssueId: z.number(),
  CompanyId: z.number(),
  CompanyName: z.string(),
  FrmNo: z.number(),
  ToNo: z.number(),
  IssueQty: z.number(),
  SalesOrderNo: z.string(),
  CreatedDate: z.string(),
  /** 0 not yet accepted by the company, 1 accepted (deletable only while 0). */
  IsActive: z.union([z.literal(0), z.literal(1)]),
  TotalRows: z.number(),
});
export type IssueRow = z.infer<typeof issueRow>;

export const fromNumber = z.strictObject({ FrmNo: z.number() });
export type FromNumber = z.infer<typeof fromNumber>;

/** The page is hidden (admin only); the writes check isAdmin too. */
const access = { pages: [PAGE.numberIssued] };

/** The issued ranges, newest first; every field sorts, CompId as CompanyId. */
export const ISSUE_LIST = listContract({
  page: PAGE.numberIssued,
  list: 'IssueNumber/GetIssueNumbers',
  row: issueRow,
  columns: [
    col('CompanyName', 'Company'),
    col('FrmNo', 'From No.'),
    col('ToNo', 'To No.'),
    col('IssueQty', 'Quantity'),
    col('SalesOrderNo', 'Sales Order No'),
    col('CreatedDate', 'Created Date', { format: 'date' }),
  ],
  sortKeys: 'all',
  defaultSort: 'CreatedDate',
  sortAliases: { CompId: 'CompanyId' },
  rowKey: 'IssueId',
});

export const ISSUE_API = {
  list: ISSUE_LIST.api.list,
  create: postEndpoint('IssueNumber/CreateIssueNumber', access, issueSave, z.null()),
  remove: getEndpoint('IssueNumber/DeleteIssueNumber/:id', access, z.null()),
  fromNumber: getEndpoint('IssueNumber/GetFromNumbers', access, fromNumber),
};
