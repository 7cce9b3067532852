// ProductAuthentication/VerifyProduct (spec 3 sections 3, 4, 5; DESIGN section 4 "Verification and
// loyalty"): the public page's one call, no sign-in. The answer's ResponseCode is '200' for a genuine
// pack (with a warning in the message when its batch has expired, or when the code was verified
// before: a copied label shows up as a second, third... verification of one code), '-1' for a code
// that is not a genuine pack now (damaged, de-mapped, replaced, recalled: the message says why, from
// the lifecycle), '-3' when loyalty applies and the visitor has not given a name and mobile.
import { z } from 'zod';
import { postEndpoint } from '../../endpoint.js';
import { optionalText } from '../fields.js';
import { detailsIssues, VERIFY_MSG, type VisitorDetails } from './verify-rules.js';

export { NAME_PATTERN, VERIFY_CODE, VERIFY_MSG, detailsIssues } from './verify-rules.js';

const place = (label: string, max: number) => optionalText(label, max);
const coordinate = (min: number, max: number) =>
  z
    .number()
    .min(min)
    .max(max)
    .nullish()
    .transform((v) => v ?? null);

export const verifyRequest = z
  .object({
    UID: z.string({ error: VERIFY_MSG.code }).trim().min(1, VERIFY_MSG.code).max(500, VERIFY_MSG.code),
    verificationMode: optionalText('verificationMode', 20),
    verificationType: z.union([z.number(), z.string()]).nullish(),
    qrData: optionalText('qrData', 1000),
    UsrCity: place('UsrCity', 100),
    UsrState: place('UsrState', 100),
    UsrCntry: place('UsrCntry', 100),
    UsrAdrs: place('UsrAdrs', 300),
    UsrZip: place('UsrZip', 10),
    /** The browser's position, sent to us instead of an outside maps service (issue 13). */
    Latitude: coordinate(-90, 90),
    Longitude: coordinate(-180, 180),
    isFormFilled: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    Name: z.unknown().optional(),
    email: z.unknown().optional(),
    MobileNo: z.unknown().optional(),
  })
  .transform((b, ctx) => {
    if (!b.isFormFilled) return { ...b, visitor: null };
    const issues = Object.entries(detailsIssues(b));
    for (const [field, message] of issues) ctx.addIssue({ code: 'custom', message, path: [field] });
    if (issues.length > 0) return z.NEVER;
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const visitor: VisitorDetails = { Name: text(b.Name), email: text(b.email), MobileNo: text(b.MobileNo) };
    return { ...b, visitor };
  });
export type VerifyRequest = z.input<typeof verifyRequest>;

/** The spec's answer (section 3, "Public verification"), plus what a second verification warns with. */
export const verifyAnswer = z.object({
  /** 128 random bits (base64url) only this visitor receives: the feedback and a redemption name the
   *  verification by it (the spec does not fix its type; a sequential id let anyone write another's). */
  FeedbackId: z.string(),
  Isloyalty: z.boolean(),
  LoyaltyPoints: z.number(),
  ProductImg: z.string(),
  GenuineAudio: z.string(),
  CreatedDt: z.string(),
  ProductName: z.string(),
  ProductDscrptn: z.string(),
  TechnicalName: z.string(),
  GTIN: z.string(),
  BatchNo: z.string(),
  MFGDate: z.string(),
  ExpireDate: z.string(),
  Pamphlet: z.string(),
  Label: z.string(),
  CustomerCareTollfreeNo: z.string(),
  CustomerCareNo: z.string(),
  ProductCd: z.string(),
  ManufactureName: z.string(),
  ProductUOM: z.string(),
  MarketedBy: z.string(),
  RegistrationNo: z.string(),
  DOM: z.string(),
  CautionarySymbol: z.string(),
  AntidoteStatement: z.string(),
  IsFeedback: z.boolean(),
  /** The schemes whose points this verification earned ('' when none). */
  SchemeName: z.string(),
  /** Genuine verifications of this pack before this one, and the first of them (null: this is the first). */
  VerifiedBefore: z.number(),
  FirstVerifiedDt: z.string().nullable(),
  FirstVerifiedPlace: z.string(),
  /** The risk flags stored with this verification. */
  Flags: z.array(z.string()),
  /** The batch's expiry has passed: genuine, but the message warns not to use it, and it pays no points. */
  Expired: z.boolean(),
});
export type VerifyAnswer = z.infer<typeof verifyAnswer>;

export const VERIFY_API = {
  verify: postEndpoint('ProductAuthentication/VerifyProduct', 'public', verifyRequest, verifyAnswer.nullable()),
} as const;
