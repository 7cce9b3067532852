// Pick Lucky Users (spec 3 sections 2, 5, 7): that many distinct verifiers, at random, among those who
// verified a genuine pack of the product in the location (a state) between the dates. A person is a
// mobile number, picked at most once.
import { z } from 'zod';
import { postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { dateText } from '../answer.js';
import { col, rowTable } from '../list-contract.js';
import { rangeInOrder, reportRange } from '../report-dates.js';

export const LUCKY_MSG = {
  location: 'Please select location.',
  product: 'Please select Product.',
  qty: 'Please enter +ve quantity.',
  none: 'No verifier of this product in this location between these dates.',
  picked: (n: number, of: number) => `${n} of ${of} verifiers picked.`,
} as const;

const id = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).min(1, message));

export const luckyRequest = z
  .strictObject({
    ProductId: id(LUCKY_MSG.product),
    /** A state id (Scheme/GetLocations). */
    Location: id(LUCKY_MSG.location),
    ...reportRange,
    Qty: z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^-?\d{1,9}$/, LUCKY_MSG.qty)
            .transform(Number),
        ],
        { error: LUCKY_MSG.qty },
      )
      .pipe(z.number().int(LUCKY_MSG.qty).min(1, LUCKY_MSG.qty).max(10_000, LUCKY_MSG.qty)),
  })
  .superRefine(rangeInOrder);
export type LuckyRequest = z.input<typeof luckyRequest>;

export const luckyRow = z.object({
  ProductName: z.string(),
  Name: z.string(),
  Feedback: z.string(),
  MobileNo: z.string(),
  VerifiedDate: dateText,
});
export type LuckyRow = z.infer<typeof luckyRow>;
/** The verifiers picked, as the table lists them. */
export const LUCKY_TABLE = rowTable(luckyRow, [
  col('ProductName', 'Product Name'),
  col('Name', 'Name'),
  col('Feedback', 'Feedback'),
  col('MobileNo', 'Mobile No'),
  col('VerifiedDate', 'Verified Date', { format: 'date' }),
]);

export const LUCKY_API = {
  pick: postEndpoint(
    'VerificationReport/PickLuckyUsers',
    { pages: [PAGE.luckyUsers] },
    luckyRequest,
    z.array(luckyRow),
  ),
} as const;
