// The outbox's state for a component: waiting and rejected counts, a drain running, a sign-in needed.
import { useSyncExternalStore } from 'react';
import { getOutboxStatus, subscribeOutboxStatus, type OutboxStatusView } from './drain-status.js';

export type { OutboxStatusView };

export const useOutboxStatus = (): OutboxStatusView =>
  useSyncExternalStore(subscribeOutboxStatus, getOutboxStatus, getOutboxStatus);
