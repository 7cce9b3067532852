// A business refusal's answer ('400'): the message and, where the work named items (the codes of a
// carton, the cartons of a dispatch), each item at fault with its own reason. The outbox's Pending
// work screen shows these for a rejected entry.
import { z } from 'zod';

/** `Code` names the item as the operator reads it (a pack by its printed number); `Scan` is the item as
 *  it was sent (a pack's uid), where the two differ, so a device can take exactly that one out. */
export const refusedItem = z.object({ Code: z.string(), Reason: z.string(), Scan: z.string().optional() });
export type RefusedItem = z.infer<typeof refusedItem>;

export const refusalData = z.object({ Items: z.array(refusedItem) });
export type RefusalData = z.infer<typeof refusalData>;

/** The items of a refusal's ResponseData, or none when it holds none. */
export function refusedItems(data: unknown): RefusedItem[] {
  const parsed = refusalData.safeParse(data);
  return parsed.success ? parsed.data.Items : [];
}
