// Sign-in, tokens, password reset, profile and password change (spec 1 sections 2.6, 3.2, 5.1, 5.14).
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { noData } from './answer.js';
import { intOrDigits, PASSWORD_MESSAGE, PASSWORD_PATTERN, requiredEmail, requiredMobile } from './fields.js';
import { menuEntry } from './access-right.js';

export const MSG = {
  emailRequired: 'Please enter your email-id.',
  emailInvalid: 'Please enter valid email-id.',
  passwordRequired: 'Please enter password',
  badLogin: 'Invalid email-id or password.',
  inactive: 'Your account is inactive, please contact admin.',
  tooMany: 'Too many attempts, please try again in a few minutes.',
  forgotSent: 'If the email-id is registered, a link to reset the password has been sent to it.',
  resetDone: 'Your password has been reset. Please sign in with the new password.',
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  oldRequired: 'Please enter old password.',
  newRequired: 'Please enter new password.',
  oldSameAsNew: 'Old password and new password should not be same.',
  newSameAsOld: 'New password and old password should not be same.',
  oldWrong: 'Old password is incorrect.',
  passwordChanged: 'Password changed successfully. Please sign in again.',
  profileSaved: 'Profile updated successfully.',
  mobileRequired: 'Please enter your mobile no.',
  mobileInvalid: 'Please enter valid mobile no.',
  confirmMismatch: 'Confirm password does not match',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

const email = () => requiredEmail(MSG.emailRequired, MSG.emailInvalid);

export const loginRequest = z.strictObject({
  Email: email(),
  Password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(200, 'Password must be at most 200 characters.'),
});

export const forgotPasswordRequest = z.strictObject({ Email: email() });

export const resetPasswordRequest = z
  .strictObject({
    Token: z.string({ error: MSG.resetInvalid }).min(10, MSG.resetInvalid).max(200, MSG.resetInvalid),
    NewPassword: z.string({ error: MSG.newRequired }).min(1, MSG.newRequired).regex(PASSWORD_PATTERN, PASSWORD_MESSAGE),
    ConfirmPassword: z.string({ error: MSG.confirmMismatch }),
  })
  .refine((v) => v.NewPassword === v.ConfirmPassword, { message: MSG.confirmMismatch, path: ['ConfirmPassword'] });

export const refreshRequest = z.strictObject({
  RefreshToken: z.string({ error: MSG.sessionExpired }).min(10, MSG.sessionExpired).max(200, MSG.sessionExpired),
});

export const changePasswordRequest = z
  .strictObject({
    UserName: z
      .string({ error: 'UserName must be text.' })
      .max(100, 'UserName must be at most 100 characters.')
      .nullish(),
    // Informational: the server changes the caller's own password whatever id is sent.
    UserId: intOrDigits('UserId must be a whole number.').nullish(),
    OldPassword: z
      .string({ error: MSG.oldRequired })
      .min(1, MSG.oldRequired)
      .max(200, 'Password must be at most 200 characters.'),
    NewPassword: z.string({ error: MSG.newRequired }).min(1, MSG.newRequired).regex(PASSWORD_PATTERN, PASSWORD_MESSAGE),
  })
  .refine((v) => v.OldPassword !== v.NewPassword, { message: MSG.newSameAsOld, path: ['NewPassword'] });

export const updateProfileRequest = z.strictObject({
  Email: email(),
  MobileNo: requiredMobile(MSG.mobileRequired, MSG.mobileInvalid),
});

/** One entry of the `Login/CheckUser` answer list (spec 1 section 3.2). */
export const loginResult = z.object({
  Token: z.string(),
  RefreshToken: z.string(),
  UserType: z.number(),
  WareHouseId: z.number(),
  UserId: z.number(),
  CompanyId: z.number(),
  Prefix: z.string(),
  UserName: z.string(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** `Login/RefreshToken`: a fresh pair; the old refresh token is spent. */
export const tokenPair = z.object({ Token: z.string(), RefreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/** The current-user record of `User/getUser` (spec 1 section 3.4). */
export const currentUser = z.object({
  UserId: z.number(),
  Username: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  MobileNo: z.string(),
  UserType: z.number(),
  WareHouseId: z.number(),
  CompanyId: z.number(),
  IsResetPassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** Sign-in, tokens and password reset: called before there is a session. */
export const LOGIN_API = {
  checkUser: postEndpoint('Login/CheckUser', 'public', loginRequest, z.array(loginResult)),
  refresh: postEndpoint('Login/RefreshToken', 'public', refreshRequest, tokenPair),
  logout: postEndpoint('Login/Logout', 'public', refreshRequest, noData),
  forgotPassword: postEndpoint('Login/ForgotPassword', 'public', forgotPasswordRequest, noData),
  resetPassword: postEndpoint('Login/ResetPassword', 'public', resetPasswordRequest, noData),
};

/** The signed-in user's own record, profile, password and menu. */
export const ME_API = {
  getUser: getEndpoint('User/getUser', 'signed-in', z.array(currentUser)),
  updateProfile: postEndpoint('User/UpdateProfile', 'signed-in', updateProfileRequest, noData),
  changePassword: postEndpoint('User/ChangePassword', 'signed-in', changePasswordRequest, noData),
  menu: getEndpoint('User/GetUserMenu', 'signed-in', z.array(menuEntry)),
};

export const USER_TYPE = { admin: 0, dealer: 1, distributor: 2, factory: 4, warehouse: 5, salesperson: 6 } as const;

/** The spec's admin flag: user id 1 or 2 (spec 1 section 6). */
export const isAdminUserId = (userId: number) => userId === 1 || userId === 2;
