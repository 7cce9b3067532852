// Messages between the page and the service worker; shared so both sides spell them the same.
export const SKIP_WAITING = 'SKIP_WAITING';

export interface SkipWaitingMessage {
  type: typeof SKIP_WAITING;
}

export function isSkipWaitingMessage(data: unknown): data is SkipWaitingMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}
