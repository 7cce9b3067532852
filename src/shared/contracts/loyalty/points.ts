// Loyalty points (spec 2 "Loyalty Points Redemption Requests", spec 3 "Point transaction payload";
// DESIGN section 4): an append-only ledger per person (a farmer by mobile number, a dealer by user),
// a balance being its sum. A farmer asks to redeem from the verification page; the request takes the
// points off the balance at once (so two requests can never spend one point twice) and waits for an
// admin, who accepts it with a remark.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { dateText } from '../answer.js';
import { MOBILE_PATTERN, optionalText, requiredText } from '../fields.js';
import { col, listContract, listView } from '../list-contract.js';
import { VERIFY_MSG } from '../public/verify.js';
import { POINTS_MSG } from './points-words.js';

export { POINTS_MSG } from './points-words.js';

/** A FeedbackId as VerifyProduct makes it: the verification's row id, a dot, and 128 random bits in
 *  base64url (22 characters). The id finds the row by its primary key (no index on the secret to
 *  write with every verification); the secret, which only the visitor received, proves the holder. */
export const FEEDBACK_ID_PATTERN = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{22})$/;

/** The row and the secret a FeedbackId names; null when it is not one VerifyProduct made. */
export function feedbackRef(feedbackId: string): { id: number; key: string } | null {
  const m = FEEDBACK_ID_PATTERN.exec(feedbackId);
  return m ? { id: Number(m[1]), key: m[2]! } : null;
}

/** The FeedbackId of verification `id` whose secret is `key`. */
export const feedbackIdOf = (id: number, key: string): string => `${id}.${key}`;
/** A FeedbackId field: anything else (a number, a sequential id) is refused with `message`. */
const feedbackId = (message: string) => z.string({ error: message }).regex(FEEDBACK_ID_PATTERN, message);

/** Who is asking, from the verification page: the verification they made (its FeedbackId, the spec's
 *  UsrId) and their mobile. */
const holder = {
  UsrId: feedbackId(POINTS_MSG.notYours),
  MobNo: requiredText(VERIFY_MSG.mobile, 'Mobile No', 10).regex(MOBILE_PATTERN, VERIFY_MSG.mobileValid),
};

/** The spec's payload; Points is what is asked for, the rest is what the page showed (kept as sent). */
export const pointTransaction = z.strictObject({
  ...holder,
  Points: z
    .number({ error: POINTS_MSG.points })
    .int(POINTS_MSG.points)
    .min(1, POINTS_MSG.points)
    .max(100_000_000, POINTS_MSG.points),
  Totalpoints: z.number().nullish(),
  ProductName: optionalText('ProductName', 150),
  SchemeName: optionalText('SchemeName', 300),
  PaytmPoint: z.union([z.number(), z.string().max(20)]).nullish(),
  Location: optionalText('Location', 300),
  UserName: optionalText('UserName', 100),
});
export type PointTransaction = z.input<typeof pointTransaction>;

export const pointsRequest = z.strictObject(holder);

export const pointEntry = z.object({
  At: dateText,
  /** 'earned' (a verification or a dispatch) or 'redeemed' (a request). */
  Kind: z.enum(['earned', 'redeemed']),
  Points: z.number(),
  ProductName: z.string(),
  SchemeName: z.string(),
  /** Redemptions: whether the company accepted it yet. */
  Accepted: z.boolean().nullable(),
});
export const pointsAnswer = z.object({ Balance: z.number(), Entries: z.array(pointEntry) });
export type PointsAnswer = z.infer<typeof pointsAnswer>;

export const feedbackRequest = z.strictObject({
  FeedbackId: feedbackId(POINTS_MSG.feedbackUnknown),
  UsrFeedback: requiredText(POINTS_MSG.feedback, 'Feedback', 500),
});

export const loyaltyRequestRow = z.object({
  Id: z.number(),
  UserName: z.string(),
  MobileNo: z.string(),
  Point: z.number(),
  RequestDate: dateText,
  CreatedDt: dateText,
  Remark: z.string(),
  ApprovedDate: dateText.nullable(),
});
export type LoyaltyRequestRow = z.infer<typeof loyaltyRequestRow>;

const requests = [PAGE.redemptionRequests];

const requestColumns = [
  col('UserName', 'Customer Name'),
  col('MobileNo', 'Mobile No.'),
  col('Point', 'Points'),
  col('RequestDate', 'Request Date', { format: 'date' }),
];

/** Redemption Requests: waiting (IsAccepted 0) or accepted (1), newest first; the columns are the accepted ones'. */
export const REQUESTS_LIST = listContract({
  page: PAGE.redemptionRequests,
  list: 'RedemptionReport/GetLoyaltyRequests',
  row: loyaltyRequestRow,
  columns: [...requestColumns, col('Remark', 'Remark'), col('ApprovedDate', 'Approved Date', { format: 'date' })],
  defaultSort: 'CreatedDate',
  rowKey: 'Id',
});
/** The waiting requests: no remark or approval yet. */
export const PENDING_REQUESTS = listView(REQUESTS_LIST, PAGE.redemptionRequests, requestColumns);

export const POINTS_API = {
  redeem: postEndpoint(
    'UserPointTransaction/CreateUserPointTransaction',
    'public',
    pointTransaction,
    z.object({ Balance: z.number(), RequestId: z.number() }),
  ),
  /** The farmer's balance and ledger, shown on the verification page. */
  mine: postEndpoint('UserPointTransaction/GetUserPoints', 'public', pointsRequest, pointsAnswer),
  feedback: postEndpoint('ProductAuthentication/UpdateFeedback', 'public', feedbackRequest, z.null()),
  /** IsAccepted 0: waiting; 1: accepted. */
  requests: REQUESTS_LIST.api.list,
  accept: getEndpoint('RedemptionReport/AcceptPointsRequest/:id/:remark', { pages: requests }, z.null()),
  /** Accepting with no remark: a path cannot end in an empty segment. */
  acceptPlain: getEndpoint('RedemptionReport/AcceptPointsRequest/:id', { pages: requests }, z.null()),
} as const;

export const REMARK_MAX = 200;
