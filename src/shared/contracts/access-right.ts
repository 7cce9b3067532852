// Role Management: the access-right tree and the saved page list (spec 1 sections 2.8, 3.14, 5.13).
import { z } from 'zod';
import { intOrDigits } from './fields.js';

export const ACCESS_MSG = {
  userRequired: 'Please select user.',
  saved: 'Access rights saved successfully.',
  unknownUser: 'User not found.',
  /** A non-admin tried to give pages it does not hold (named by label). */
  notHeld: (labels: string) => `You can give only pages you hold yourself, not: ${labels}.`,
} as const;

export const saveAccessRightRequest = z.strictObject({
  UserId: intOrDigits(ACCESS_MSG.userRequired).pipe(z.number().min(1, ACCESS_MSG.userRequired)
    .max(2_147_483_647, ACCESS_MSG.unknownUser)),
  PageList: z
    .array(z.string({ error: 'PageList holds page keys.' }).max(10, 'PageList holds page keys.'), { error: 'PageList holds page keys.' })
    .max(200, 'PageList holds page keys.'),
});

export interface AccessRightChild {
  key: string;
  label: string;
  path: string;
  Status: boolean;
}

export interface AccessRightGroup {
  key: string;
  label: string;
  Status: boolean;
  children: AccessRightChild[];
}

/** One menu entry of `User/GetUserMenu` (spec 1 section 2.5). */
export interface MenuEntry {
  name: string;
  icon: string;
  path: string;
  children?: { name: string; path: string }[];
}
