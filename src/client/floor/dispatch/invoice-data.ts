// What a dispatch invoice prints (spec 2 section 3, "Dispatch invoice data" and "Company data"), with
// the spec's field names. The device builds it from its own dispatch when offline, or takes the save's
// answer; either way it is parsed here once, so the PDF never guesses at a missing field.
import { z } from 'zod';
import { parseSlipId } from '@shared/codes.js';
import type { DispatchInvoice as SaveAnswer } from '@shared/contracts/floor/dispatch.js';

/** Address parts come back null for records not saved through a form (see the site and company rows). */
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** The dispatch number is a DID, exactly as stored: it names the file and is the QR's content. */
const dispatchId = z.string().refine((v) => {
  const id = parseSlipId(v);
  return id?.type === 'DID' && id.text === v;
}, 'The dispatch number must be a DID such as DID26KA00001.');

export const invoiceCarton = z.object({
  CartonId: z.string(),
  ProductName: text,
  BatchNo: text,
  TotalQty: z.number(),
  ProductUOM: text,
});

export const invoiceTarget = z.object({
  FirmName: text,
  bill_Address1: text,
  bill_Address2: text,
  bill_CityName: text,
  bill_StateName: text,
  bill_Pincode: text,
  bill_CountryName: text,
});

export const dispatchInvoice = z.object({
  CartonId: dispatchId,
  userDetail: invoiceTarget,
  TransportMode: text,
  LR: text,
  /** Cartons on the dispatch (each one's packs are its TotalQty), as the save answers. */
  Qty: z.number(),
  cartonList: z.array(invoiceCarton),
  // The company's own, flat as Dispatch/save answers them (the spec's "Company data").
  /** The stored upload path ('/uploads/...') or ''; the PDF draws `logoImage`, never fetches this. */
  CompanyLogo: text,
  CompanyName: text,
  Address: text,
  City: text,
  Pincode: text,
  Mobile: text,
  /** When the dispatch was made (ISO time; the spec's name for a dispatch's date in its list row). */
  CreatedDt: z.string().min(1),
  /**
   * Ours: CompanyLogo already loaded as a PNG, JPEG, GIF or WebP data URL, by the caller (the device's
   * cached copy when offline); absent, or unreadable, the invoice simply has no logo.
   */
  logoImage: z.string().startsWith('data:image/').optional(),
});

/** What a caller passes (nulls allowed where the server sends them). */
export type DispatchInvoice = z.input<typeof dispatchInvoice>;
/** What the PDF is drawn from. */
export type ParsedInvoice = z.output<typeof dispatchInvoice>;
export type InvoiceCarton = z.output<typeof invoiceCarton>;

/** Dispatch/save's answer prints as it comes: the compiler holds the two shapes together here. */
export const invoiceOfSave = (answer: SaveAnswer, logoImage?: string): DispatchInvoice => ({ ...answer, logoImage });
