// The stored verification a FeedbackId names (its row id and its secret), as the server finds it.
import { and, eq, type SQL } from 'drizzle-orm';
import { verifications } from '../../src/server/db/schema.js';
import { feedbackRef } from '../../src/shared/contracts/loyalty/points.js';

export function verificationOf(feedbackId: string): SQL {
  const ref = feedbackRef(feedbackId);
  if (!ref) throw new Error(`not a FeedbackId: ${feedbackId}`);
  return and(eq(verifications.id, ref.id), eq(verifications.feedbackKey, ref.key))!;
}
