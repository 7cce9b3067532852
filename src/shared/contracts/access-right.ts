// Role Management: the access-right tree and the saved page list (spec 1 sections 2.8, 3.14, 5.13).
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { intOrDigits } from './fields.js';

export const ACCESS_MSG = {
  userRequired: 'Please select user.',
  saved: 'Access rights saved successfully.',
  unknownUser: 'User not found.',
  /** A non-admin tried to give pages it does not hold (named by label). */
  notHeld: (labels: string) => `You can give only pages you hold yourself, not: ${labels}.`,
} as const;

export const saveAccessRightRequest = z.strictObject({
  UserId: intOrDigits(ACCESS_MSG.userRequired).pipe(
    z.number().min(1, ACCESS_MSG.userRequired).max(2_147_483_647, ACCESS_MSG.unknownUser),
  ),
  PageList: z
    .array(z.string({ error: 'PageList holds page keys.' }).max(10, 'PageList holds page keys.'), {
      error: 'PageList holds page keys.',
    })
    .max(200, 'PageList holds page keys.'),
});

export const accessRightChild = z.object({ key: z.string(), label: z.string(), path: z.string(), Status: z.boolean() });
export type AccessRightChild = z.infer<typeof accessRightChild>;

export const accessRightGroup = z.object({
  key: z.string(),
  label: z.string(),
  Status: z.boolean(),
  children: z.array(accessRightChild),
});
export type AccessRightGroup = z.infer<typeof accessRightGroup>;

/** One menu entry of `User/GetUserMenu` (spec 1 section 2.5). */
export const menuEntry = z.object({
  name: z.string(),
  icon: z.string(),
  path: z.string(),
  children: z.array(z.object({ name: z.string(), path: z.string() })).optional(),
});
export type MenuEntry = z.infer<typeof menuEntry>;

const pages = [PAGE.accessRight];

export const ACCESS_RIGHT_API = {
  /** `:id` 0 answers the empty tree (no user picked yet). */
  read: getEndpoint('AccessRight/GetAccessRight/:id', { pages }, z.array(accessRightGroup)),
  /** Answers the page keys saved. */
  save: postEndpoint('AccessRight/CreateUpdateAccessRight', { pages }, saveAccessRightRequest, z.array(z.string())),
};
