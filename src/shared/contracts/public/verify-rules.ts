// The verification page's words and the Details Form's rules, without zod: the public page (its
// own small bundle) checks the form with these, and the server's schema (verify.ts) is built on them.
import { EMAIL_PATTERN, MOBILE_PATTERN } from '../field-patterns.js';

export const VERIFY_CODE = { genuine: '200', refused: '-1', details: '-3' } as const;

export const VERIFY_MSG = {
  genuine: 'This is a genuine product.',
  forged:
    'This code is not genuine: the company never issued it. Do not use this pack, and tell the shop you bought it from.',
  unmapped: 'This code is not on any product yet: do not use this pack, and tell the shop you bought it from.',
  damaged: (reason: string) =>
    `This pack was written off by the company${reason ? ` (${reason})` : ''}: do not use it.`,
  demapped: 'This code was withdrawn from its product by the company: do not use this pack.',
  recalled: (reason: string) =>
    `This batch was recalled by the company${reason ? ` (${reason})` : ''}: do not use this pack, and take it back to the shop.`,
  replaced: 'This code was replaced by the company with a new one: check the new label on the pack.',
  /** A genuine pack whose batch's expiry (YYYY-MM-DD) has passed: the lifecycle's warning (LIFECYCLE_MSG.expiredPack), kept
   *  here so the page (no zod) can translate it. */
  expired: (expDate: string) => `This pack expired on ${expDate}: do not use it, and take it back to the shop.`,
  /** A GS1 Digital Link whose printed fields disagree with the code's record: a label made up around a real code. */
  labelMismatch: (field: string) =>
    `The ${field} in this QR code is not the one of this pack: the label may be a copy. Do not use this pack, and tell the shop you bought it from.`,
  /** A later verification of one code: worded as a warning, not an accusation (../shared/FLOOR.md). */
  verifiedBefore: (times: number, first: string, place: string) =>
    `This code was verified ${times === 1 ? 'once' : `${times} times`} before, first on ${first}${place ? ` in ${place}` : ''}. ` +
    'If that was not you, this pack may be a copy: ask the shop.',
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

/** Whether a refusal is the recall's (the page then heads it as a recall, not as a forgery). */
export const isRecallMessage = (message: string): boolean => message.startsWith(VERIFY_MSG.recalled('').slice(0, 38));

/** Whether a refusal is of a genuine code the company wrote off (damaged by range or with its carton):
 *  the page heads it "written off", not "not genuine" (the shop did not sell a forgery). */
export const isWrittenOffMessage = (message: string): boolean =>
  message.startsWith(VERIFY_MSG.damaged('').slice(0, 38));

/** Letters of any script (a farmer may write in Devanagari), with their marks, hyphens, commas, dots
 *  and spaces: the spec's "only letters, hyphens, commas and spaces". */
export const NAME_PATTERN = /^[\p{L}\p{M} ,.'-]+$/u;

export interface VisitorDetails {
  Name: string;
  email: string;
  MobileNo: string;
}

/** The Details Form's messages by field (spec 3 section 5); empty when the details may be sent. */
export function detailsIssues(d: {
  Name?: unknown;
  email?: unknown;
  MobileNo?: unknown;
}): Partial<Record<keyof VisitorDetails, string>> {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const out: Partial<Record<keyof VisitorDetails, string>> = {};
  const name = text(d.Name);
  if (!name) out.Name = VERIFY_MSG.name;
  else if (name.length > 100 || !NAME_PATTERN.test(name)) out.Name = VERIFY_MSG.nameAlpha;
  const email = text(d.email);
  if (email && (email.length > 100 || !EMAIL_PATTERN.test(email))) out.email = VERIFY_MSG.emailValid;
  const mobile = text(d.MobileNo);
  if (!mobile) out.MobileNo = VERIFY_MSG.mobile;
  else if (!MOBILE_PATTERN.test(mobile)) out.MobileNo = VERIFY_MSG.mobileValid;
  return out;
}
