// Dashboard (spec 1 section 2.7): dealers and distributors see a picture only; the admin picks a
// factory or warehouse; factory and warehouse staff see their own site's figures.
import { USER_TYPE } from '@shared/contracts/auth.js';
import { useSession } from '../../api/session.js';
import { DashboardFigures } from './dashboard-figures.js';
import { picturesOnly } from './dashboard-view.js';
import { StaticPicture } from './static-picture.js';

export function DashboardPage() {
  const session = useSession();
  if (!session) return null;
  if (picturesOnly(session.UserType)) return <StaticPicture />;
  return <DashboardFigures admin={session.UserType === USER_TYPE.admin} userType={session.UserType} />;
}
