// Only the admin sets a saved account's password (docs/architecture.md: Rights are never a way up), so for anyone
// else the people forms lock the password pair when updating; Add still takes the first password.
import { USER_TYPE } from '@shared/contracts/auth.js';
import type { UserRow } from '@shared/contracts/users/common.js';
import type { Session } from '../../../api/session.js';
import type { ResourceDef } from '../../../kit/resource-section.js';

export const PASSWORD_LOCKED_HINT = 'Only the administrator can change a password';
const PAIR = ['Password', 'ConfirmPassword'];

/** The declaration with the password pair read-only on update, unless the user is the admin. */
export function forPasswordSetters(def: ResourceDef<UserRow>, session: Session | null): ResourceDef<UserRow> {
  if (!def.form || session?.UserType === USER_TYPE.admin) return def;
  const fields = def.form.fields.map((f) =>
    PAIR.includes(f.name) ? { ...f, readOnlyOnEdit: true, editPlaceholder: PASSWORD_LOCKED_HINT } : f,
  );
  return { ...def, form: { ...def.form, fields } };
}
