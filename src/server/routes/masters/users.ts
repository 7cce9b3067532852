// The user service of the people masters (spec 1 sections 2.10, 2.15-2.17, 2.20, 7): one list, one
// save and one delete over the users table; the requested user type picks the master, and the caller
// needs that master's page. Company scoping as everywhere: non-admins see their own company only.
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { failure, ok, warn } from '../../../shared/contracts/envelope.js';
import { firstMessage } from '../../../shared/contracts/issues.js';
import type { z } from 'zod';
import { USERS_API, USERS_LIST, USERS_MSG, usersListRequest } from '../../../shared/contracts/users/common.js';
import { companies, sites, users } from '../../db/schema.js';
import { outranks } from '../../auth/rank.js';
import { companyScope } from '../../auth/scope.js';
import { mayUse } from '../../auth/actor.js';
import { FORBIDDEN, idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';
import { KINDS, kindOf } from './users-kinds.js';
import { saveUser } from './users-save.js';

type UsersListQuery = z.output<typeof usersListRequest>;

const fullName = sql<string>`trim(${users.firstName} || ' ' || coalesce(${users.lastName}, ''))`;
const blank = (c: SQLWrapper) => sql<string>`coalesce(${c}, '')`;

const ROW = {
  ReferenceID: users.id,
  UserName: users.userName,
  FirstName: blank(users.firstName),
  LastName: blank(users.lastName),
  FullName: fullName,
  Email: users.email,
  MobileNo: blank(users.mobile),
  IsActive: users.isActive,
  CompanyId: users.companyId,
  CompanyName: companies.name,
  WareHouseId: users.siteId,
  FirmName: sites.name,
  UserType: users.userType,
  GST: blank(users.gst),
  TIN: blank(users.tin),
  SAPCustomerCode: blank(users.sapCustomerCode),
  EmpId: blank(users.empId),
  ListType: blank(users.listType),
  bill_Country: users.billCountry,
  bill_State: users.billState,
  bill_City: users.billCity,
  bill_Pincode: blank(users.billPincode),
  bill_Address1: blank(users.billAddress1),
  bill_Address2: blank(users.billAddress2),
  ship_Country: users.shipCountry,
  ship_State: users.shipState,
  ship_City: users.shipCity,
  ship_Pincode: blank(users.shipPincode),
  ship_Address1: blank(users.shipAddress1),
  ship_Address2: blank(users.shipAddress2),
  CreatedDt: users.createdAt,
};

export function userMasterRoutes(r: Router) {
  // User Master lists factory and warehouse users; it may send 4, 5 or nothing.
  const kindIn = (body: UsersListQuery) => kindOf(body.UserType ?? 4, body.IsList === true);
  serveList(r, USERS_LIST, {
    fields: ROW,
    from: (db, fields) =>
      db
        .select(fields)
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(sites, eq(sites.id, users.siteId))
        .$dynamic(),
    refuse: ({ body, caller, reply }) => {
      const kind = kindIn(body);
      if (!kind) return warn(USERS_MSG.invalidType);
      if (mayUse(caller, [KINDS[kind].page.key])) return undefined;
      reply.code(403);
      return failure('403', FORBIDDEN);
    },
    scope: (caller) => companyScope(caller, users.companyId),
    filter: (body) => {
      const kind = kindIn(body)!;
      return and(KINDS[kind].rows, kind === 'user' && body.UserType ? eq(users.userType, body.UserType) : undefined);
    },
    search: [
      users.userName,
      users.firstName,
      users.lastName,
      users.email,
      users.mobile,
      companies.name,
      sites.name,
      users.sapCustomerCode,
      users.empId,
      users.listType,
    ],
    key: users.id,
  });

  // The body's user type picks the contract, so the route validates it itself.
  r.serve(USERS_API.save, async (ctx) => {
    const sent = ctx.req.body;
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent))
      return warn('The request body must be a JSON object.');
    const b = sent as Record<string, unknown>;
    // The spec's client may send the type as numeric text; the contract reads it the same way.
    const type = typeof b.UserType === 'string' && /^\s*\d{1,2}\s*$/.test(b.UserType) ? Number(b.UserType) : b.UserType;
    const kind = kindOf(type, b.ListType !== undefined && b.ListType !== null);
    if (!kind) return warn(USERS_MSG.invalidType);
    if (!mayUse(ctx.caller, [KINDS[kind].page.key])) return ctx.reply.code(403).send(failure('403', FORBIDDEN));
    const parsed = KINDS[kind].schema.safeParse(b);
    if (!parsed.success) return warn(firstMessage(parsed.error));
    return saveUser(ctx.db, ctx.tokens, ctx.caller, kind, parsed.data as Record<string, unknown>);
  });

  r.serve(USERS_API.remove, async ({ db, params, caller, reply }) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    const [u] = await db
      .select({ type: users.userType, listType: users.listType })
      .from(users)
      .where(and(eq(users.id, id), companyScope(caller, users.companyId)));
    if (!u) return warn(USERS_MSG.notFound);
    if (id === caller.userId) return warn(USERS_MSG.deleteSelf);
    if (u.type === 0) return warn(USERS_MSG.deleteAdmin);
    const kind = kindOf(u.type, u.listType !== null);
    if (kind !== 'distributor' && kind !== 'list') return warn(USERS_MSG.deleteKind);
    if (!mayUse(caller, [KINDS[kind].page.key])) return reply.code(403).send(failure('403', FORBIDDEN));
    if (await outranks(db, caller, { id, userType: u.type })) return warn(USERS_MSG.aboveYou);
    try {
      await db.delete(users).where(eq(users.id, id));
    } catch (e) {
      // Another table points at the account (uploads, later the dispatches): keep it.
      if (
        (e as { code?: string; cause?: { code?: string } }).code === '23503' ||
        (e as { cause?: { code?: string } }).cause?.code === '23503'
      ) {
        return warn(USERS_MSG.inUse);
      }
      throw e;
    }
    return ok(null, USERS_MSG.deleted);
  });
}
