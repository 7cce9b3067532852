// Who a rule acts for: the signed-in user as the server knows them (http/caller.ts builds it from the
// request's token). It lives here, not in http/, so that domain rules never import the HTTP layer.

export interface Caller {
  userId: number;
  userName: string;
  userType: number;
  companyId: number | null;
  siteId: number | null;
  prefix: string;
  isAdmin: boolean;
  pages: ReadonlySet<string>;
}

/** Admin has every page; others need one of the route's page keys. */
export function mayUse(caller: Caller, pageKeys: readonly string[]): boolean {
  return caller.isAdmin || pageKeys.some((k) => caller.pages.has(k));
}
