// The outbox's push (issue 11; DESIGN section 5): many outbox entries in one request, each answered on
// its own, exactly as its own call would have answered it. Each entry names its call (a floor save
// declared idempotent), carries its Idempotency-Key and the device's time, and goes through that
// call's access, contract, rule and key; one entry's refusal refuses only that entry. Our own call
// (the spec has none): the spec's client keeps its one-save calls, which work as before.
//
// Answers come in the entries' order. An entry still being worked on under its key by another request
// (409) stops the push there: the entries after it are not tried and have no answer, so a device's
// queue keeps its order (a later carton may hold an earlier one).
import { z } from 'zod';
import { postEndpoint } from '../../endpoint.js';

/** Entries per push; the device sends its queue in pushes of at most this many. */
export const PUSH_MAX = 50;

export const PUSH_MSG = {
  entries: `Entries must be a list of 1 to ${PUSH_MAX} outbox entries.`,
  entry: 'Each entry needs a Key, a Call and a Body.',
  device: 'Device must be the id the device made for itself.',
  duplicateKey: 'Each entry of a push needs its own Key.',
  notPushable: (call: string) => `${call} is not a floor save that can be pushed.`,
} as const;

export const pushEntry = z.object(
  {
    /** The entry's Idempotency-Key (checked as the header is). */
    Key: z.string({ error: PUSH_MSG.entry }).max(100, PUSH_MSG.entry),
    /** The call's path under /API/api/, e.g. 'SecondaryPacking/save'. */
    Call: z.string({ error: PUSH_MSG.entry }).max(100, PUSH_MSG.entry),
    /** The device's clock when the work was done, ms since the epoch (the `device-time` header). */
    DeviceTime: z.number({ error: PUSH_MSG.entry }).optional(),
    /** The entry's sequence number on its device (the outbox's seq): the server keeps the highest it
     *  answered for good per device, for the device's check that it lost nothing (contracts/device.ts). */
    Seq: z.number({ error: PUSH_MSG.entry }).int(PUSH_MSG.entry).min(1, PUSH_MSG.entry).optional(),
    /** The call's own request body, checked against its own contract. */
    Body: z.unknown(),
  },
  { error: PUSH_MSG.entry },
);

export const pushRequest = z.object({
  /** The sending device's id (contracts/device.ts), when it has one. */
  Device: z.uuid({ error: PUSH_MSG.device }).optional(),
  Entries: z
    .array(pushEntry, { error: PUSH_MSG.entries })
    .min(1, PUSH_MSG.entries)
    .max(PUSH_MAX, PUSH_MSG.entries)
    .refine((es) => new Set(es.map((e) => e.Key)).size === es.length, PUSH_MSG.duplicateKey),
});

/** One entry's answer: the HTTP status and the envelope its own call would have answered. */
export const pushAnswer = z.object({
  Key: z.string(),
  Status: z.number().int(),
  Answer: z.object({ ResponseCode: z.string(), ResponseMessage: z.string(), ResponseData: z.unknown() }),
});
export type PushAnswer = z.infer<typeof pushAnswer>;

export const PUSH_API = {
  /** Signed-in: each entry is then held to its own call's pages. */
  push: postEndpoint('Outbox/push', 'signed-in', pushRequest, z.array(pushAnswer), { bodyLimit: 8 * 1024 * 1024 }),
} as const;
