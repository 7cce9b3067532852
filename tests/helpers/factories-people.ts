// Request bodies for the people masters (User/CreateUpdateUser), valid unless overridden, with
// addresses from the loaded reference data (Nashik, Maharashtra).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connect.js';
import { cities, states } from '../../src/server/db/schema.js';
import { unique } from './factories.js';

type Body = Record<string, unknown>;

export interface Place {
  country: number;
  state: number;
  city: number;
}

/** The ids of a city by names, e.g. place(db, 'Maharashtra', 'Nashik'). */
export async function place(db: Db, state: string, city: string): Promise<Place> {
  const [row] = await db
    .select({ state: states.id, city: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.name, state), eq(cities.name, city)));
  if (!row) throw new Error(`No city ${city} in ${state}`);
  return { country: 101, ...row };
}

export function addressBody(prefix: 'bill' | 'ship', p: Place, pincode = '422003'): Body {
  return {
    [`${prefix}_Country`]: p.country,
    [`${prefix}_State`]: p.state,
    [`${prefix}_City`]: p.city,
    [`${prefix}_Pincode`]: pincode,
    [`${prefix}_Address1`]: `${prefix} line 1`,
    [`${prefix}_Address2`]: '',
  };
}

const contact = () => ({
  Email: `${unique('p')}@example.test`,
  MobileNo: '9876543210',
  Password: 'Abc123',
  ConfirmPassword: 'Abc123',
  IsActive: true,
});

export function siteUserBody(companyId: number, siteId: number, o: Body = {}): Body {
  return {
    ReferenceID: 0,
    UserType: 4,
    UserName: unique('user '),
    FirstName: 'Ravi',
    LastName: 'Patil',
    ...contact(),
    CompanyId: companyId,
    WareHouseId: siteId,
    ...o,
  };
}

export function dealerBody(companyId: number, p: Place, o: Body = {}): Body {
  return {
    ReferenceID: 0,
    UserType: 1,
    FirstName: unique('Dealer '),
    LastName: '',
    ...contact(),
    CompanyId: companyId,
    GST: '',
    TIN: '',
    ...addressBody('bill', p),
    ...addressBody('ship', p),
    ...o,
  };
}

export function distributorBody(companyId: number, p: Place, o: Body = {}): Body {
  return {
    ReferenceID: 0,
    UserType: 2,
    SAPCustomerCode: unique('C'),
    FirstName: unique('Distributor '),
    LastName: '',
    ...contact(),
    CompanyId: companyId,
    GST: '',
    TIN: '',
    ...addressBody('bill', p),
    ...o,
  };
}

export function listEntryBody(companyId: number, p: Place, o: Body = {}): Body {
  return {
    ReferenceID: 0,
    UserType: 2,
    ListType: 'Institutional Buyer',
    UserName: unique('LIST-'),
    FirstName: 'Anita',
    LastName: 'Rao',
    ...contact(),
    CompanyId: companyId,
    GST: '',
    TIN: '',
    ...addressBody('bill', p),
    ...o,
  };
}

export function salespersonBody(companyId: number, o: Body = {}): Body {
  return {
    ReferenceID: 0,
    UserType: 6,
    CompanyId: companyId,
    FirstName: unique('Sales '),
    LastName: 'Kumar',
    EmpId: unique('E'),
    ...contact(),
    ...o,
  };
}
