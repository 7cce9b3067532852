// How one outbox entry reads on the Pending work screen: its state in words and colour, and the
// server's reason. Pure, from the entry and the time.
import type { OutboxEntry } from '../../offline/outbox-entry.js';

export interface EntryState {
  label: string;
  color: string;
  /** The server's answer, or the last failure while the entry is retried. */
  reason?: string;
}

const time = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function entryState(e: OutboxEntry, now: number): EntryState {
  const reason = e.answer?.message;
  switch (e.status) {
    case 'done':
      return { label: 'Sent', color: 'green.8', ...(reason ? { reason } : {}) };
    case 'rejected':
      return { label: 'Rejected', color: 'red.8', ...(reason ? { reason } : {}) };
    case 'sending':
      return { label: 'Sending', color: 'blue.8' };
    default:
      if (e.answer?.code === '401')
        return { label: 'Sign in needed', color: 'violet.8', reason: 'Waits for you to sign in again.' };
      if (!e.answer) return { label: 'Waiting', color: 'blue.8' };
      return {
        label: e.notBefore > now ? `Retry at ${time(e.notBefore)}` : 'Waiting to retry',
        color: 'yellow.4',
        reason: `Last try: ${e.answer.message}`,
      };
  }
}

/** When the work was done, by the device's clock. */
export const deviceTime = (ms: number): string =>
  new Date(ms).toLocaleString([], {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
