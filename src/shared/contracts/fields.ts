// Field builders shared by every contract: each carries the spec's message for the field, so the
// form and the server answer with the same words.
import { z } from 'zod';

import { EMAIL_PATTERN, MOBILE_PATTERN, PASSWORD_PATTERN } from './field-patterns.js';

export {
  ALPHA_PATTERN,
  ALPHANUMERIC_PATTERN,
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  PASSWORD_PATTERN,
  PINCODE_PATTERN,
} from './field-patterns.js';

export const PASSWORD_MESSAGE =
  'Password should be minimum 4 characters long, 1 uppercase & 1 lowercase character with 1 number.';

/** A generous cap on free text so nobody can store a megabyte in a name. */
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** A required text: a missing value, a wrong type and a blank all answer `required`. */
export function requiredText(required: string, label: string, max = 100) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong(label, max));
}

/** An optional text: absent, null or blank become ''. */
export function optionalText(label: string, max = 100) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((v) => v ?? '');
}

export function requiredEmail(required: string, invalid: string) {
  return requiredText(required, 'Email', 100).regex(EMAIL_PATTERN, invalid);
}

export function requiredMobile(required: string, invalid: string) {
  return requiredText(required, 'Mobile No', 10).regex(MOBILE_PATTERN, invalid);
}

export function requiredPassword(required: string) {
  return z.string({ error: required }).min(1, required).regex(PASSWORD_PATTERN, PASSWORD_MESSAGE);
}

/**
 * A whole number as a JSON number or as digits: the spec's client sends either for the same field.
 * A wrong type, other text or a fraction answers `message`.
 */
export function intOrDigits(message: string) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,10}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message));
}

/** Digits kept as text (a pincode), which a client may also send as a JSON number. */
export const digitsText = (message: string) =>
  z.union([z.string(), z.number().int().nonnegative().transform(String)], { error: message });

/** A whole number (or digits); a missing value, a wrong type or an out-of-range value answer `message`. */
export function wholeNumber(message: string, min: number, max = 2_147_483_647) {
  return intOrDigits(message).pipe(z.number().min(min, message).max(max, message));
}

/** A record id: 0 (or absent) means a new record. */
export const recordId = (label: string) =>
  intOrDigits(`${label} must be a whole number.`)
    .pipe(z.number().min(0, `${label} must be a whole number.`).max(2_147_483_647, `${label} is out of range.`))
    .default(0);

export const activeFlag = z.boolean({ error: 'IsActive must be true or false.' }).default(true);
