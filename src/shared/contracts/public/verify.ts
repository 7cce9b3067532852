// ProductAuthentication/VerifyProduct (spec 3 sections 3, 4, 5; DESIGN section 4 "Verification and
// loyalty"): the public page's one call, no sign-in. The answer's ResponseCode is '200' for a genuine
// pack (with a warning in the message when the code was verified before: a copied label shows up as a
// second, third... verification of one code), '-1' for a code that is not a genuine pack now (the
// message says why), '-3' when loyalty applies and the visitor has not given a name and mobile.
import { z } from 'zod';
import { postEndpoint } from '../../endpoint.js';
import { EMAIL_PATTERN, MOBILE_PATTERN, optionalText, requiredText } from '../fields.js';

export const VERIFY_CODE = { genuine: '200', refused: '-1', details: '-3' } as const;

export const VERIFY_MSG = {
  genuine: 'This is a genuine product.',
  forged: 'This code is not genuine: the company never issued it. Do not use this pack, and tell the shop you bought it from.',
  unmapped: 'This code is not on any product yet: do not use this pack, and tell the shop you bought it from.',
  damaged: (reason: string) => `This pack was written off by the company${reason ? ` (${reason})` : ''}: do not use it.`,
  demapped: 'This code was withdrawn from its product by the company: do not use this pack.',
  replaced: 'This code was replaced by the company with a new one: check the new label on the pack.',
  /** A GS1 Digital Link whose printed fields disagree with the code's record: a label made up around a real code. */
  labelMismatch: (field: string) => `The ${field} in this QR code is not the one of this pack: the label may be a copy. Do not use this pack, and tell the shop you bought it from.`,
  /** A later verification of one code: worded as a warning, not an accusation (../shared/FLOOR.md). */
  verifiedBefore: (times: number, first: string, place: string) =>
    `This code was verified ${times === 1 ? 'once' : `${times} times`} before, first on ${first}${place ? ` in ${place}` : ''}. `
    + 'If that was not you, this pack may be a copy: ask the shop.',
  detailsNeeded: 'Fill in your details to verify this product and earn loyalty points.',
  // The Details Form (spec 3 section 5).
  name: 'Please enter your name.',
  nameAlpha: 'Please enter only alphabet.',
  email: 'Please enter your email-id.',
  emailValid: 'Please enter valid email-id.',
  mobile: 'Please enter your mobile no.',
  mobileValid: 'Please enter valid mobile no.',
  code: 'Scan the QR code on the pack.',
  tooMany: 'Too many verifications from this network: please try again in a minute.',
  busy: 'Many people are verifying right now: please try again in a moment.',
} as const;

/** Letters of any script (a farmer may write in Devanagari), with their marks, hyphens, commas, dots
 *  and spaces: the spec's "only letters, hyphens, commas and spaces". */
export const NAME_PATTERN = /^[\p{L}\p{M} ,.'-]+$/u;

const place = (label: string, max: number) => optionalText(label, max);
const coordinate = (min: number, max: number) => z.number().min(min).max(max).nullish().transform((v) => v ?? null);

/** The Details Form's fields when the visitor filled it (isFormFilled), else none of them is read. */
const details = z.object({
  Name: requiredText(VERIFY_MSG.name, 'Name', 100).regex(NAME_PATTERN, VERIFY_MSG.nameAlpha),
  // Optional (spec 3 section 4: "name, optional email, mobile"); when given it must be an address.
  email: z.string().trim().max(100, VERIFY_MSG.emailValid).refine((v) => v === '' || EMAIL_PATTERN.test(v), VERIFY_MSG.emailValid)
    .nullish().transform((v) => v ?? ''),
  MobileNo: requiredText(VERIFY_MSG.mobile, 'Mobile No', 10).regex(MOBILE_PATTERN, VERIFY_MSG.mobileValid),
});

export const verifyRequest = z.object({
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
  isFormFilled: z.boolean().nullish().transform((v) => v ?? false),
  Name: z.unknown().optional(),
  email: z.unknown().optional(),
  MobileNo: z.unknown().optional(),
}).transform((b, ctx) => {
  if (!b.isFormFilled) return { ...b, visitor: null };
  const d = details.safeParse({ Name: b.Name, email: b.email, MobileNo: b.MobileNo });
  if (!d.success) {
    for (const issue of d.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return { ...b, visitor: d.data };
});
export type VerifyRequest = z.input<typeof verifyRequest>;

/** The spec's answer (section 3, "Public verification"), plus what a second verification warns with. */
export const verifyAnswer = z.object({
  FeedbackId: z.number(),
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
  /** Genuine verifications of this pack before this one, and the first of them (null: this is the first). */
  VerifiedBefore: z.number(),
  FirstVerifiedDt: z.string().nullable(),
  FirstVerifiedPlace: z.string(),
  /** The risk flags stored with this verification. */
  Flags: z.array(z.string()),
});
export type VerifyAnswer = z.infer<typeof verifyAnswer>;

export const VERIFY_API = {
  verify: postEndpoint('ProductAuthentication/VerifyProduct', 'public', verifyRequest, verifyAnswer.nullable()),
} as const;
