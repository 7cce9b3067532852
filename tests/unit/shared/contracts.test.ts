// Contract messages are the spec's words (spec 1 section 5), and the schemas say them for the
// failures a form can produce.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCESS_MSG, saveAccessRightRequest } from '../../../src/shared/contracts/access-right.js';
import {
  changePasswordRequest,
  isAdminUserId,
  loginRequest,
  MSG,
  resetPasswordRequest,
  updateProfileRequest,
  USER_TYPE,
} from '../../../src/shared/contracts/auth.js';
import { CARTON_MSG, cartonSave } from '../../../src/shared/contracts/carton.js';
import { failure, ok, warn } from '../../../src/shared/contracts/envelope.js';
import { PASSWORD_MESSAGE, PASSWORD_PATTERN } from '../../../src/shared/contracts/fields.js';
import { firstMessage } from '../../../src/shared/contracts/issues.js';

const messageOf = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : firstMessage(r.error);
};

describe('spec wording', () => {
  it('sign-in, profile and password messages', () => {
    expect(MSG).toMatchObject({
      emailRequired: 'Please enter your email-id.',
      emailInvalid: 'Please enter valid email-id.',
      passwordRequired: 'Please enter password',
      oldRequired: 'Please enter old password.',
      newRequired: 'Please enter new password.',
      mobileRequired: 'Please enter your mobile no.',
      mobileInvalid: 'Please enter valid mobile no.',
    });
    expect(PASSWORD_MESSAGE).toBe(
      'Password should be minimum 4 characters long, 1 uppercase & 1 lowercase character with 1 number.',
    );
  });

  it('carton and access-right messages', () => {
    expect(CARTON_MSG).toMatchObject({
      nameRequired: 'Please enter your carton name.',
      sizeRequired: 'Please enter your carton size quantity.',
      descriptionRequired: 'Please enter your Description.',
    });
    expect(ACCESS_MSG.userRequired).toBe('Please select user.');
  });
});

describe('schemas answer those messages', () => {
  it('loginRequest', () => {
    expect(messageOf(loginRequest, {})).toBe(MSG.emailRequired);
    expect(messageOf(loginRequest, { Email: 'x', Password: 'a' })).toBe(MSG.emailInvalid);
    expect(messageOf(loginRequest, { Email: 'a@b.co' })).toBe(MSG.passwordRequired);
    expect(messageOf(loginRequest, { Email: ' a@b.co ', Password: 'p' })).toBeNull();
  });

  it('updateProfileRequest', () => {
    expect(messageOf(updateProfileRequest, { Email: 'a@b.co' })).toBe(MSG.mobileRequired);
    expect(messageOf(updateProfileRequest, { Email: 'a@b.co', MobileNo: '5999999999' })).toBe(MSG.mobileInvalid);
    expect(messageOf(updateProfileRequest, { Email: 'a@b.co', MobileNo: '6999999999' })).toBeNull();
  });

  it('changePasswordRequest and resetPasswordRequest', () => {
    expect(messageOf(changePasswordRequest, { NewPassword: 'Abc1' })).toBe(MSG.oldRequired);
    expect(messageOf(changePasswordRequest, { OldPassword: 'Abc1' })).toBe(MSG.newRequired);
    expect(messageOf(changePasswordRequest, { OldPassword: 'Abc1', NewPassword: 'Abc1' })).toBe(MSG.newSameAsOld);
    expect(
      messageOf(resetPasswordRequest, { Token: 't'.repeat(20), NewPassword: 'Abc1', ConfirmPassword: 'Abc2' }),
    ).toBe(MSG.confirmMismatch);
  });

  it('the password rule: 4-10 characters, a lowercase, an uppercase and a digit', () => {
    for (const good of ['Abc1', 'Abcdefgh12']) expect(PASSWORD_PATTERN.test(good), good).toBe(true);
    for (const bad of ['Ab1', 'Abcdefghi12', 'abc1', 'ABC1', 'Abcd'])
      expect(PASSWORD_PATTERN.test(bad), bad).toBe(false);
  });

  it('cartonSave', () => {
    expect(messageOf(cartonSave, { CartonSize: 1, Description: 'd' })).toBe(CARTON_MSG.nameRequired);
    expect(messageOf(cartonSave, { CartonName: 'n', CartonSize: 0, Description: 'd' })).toBe(CARTON_MSG.sizeRequired);
    expect(messageOf(cartonSave, { CartonName: 'n', CartonSize: 1 })).toBe(CARTON_MSG.descriptionRequired);
    expect(cartonSave.parse({ CartonName: ' n ', CartonSize: 1, Description: 'd' })).toEqual({
      CartonId: 0,
      CartonName: 'n',
      CartonSize: 1,
      Description: 'd',
      IsActive: true,
    });
  });

  it('saveAccessRightRequest', () => {
    expect(messageOf(saveAccessRightRequest, { PageList: [] })).toBe(ACCESS_MSG.userRequired);
    expect(messageOf(saveAccessRightRequest, { UserId: 0, PageList: [] })).toBe(ACCESS_MSG.userRequired);
    expect(messageOf(saveAccessRightRequest, { UserId: 3, PageList: [] })).toBeNull();
  });

  it('unknown fields are named', () => {
    expect(messageOf(loginRequest, { Email: 'a@b.co', Password: 'p', X: 1, Y: 2 })).toBe('Unknown field: X, Y');
  });
});

describe('envelope and constants', () => {
  it('ok, warn and failure make the three-field envelope', () => {
    expect(ok([1])).toEqual({ ResponseCode: '200', ResponseMessage: 'Success', ResponseData: [1] });
    expect(warn('m')).toEqual({ ResponseCode: '400', ResponseMessage: 'm', ResponseData: null });
    expect(failure('401', 'x')).toEqual({ ResponseCode: '401', ResponseMessage: 'x', ResponseData: null });
  });

  it('user types and the spec admin flag', () => {
    expect(USER_TYPE).toEqual({ admin: 0, dealer: 1, distributor: 2, factory: 4, warehouse: 5, salesperson: 6 });
    expect([1, 2, 3, 0].map(isAdminUserId)).toEqual([true, true, false, false]);
  });
});
