// Damage Carton (spec 2 sections 2, 4, 5, 7): a reason of 5 to 200 characters, a SID or TID scan, a
// confirmation; the carton and everything in it become damaged for good.
import { z } from 'zod';
import { parseSlipId } from '../../codes.js';
import { postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { REASON_MAX, REASON_MIN } from '../numbers/damage.js';

export const CARTON_DAMAGE_MSG = {
  /** Spec 2 section 5, as written (REASON_MIN to REASON_MAX). */
  reason: 'Please fill reason of damage before Scanned between 5 to 200 chars',
  invalidScan: 'Invalid Scanned',
  confirmTitle: 'Confirmation to Damage',
  confirmText: 'Are you sure to do this Damage.',
  // Ours.
  notHere: (id: string) => `${id} is not a packed carton at your site.`,
  already: (id: string) => `${id} is already damaged.`,
  done: (id: string, packs: number) => `${id} marked damaged with the ${packs} pack${packs === 1 ? '' : 's'} in it.`,
} as const;

export const cartonDamageRequest = z.strictObject({
  DamageCid: z
    .string({ error: CARTON_DAMAGE_MSG.invalidScan })
    .trim()
    .max(60, CARTON_DAMAGE_MSG.invalidScan)
    .refine((s) => ['SID', 'TID'].includes(parseSlipId(s)?.type ?? ''), CARTON_DAMAGE_MSG.invalidScan),
  Reason: z
    .string({ error: CARTON_DAMAGE_MSG.reason })
    .trim()
    .min(REASON_MIN, CARTON_DAMAGE_MSG.reason)
    .max(REASON_MAX, CARTON_DAMAGE_MSG.reason),
});
export type CartonDamageRequest = z.input<typeof cartonDamageRequest>;

export const cartonDamaged = z.object({ CartonId: z.string(), Packs: z.number(), Cartons: z.number() });

export const CARTON_DAMAGE_API = {
  damage: postEndpoint(
    'ProductDamage/CartonDamage',
    { pages: [PAGE.damageCarton] },
    cartonDamageRequest,
    cartonDamaged,
    { idempotent: true },
  ),
} as const;
