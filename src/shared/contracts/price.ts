// Price Master (spec 1 sections 2.18, 3.10, 5.9): a price per product, scoped by the product's company.
import { z } from 'zod';
import { recordId } from './fields.js';
import { pickedId } from './site.js';

export const PRICE_MSG = {
  productRequired: 'Please select Product.',
  pricePositive: 'Please enter +ve Price.',
  priceCents: 'Price may have at most 2 decimals.',
  created: 'Price saved successfully.',
  updated: 'Price updated successfully.',
  notFound: 'Price not found.',
  duplicate: 'This product already has a price: edit that one instead.',
} as const;

/** The largest price numeric(12, 2) holds. */
export const MAX_PRICE = 9_999_999_999.99;

export const priceSave = z.strictObject({
  PriceId: recordId('PriceId'),
  ProductId: pickedId(PRICE_MSG.productRequired),
  // A number, or its text as a form's decimal box holds it ('449.99').
  Price: z.union([z.number(), z.string().trim().regex(/^\d{1,10}(\.\d+)?$/, PRICE_MSG.pricePositive).transform(Number)], {
    error: PRICE_MSG.pricePositive,
  }).pipe(z.number().min(1, PRICE_MSG.pricePositive).max(MAX_PRICE, PRICE_MSG.pricePositive)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, PRICE_MSG.priceCents)),
});

export type PriceSave = z.input<typeof priceSave>;

export interface PriceRow {
  PriceId: number;
  ProductId: number;
  ProductName: string;
  Price: number;
  CreatedDate: string;
}

export interface PriceProductOption {
  ProductId: number;
  ProductName: string;
}
