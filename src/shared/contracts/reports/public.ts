// The reports of what the public and the loyalty schemes record (spec 3): Verification (with the
// risk flags), Feedback, the farmers' Loyalty Points, Dealer Loyalty and Scheme.
import { z } from 'zod';
import { PAGE } from '../../pages.js';
import { dateText } from '../answer.js';
import { col, reportContract } from './report.js';

const text = z.string().nullable();

export const VERIFICATION_REPORT = reportContract({
  page: PAGE.verificationReport,
  list: 'VerificationReport/GetVerificationReport',
  export: 'VerificationReport/GetVerificationExport',
  row: z.object({
    ProductName: text,
    VerifiedDt: dateText,
    UsrAdrs: text,
    MobileNo: text,
    Email: text,
    FirstName: text,
    ResultMessage: z.string(),
    /** The risk flags the verification was stored with (ours). */
    Flags: z.array(z.string()),
  }),
  columns: [
    col('ProductName', 'Product Name'),
    col('VerifiedDt', 'Scan date', { format: 'datetime' }),
    col('UsrAdrs', 'Address'),
    col('MobileNo', 'Mobile No'),
    col('Email', 'Email'),
    col('FirstName', 'Farmer Name'),
    col('ResultMessage', 'Status'),
    col('Flags', 'Risk Flags', { sortable: false }),
  ],
  defaultSort: 'VerifiedDt',
  file: 'Verification report',
});

export const FEEDBACK_REPORT = reportContract({
  page: PAGE.feedbackReport,
  list: 'FeedbackReport/GetFeedbackReport',
  export: 'FeedbackReport/GetFeedbackExport',
  row: z.object({ ProductName: text, UsrFeedback: z.string(), MobNo: text, VerifiedDt: dateText }),
  columns: [
    col('ProductName', 'Product Name'),
    col('UsrFeedback', 'Feedback'),
    col('MobNo', 'Mobile No'),
    col('VerifiedDt', 'Verified Date', { format: 'datetime' }),
  ],
  defaultSort: 'VerifiedDt',
  file: 'Feedback report',
});

/** A farmer (a mobile number) with the points of the ledger's rows in the range. */
export const FARMER_LOYALTY_REPORT = reportContract({
  page: PAGE.redemptionReport,
  list: 'RedemptionReport/GetRedemptionReport',
  export: 'RedemptionReport/GetRedemptionExport',
  row: z.object({ Name: z.string(), MobileNo: z.string(), TotalPoints: z.number(), CreatedDt: dateText }),
  columns: [
    col('Name', 'Farmer Name'),
    col('MobileNo', 'Mobile'),
    col('TotalPoints', 'TotalPoints'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
  ],
  defaultSort: 'CreatedDt',
  file: 'Farmer Loyalty report',
});

/** A dispatch's points to its dealer. */
export const DEALER_LOYALTY_REPORT = reportContract({
  page: PAGE.dispatchLoyaltyReport,
  list: 'Scheme/GetDispatchLoyaltyData',
  export: 'Scheme/GetDispatchLoyaltyExport',
  row: z.object({ DispatchId: z.string(), UserName: z.string(), TotalPoints: z.number(), CreatedDt: dateText }),
  columns: [
    col('DispatchId', 'Dispatch Id'),
    col('UserName', 'User type'),
    col('TotalPoints', 'Loyalty Points'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
  ],
  defaultSort: 'CreatedDt',
  file: 'Dealer Loyalty Report',
});

/** A scheme with each mapped range of the products it pays on (a category scheme: one row, no range). */
export const SCHEME_REPORT = reportContract({
  page: PAGE.schemeReport,
  list: 'SchemeReport/GetSchemeReport',
  export: 'SchemeReport/GetSchemeExport',
  row: z.object({
    SchemeId: z.number(),
    SchemeName: z.string(),
    CreatedDate: dateText,
    FromNo: z.number().nullable(),
    ToNo: z.number().nullable(),
    Qty: z.number().nullable(),
    StartDate: z.string(),
    EndDate: z.string(),
  }),
  columns: [
    col('SchemeId', 'Scheme Id'),
    col('SchemeName', 'Scheme Name'),
    col('CreatedDate', 'Date', { format: 'date' }),
    col('FromNo', 'From No'),
    col('ToNo', 'To No'),
    col('Qty', 'Qty'),
    col('StartDate', 'Valid From', { format: 'date' }),
    col('EndDate', 'Valid To', { format: 'date' }),
  ],
  defaultSort: 'CreatedDate',
  file: 'Scheme report',
});
