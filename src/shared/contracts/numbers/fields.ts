// Field builders of the number screens: serial numbers typed or sent as digits, calendar dates and
// the mode switch. Each carries the spec's message for its field.
import { z } from 'zod';
import { MAX_SERIAL } from '../../codes.js';

export const NUMBER_ONLY = 'Please enter only number.';
export const DATE_ONLY = 'Please enter only date.';

/** The most digits a typed serial number may have (the forms' box length). */
export const SERIAL_DIGITS = 15;
const SERIAL_TEXT = new RegExp(`^\\d{1,${SERIAL_DIGITS}}$`);

/**
 * A serial number: a number or a string of digits (a form's text box), 1..MAX_SERIAL.
 * Missing -> `required`; not digits -> `digits`; 0 or past the largest serial -> `positive`.
 */
export function serialNo(required: string, digits = NUMBER_ONLY, positive = required) {
  return z
    .union([z.number(), z.string()], { error: required })
    .transform((v, ctx) => {
      if (typeof v === 'string') {
        const s = v.trim();
        if (s === '') {
          ctx.addIssue({ code: 'custom', message: required });
          return z.NEVER;
        }
        if (!SERIAL_TEXT.test(s)) {
          ctx.addIssue({ code: 'custom', message: digits });
          return z.NEVER;
        }
        return Number(s);
      }
      if (!Number.isInteger(v)) {
        ctx.addIssue({ code: 'custom', message: digits });
        return z.NEVER;
      }
      return v;
    })
    .pipe(z.number().min(1, positive).max(MAX_SERIAL, `Numbers go up to ${MAX_SERIAL}.`));
}

/** A whole number sent as a JSON number or as digits, else null (how the raw checks below read a body). */
const rawWhole = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v)
    ? v
    : typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v)
      ? Number(v)
      : null;

/**
 * `schema`, but a body whose From is above its To answers `message` (under From) before any other
 * field's: the linked Quantity box is blank or negative then, and its message would hide the cause.
 */
export function fromBeforeToFirst<T extends z.ZodType>(
  schema: T,
  fromKey: string,
  toKey: string,
  message: string,
  at = fromKey,
) {
  return z
    .unknown()
    .superRefine((raw, ctx) => {
      if (typeof raw !== 'object' || raw === null) return;
      const from = rawWhole((raw as Record<string, unknown>)[fromKey]);
      const to = rawWhole((raw as Record<string, unknown>)[toKey]);
      if (from !== null && to !== null && from > to) ctx.addIssue({ code: 'custom', message, path: [at] });
    })
    .pipe(schema);
}

/** A record id (0 = new) sent as a JSON number or as digits: a spec client may send either. */
export function numberId(label: string) {
  const message = `${label} must be a whole number.`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).min(0, message).max(2_147_483_647, `${label} is out of range.`))
    .default(0);
}

/** A quantity of numbers: like a serial, at least 1. */
export const quantity = (required: string, digits = NUMBER_ONLY, positive = required) =>
  serialNo(required, digits, positive);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** 'YYYY-MM-DD' from 'YYYY-MM-DD', an ISO date-time (its calendar date as written) or 'MM/DD/YYYY'. */
export function toIsoDate(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(s);
  const us = US_DATE.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d || y < 1900 || y > 2999)
    return null;
  return t.toISOString().slice(0, 10);
}

/** A calendar date, answered as 'YYYY-MM-DD'. */
export function dateOnly(required: string, invalid = DATE_ONLY) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((v, ctx) => toIsoDate(v) ?? (ctx.addIssue({ code: 'custom', message: invalid }), z.NEVER));
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(isoDate: string, days: number): string {
  const t = new Date(`${isoDate}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** The 'Static Qr Mapping' switch: true for preprinted numbers. Absent means static (the screens' default). */
export const isPreprintedFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
    error: 'isPreprinted must be true or false.',
  })
  .nullish()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
