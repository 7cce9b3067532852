// Shared reference data (carton sizes, categories) is read by the page's users and changed by the
// admin only (docs/masters.md): for anyone else the screen drops Add, edit and delete.
import { USER_TYPE } from '@shared/contracts/auth.js';
import type { ResourceDef } from '../../kit/resource-section.js';
import type { Session } from '../../api/session.js';

/** The declaration as the signed-in user may use it: read-only unless they are the admin. */
export function forWriters<T>(def: ResourceDef<T>, session: Session | null): ResourceDef<T> {
  if (session?.UserType === USER_TYPE.admin) return def;
  const { form: _form, deletePath: _delete, ...readOnly } = def;
  // The row id still comes from the form's id field when the form is dropped.
  return { ...readOnly, idField: def.idField ?? (def.form?.idField as (keyof T & string) | undefined) };
}
