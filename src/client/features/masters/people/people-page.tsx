// A people master screen as the signed-in user may use it (the password pair per password-lock.ts).
import { useMemo } from 'react';
import type { UserRow } from '@shared/contracts/users/common.js';
import { useSession } from '../../../api/session.js';
import { ResourcePage, type ResourceDef } from '../../../kit/resource-page.js';
import { forPasswordSetters } from './password-lock.js';

export function PeoplePage({ def }: { def: ResourceDef<UserRow> }) {
  const session = useSession();
  const shown = useMemo(() => forPasswordSetters(def, session), [def, session]);
  return <ResourcePage def={shown} />;
}
