import { describe, expect, it } from 'vitest';
import { forPasswordSetters, PASSWORD_LOCKED_HINT } from '../../../src/client/features/masters/people/password-lock.js';
import { userMasterResource } from '../../../src/client/features/masters/people/user-master.js';
import type { Session } from '../../../src/client/api/session.js';

const session = (UserType: number) => ({ UserType }) as Session;
const pair = (def: typeof userMasterResource) =>
  def.form!.fields.filter((f) => ['Password', 'ConfirmPassword'].includes(f.name));

describe("the people forms' password pair", () => {
  it('is locked on update for a non-admin, with a hint saying who changes it', () => {
    for (const f of pair(forPasswordSetters(userMasterResource, session(4)))) {
      expect(f.readOnlyOnEdit).toBe(true);
      expect(f.editPlaceholder).toBe(PASSWORD_LOCKED_HINT);
    }
  });

  it('stays open to the admin', () => {
    expect(forPasswordSetters(userMasterResource, session(0))).toBe(userMasterResource);
    expect(pair(userMasterResource).every((f) => f.readOnlyOnEdit !== true)).toBe(true);
  });
});
