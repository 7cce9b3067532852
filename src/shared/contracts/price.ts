// Price Master (spec 1 sections 2.18, 3.10, 5.9): a price per product, scoped by the product's company.
import { z } from 'zod';
import { recordId } from './fields.js';
import { pickedId } from './site.js';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { dateText, noData } from './answer.js';
import { col, listContract } from './list-contract.js';

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
  Price: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}(\.\d+)?$/, PRICE_MSG.pricePositive)
          .transform(Number),
      ],
      {
        error: PRICE_MSG.pricePositive,
      },
    )
    .pipe(
      z
        .number()
        .min(1, PRICE_MSG.pricePositive)
        .max(MAX_PRICE, PRICE_MSG.pricePositive)
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, PRICE_MSG.priceCents),
    ),
});

export type PriceSave = z.input<typeof priceSave>;

export const priceRow = z.object({
  PriceId: z.number(),
  ProductId: z.number(),
  ProductName: z.string(),
  Price: z.number(),
  CreatedDate: dateText,
});
export type PriceRow = z.infer<typeof priceRow>;

export const priceProductOption = z.object({ ProductId: z.number(), ProductName: z.string() });
export type PriceProductOption = z.infer<typeof priceProductOption>;

const pages = [PAGE.priceMaster];

/** The master's list: every row field sorts; newest first unless asked (the spec's CreatedDt). */
export const PRICE_LIST = listContract({
  page: pages[0]!,
  pages,
  list: 'PriceMaster/GetPrice',
  row: priceRow,
  columns: [
    col('ProductName', 'Product Name'),
    col('Price', 'Price'),
    col('CreatedDate', 'Created Date', { format: 'date' }),
  ],
  sortKeys: 'all',
  defaultSort: 'CreatedDt',
  rowKey: 'PriceId',
});

export const PRICE_API = {
  list: PRICE_LIST.api.list,
  save: postEndpoint('PriceMaster/CreatePrice', { pages }, priceSave, noData),
  /** The Price form's product picker: active products of the caller's company. */
  productDropdown: getEndpoint('PriceMaster/GetProductDDL', { pages }, z.array(priceProductOption)),
};
