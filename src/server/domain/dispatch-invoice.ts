// The dispatch save's answer (spec 2 section 3, "Dispatch invoice data"): the target's billing address,
// the transport mode, the LR, the cartons with product, batch, packs and unit, and the sending
// company's name, address and logo, for the invoice the screen prints.
import { eq, sql } from 'drizzle-orm';
import type { DispatchInvoice, DispatchTarget } from '../../shared/contracts/floor/dispatch.js';
import { cities, companies, countries, sites, states, users } from '../db/schema.js';
import { productsOf, type DispatchCarton } from './dispatch-cartons.js';
import type { Tx } from './ranges.js';

export interface Sent {
  did: string;
  companyId: number;
  target: DispatchTarget;
  transportMode: string;
  lr: string;
  createdAt: Date;
  cartons: readonly Pick<DispatchCarton, 'id' | 'productId' | 'batchNo' | 'packs'>[];
}

/** A dealer's firm is the dealer's name (the Dealer Master's 'Dealer Name'), else the user name. */
export const dealerName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.userName})`;

/** The billing address of a site or a dealer, with its city's, state's and country's names. */
async function billingAddress(tx: Tx, target: DispatchTarget): Promise<DispatchInvoice['userDetail']> {
  const place = { city: cities.name, state: states.name, country: countries.name };
  let r: {
    firm: string;
    address1: string | null;
    address2: string | null;
    pincode: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
  };
  if (target.kind === 'site') {
    const [row] = await tx
      .select({
        firm: sites.name,
        address1: sites.billAddress1,
        address2: sites.billAddress2,
        pincode: sites.billPincode,
        ...place,
      })
      .from(sites)
      .leftJoin(cities, eq(cities.id, sites.billCity))
      .leftJoin(states, eq(states.id, sites.billState))
      .leftJoin(countries, eq(countries.id, sites.billCountry))
      .where(eq(sites.id, target.siteId));
    r = row!;
  } else {
    const [row] = await tx
      .select({
        firm: dealerName,
        address1: users.billAddress1,
        address2: users.billAddress2,
        pincode: users.billPincode,
        ...place,
      })
      .from(users)
      .leftJoin(cities, eq(cities.id, users.billCity))
      .leftJoin(states, eq(states.id, users.billState))
      .leftJoin(countries, eq(countries.id, users.billCountry))
      .where(eq(users.id, target.userId));
    r = row!;
  }
  return {
    FirmName: r.firm,
    bill_Address1: r.address1 ?? '',
    bill_Address2: r.address2 ?? '',
    bill_CityName: r.city ?? '',
    bill_StateName: r.state ?? '',
    bill_Pincode: r.pincode ?? '',
    bill_CountryName: r.country ?? '',
  };
}

export async function invoiceOf(tx: Tx, s: Sent): Promise<DispatchInvoice> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, s.companyId));
  const names = await productsOf(
    tx,
    s.cartons.map((c) => c.productId),
  );
  const cartonList = s.cartons.map((c) => ({
    CartonId: c.id,
    ProductName: names.get(c.productId)?.name ?? '',
    BatchNo: c.batchNo ?? '',
    TotalQty: c.packs,
    ProductUOM: names.get(c.productId)?.uom ?? '',
  }));
  return {
    CartonId: s.did,
    userDetail: await billingAddress(tx, s.target),
    TransportMode: s.transportMode,
    LR: s.lr,
    Qty: cartonList.length,
    cartonList,
    CompanyLogo: company!.logo ?? '',
    CompanyName: company!.name,
    Address: company!.address ?? '',
    City: company!.city ?? '',
    Pincode: company!.pincode ?? '',
    Mobile: company!.mobile ?? '',
    CreatedDt: s.createdAt.toISOString(),
  };
}
