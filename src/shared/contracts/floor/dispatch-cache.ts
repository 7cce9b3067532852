// The device's dispatch cache (issue 12 item 6): what Dispatch, Dispatch Receive and Carton Return check
// a scan against offline. One snapshot per refresh (FloorCache/GetDispatchData), small: the send-to
// targets with their billing addresses, transport modes and the company's invoice header (so the
// invoice prints offline), the dispatches on the way to the caller with their cartons, and the cartons
// the caller's site sent that it may still take back (their latest leg). The DID block a device
// reserves lives beside it (client floor/dispatch/did-block.ts): reserving is a write, not a snapshot.
import { z } from 'zod';
import { dispatchInvoice, transportModeOption } from './dispatch.js';

const billing = dispatchInvoice.shape.userDetail;

export const cacheTargetSite = z.strictObject({
  SiteId: z.number(),
  Name: z.string(),
  IsFactory: z.boolean(),
  Billing: billing,
});
export const cacheDealer = z.strictObject({ UserId: z.number(), Name: z.string(), Billing: billing });
export const cacheCompany = dispatchInvoice.pick({
  CompanyLogo: true,
  CompanyName: true,
  Address: true,
  City: true,
  Pincode: true,
  Mobile: true,
});

/** A carton still on the way on an incoming dispatch. */
export const incomingCarton = z.strictObject({
  CartonId: z.string(),
  ProductName: z.string(),
  BatchNo: z.string(),
  Qty: z.number(),
});
/** A dispatch on the way to the caller (its site, or the dealer it is): the cartons still on the way. */
export const incomingDispatch = z.strictObject({
  DispatchId: z.string(),
  SentFrom: z.string(),
  CreatedDt: z.string(),
  TotalCarton: z.number(),
  Cartons: z.array(incomingCarton),
});

/** A carton the caller's site may take back now (returnProblem finds nothing): its latest leg 'sent'
 *  (Return From Transit) or 'received' and still where the receipt left it. */
export const sentCarton = z.strictObject({
  CartonId: z.string(),
  DispatchId: z.string(),
  Leg: z.enum(['sent', 'received']),
  ProductName: z.string(),
  MFGDate: z.string(),
  EXPDate: z.string(),
});

export const dispatchCache = z.strictObject({
  AsOf: z.string(),
  /** The other active factories and warehouses of the company. */
  Sites: z.array(cacheTargetSite),
  /** The company's active dealers. */
  Dealers: z.array(cacheDealer),
  Modes: z.array(transportModeOption),
  Company: cacheCompany,
  Incoming: z.array(incomingDispatch),
  Sent: z.array(sentCarton),
});
export type CacheTargetSite = z.infer<typeof cacheTargetSite>;
export type CacheDealer = z.infer<typeof cacheDealer>;
export type IncomingDispatch = z.infer<typeof incomingDispatch>;
export type SentCarton = z.infer<typeof sentCarton>;
export type DispatchCache = z.infer<typeof dispatchCache>;
