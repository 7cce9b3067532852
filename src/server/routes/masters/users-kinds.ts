// The people masters as declarations over one users table: which page each needs, which rows it
// lists, which contract its save uses, and how its body maps to columns.
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { addressOf, type AddressMessages } from '../../../shared/contracts/reference.js';
import { DEALER_BILL_MSG, DEALER_SHIP_MSG, dealerSave } from '../../../shared/contracts/users/dealer.js';
import { DISTRIBUTOR_BILL_MSG, distributorSave } from '../../../shared/contracts/users/distributor.js';
import { listEntrySave } from '../../../shared/contracts/users/list-entry.js';
import { salespersonSave } from '../../../shared/contracts/users/salesperson.js';
import { userSave } from '../../../shared/contracts/users/user.js';
import { PAGE, type PageDef } from '../../../shared/pages.js';
import { users } from '../../db/schema.js';

export type UserKind = 'user' | 'dealer' | 'distributor' | 'list' | 'salesperson';

export interface KindDef {
  page: PageDef;
  schema: z.ZodType;
  /** The rows of this master. */
  rows: SQL;
  /** Forms with a user name keep it unique (case-insensitive) among these rows. */
  userNameScope?: SQL;
  /** Address groups the form carries, with their messages for the id checks. */
  addresses: { prefix: 'bill' | 'ship'; messages: AddressMessages }[];
}

export const KINDS: Record<UserKind, KindDef> = {
  user: {
    page: PAGE.userMaster,
    schema: userSave,
    rows: inArray(users.userType, [4, 5]),
    userNameScope: inArray(users.userType, [4, 5]),
    addresses: [],
  },
  dealer: {
    page: PAGE.dealerMaster,
    schema: dealerSave,
    rows: eq(users.userType, 1),
    addresses: [
      { prefix: 'bill', messages: DEALER_BILL_MSG },
      { prefix: 'ship', messages: DEALER_SHIP_MSG },
    ],
  },
  distributor: {
    page: PAGE.distributorMaster,
    schema: distributorSave,
    rows: and(eq(users.userType, 2), isNull(users.listType))!,
    addresses: [{ prefix: 'bill', messages: DISTRIBUTOR_BILL_MSG }],
  },
  list: {
    page: PAGE.listMaster,
    schema: listEntrySave,
    rows: and(eq(users.userType, 2), isNotNull(users.listType))!,
    userNameScope: and(eq(users.userType, 2), isNotNull(users.listType)),
    addresses: [{ prefix: 'bill', messages: DISTRIBUTOR_BILL_MSG }],
  },
  salesperson: { page: PAGE.salepersonMaster, schema: salespersonSave, rows: eq(users.userType, 6), addresses: [] },
};

/** The master a request or a stored row belongs to; null for admins and unknown types. */
export function kindOf(userType: unknown, isList: boolean): UserKind | null {
  switch (userType) {
    case 1:
      return 'dealer';
    case 2:
      return isList ? 'list' : 'distributor';
    case 4:
    case 5:
      return 'user';
    case 6:
      return 'salesperson';
    default:
      return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The columns a save writes (the password and the company are set by the caller). */
export function columnsOf(kind: UserKind, b: Record<string, unknown>): Partial<typeof users.$inferInsert> {
  const first = String(b.FirstName ?? '').trim();
  const last = String(b.LastName ?? '').trim();
  const cols: Partial<typeof users.$inferInsert> = {
    // Forms without a user name show the person's name; the column is never empty.
    userName: text(b.UserName) ?? `${first} ${last}`.trim(),
    firstName: first,
    lastName: last || null,
    email: String(b.Email),
    mobile: String(b.MobileNo),
    userType: Number(b.UserType),
    isActive: b.IsActive !== false,
    siteId: kind === 'user' ? Number(b.WareHouseId) : null,
    gst: text(b.GST),
    tin: text(b.TIN),
    sapCustomerCode: text(b.SAPCustomerCode),
    empId: text(b.EmpId),
    listType: kind === 'list' ? String(b.ListType) : null,
  };
  for (const { prefix } of KINDS[kind].addresses) {
    const a = addressOf(b, prefix);
    Object.assign(cols, {
      [`${prefix}Country`]: a.Country,
      [`${prefix}State`]: a.State,
      [`${prefix}City`]: a.City,
      [`${prefix}Pincode`]: a.Pincode,
      [`${prefix}Address1`]: text(a.Address1),
      [`${prefix}Address2`]: text(a.Address2),
    });
  }
  return cols;
}
