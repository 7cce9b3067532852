// Recalling a product batch (issue 13 item 2; the recall trace is issue 14's): every pack of a
// recalled batch answers '-1' on the verification page with the reason. No spec screen holds it yet:
// the Mapping screen's users (who define batches) call it.
import { z } from 'zod';
import { postEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { dateText, listOf } from './answer.js';
import { requiredText } from './fields.js';
import { listRequest } from './list.js';

export const RECALL_MSG = {
  product: 'Please select product.',
  batch: 'Please enter the batch number.',
  reason: 'Please enter the reason of the recall.',
  saved: 'Batch recalled successfully.',
  duplicate: 'This batch is recalled already.',
  noBatch: 'No pack of this product carries this batch number.',
} as const;

export const recallSave = z.strictObject({
  ProductId: z.number({ error: RECALL_MSG.product }).int(RECALL_MSG.product).min(1, RECALL_MSG.product),
  BatchNo: requiredText(RECALL_MSG.batch, 'Batch No', 50),
  Reason: requiredText(RECALL_MSG.reason, 'Reason', 200),
});
export type RecallSave = z.input<typeof recallSave>;

export const recallRow = z.object({
  RecallId: z.number(), ProductName: z.string(), BatchNo: z.string(), Reason: z.string(), CreatedDate: dateText,
});

const pages = [PAGE.mapping];

export const RECALL_API = {
  save: postEndpoint('Recall/CreateRecall', { pages }, recallSave, z.null()),
  list: postEndpoint('Recall/GetRecalls', { pages }, listRequest, listOf(recallRow)),
} as const;
