// Mapping (spec 2 sections 2, 3, 4, 5 'Mapping form', 7): which product and batch a range of numbers is
// on. The spec's messages, ours where it has none, the save request and the list row.
import { z } from 'zod';
import { MAX_SERIAL } from '../../codes.js';

/** '41–60' or '41' (the same text as the server's rangeText). */
const span = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);

export const MAPPING_MSG = {
  productRequired: 'Please select product.',
  fromRequired: 'Please enter your from number.',
  fromBeforeTo: 'From number should be less than to number.',
  qtyPositive: 'Please enter +ve quantity.',
  batchRequired: 'Please enter Batch No',
  mfgRequired: 'Please select MFG Date',
  expAfterMfg: 'Please select Date after MFG Date',
  mrpInvalid: 'Please Enter Valid product MRP.',
  toRequired: 'Please enter To Number.',
  qtyMismatch: 'Quantity must equal To No. - From No. + 1.',
  batchTooLong: 'Batch No may have at most 50 characters.',
  remarkTooLong: 'Remarks may have at most 250 characters.',
  expRequired: 'Please select EXP Date',
  created: 'Numbers mapped successfully.',
  updated: 'Expiry date updated successfully.',
  notFound: 'Mapping not found.',
  noCompany: 'Only a user of a company can map numbers.',
  noPrefix: 'Static numbers need a user of a factory with a prefix.',
  otherPrefix: 'You can map static numbers only of your own factory prefix.',
  productNotFound: 'Product not found, or it is not active.',
  outOfRange: `Numbers go from 1 to ${MAX_SERIAL}.`,
  deleteRefused: 'A mapping cannot be deleted, its numbers may already be printed: use De Mapping to release numbers.',
} as const;

/** "Numbers 41–60 are already mapped (Neem Gold, batch B-7, 1–100)." */
export const alreadyMapped = (from: number, to: number, product: string, batch: string, mFrom: number, mTo: number) =>
  `${from === to ? 'Number' : 'Numbers'} ${span(from, to)} ${from === to ? 'is' : 'are'} already mapped (${product}, batch ${batch}, ${span(mFrom, mTo)}).`;

/** Preprinted numbers must be the company's accepted stock. */
export const notInStock = (from: number, to: number, missing: number) =>
  `${missing} of numbers ${span(from, to)} ${missing === 1 ? 'is' : 'are'} not in your accepted stock: accept issued numbers in Stock Management first.`;

/** A preprinted number already on a pack beside a static code. */
export const pairedPreprinted = (preprinted: number, prefix: string, staticNo: number) =>
  `Number ${preprinted} is already paired with static number ${staticNo} of prefix ${prefix} and cannot be mapped.`;
