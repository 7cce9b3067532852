// Sends outbox entries to the server in one push (shared/contracts/floor/push.ts): each with its call,
// its payload, its key (the entry's id) and the device's time; the stored session's token (refreshed
// once on a 401, shared with the page: api/token-refresh.ts); each entry's answer classified by
// offline/outbox-rules.ts as if it had gone alone. No window and no page state, so the service
// worker and the page drain the same outbox with this same code.
import { API_BASE, refreshTokens, storedTokens, type TokenStore } from '../api/token-refresh.js';
import { PUSH_API, pushAnswer } from '@shared/contracts/floor/push.js';
import { DEVICE_KEY } from './device-identity.js';
import { readKv } from './kv-direct.js';
import type { OutboxEntry } from './outbox-entry.js';
import { classify, type Outcome } from './outbox-rules.js';
import type { Send } from './outbox.js';

export interface TransportOptions {
  store?: TokenStore;
  fetch?: typeof fetch;
  /** Empty in the browser (same origin); a server's address in tests. */
  origin?: string;
  now?: () => number;
  /** This device's id (offline/device-identity.ts); read from the device's store unless given. */
  device?: () => Promise<string | undefined>;
}

async function storedDeviceId(): Promise<string | undefined> {
  const d = (await readKv(DEVICE_KEY)) as { id?: unknown } | undefined;
  return typeof d?.id === 'string' ? d.id : undefined;
}

const signIn = (message: string): Outcome => ({ kind: 'signin', answer: { code: '401', message, data: null } });

const answers = pushAnswer.array();

/** The push's answer as one outcome per entry tried, in order; the push's own outcome when it was not
 *  answered as a whole (no network, 5xx, 429, a lost session), which then stands for the first entry. */
function outcomesOf(
  batch: OutboxEntry[],
  status: number,
  body: unknown,
  retryAfter: string | null,
  now: number,
): Outcome[] {
  const whole = classify(status, body, retryAfter, now);
  if (whole.kind !== 'answered' || whole.answer.code !== '200') return [whole];
  const parsed = answers.safeParse(whole.answer.data);
  if (!parsed.success)
    return [
      {
        kind: 'retry',
        answer: { code: '0', message: 'The server answered the push in a form this app does not know.', data: null },
      },
    ];
  const out: Outcome[] = [];
  for (const [i, a] of parsed.data.entries()) {
    // Answers come in the entries' order; one that does not match its entry ends what is believed.
    if (a.Key !== keyOf(batch[i])) break;
    out.push(classify(a.Status, a.Answer, null, now));
  }
  return out;
}

const keyOf = (e: OutboxEntry | undefined) => e && (e.key ?? e.id);

export function outboxTransport(o: TransportOptions = {}): Send {
  const store = o.store ?? storedTokens;
  const fetchFn = o.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = o.now ?? Date.now;
  const post = (batch: OutboxEntry[], token: string, device: string | undefined) =>
    fetchFn(`${o.origin ?? ''}${API_BASE}${PUSH_API.push.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        // The device and each entry's seq: the server notes what it answered from this device (store-gap.ts).
        ...(device ? { Device: device } : {}),
        Entries: batch.map((e) => ({
          Key: keyOf(e),
          Call: e.endpoint,
          DeviceTime: e.deviceTime,
          ...(e.seq ? { Seq: e.seq } : {}),
          Body: e.payload,
        })),
      }),
    });

  return async (batch) => {
    const pair = await store.read();
    if (!pair) return [signIn('Please sign in again.')];
    const device = o.device ? await o.device() : await storedDeviceId();
    let res: Response;
    try {
      res = await post(batch, pair.Token, device);
      if (res.status === 401) {
        const refreshed = await refreshTokens(pair.Token, { store, fetch: fetchFn, origin: o.origin ?? '' });
        if (!refreshed.ok) return [refreshed.reason === 'ended' ? signIn('Please sign in again.') : classify(0, null)];
        res = await post(batch, refreshed.pair.Token, device);
      }
    } catch {
      return [classify(0, null)];
    }
    const body = await res.json().catch(() => null);
    return outcomesOf(batch, res.status, body, res.headers.get('retry-after'), now());
  };
}
