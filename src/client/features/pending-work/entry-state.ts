// How one outbox entry reads on the Pending work screen: its state in words and colour, and the
// server's reason. Pure, from the entry and the time; in English, shown through the floor's `say`.
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import { en } from '../../floor/words/en.js';

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
      return { label: en.stateSent, color: 'green.8', ...(reason ? { reason } : {}) };
    case 'rejected':
      return { label: en.stateRejected, color: 'red.8', ...(reason ? { reason } : {}) };
    case 'sending':
      return { label: en.stateSending, color: 'blue.8' };
    default:
      if (e.answer?.code === '401') return { label: en.stateSignIn, color: 'violet.8', reason: en.waitsForSignIn };
      if (!e.answer) return { label: en.stateWaiting, color: 'blue.8' };
      return {
        label: e.notBefore > now ? en.stateRetryAt(time(e.notBefore)) : en.stateWaitingRetry,
        color: 'yellow.4',
        reason: en.lastTry(e.answer.message),
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
