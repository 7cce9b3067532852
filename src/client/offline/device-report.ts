// What the device tells the server with every drain (shared/contracts/device.ts): its outbox's counts
// over every user of the device, its storage, and the highest sequence number it gave; sent with the
// stored session's token (refreshed once on a 401, as the push is). No window and no page state.
import Dexie from 'dexie';
import { DEVICE_API, deviceAcked, type DeviceAcked, type DeviceReport } from '@shared/contracts/device.js';
import { API_BASE, refreshTokens, storedTokens, type TokenStore } from '../api/token-refresh.js';
import type { FieldtraceDb } from './db.js';
import type { DeviceIdentity } from './device-identity.js';
import { createdSeq } from './device-seq.js';

export interface StorageFacts {
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
  persisted?: () => Promise<boolean>;
}

/** The app's version as the build stamps it (vite.config.ts). */
export const APP_VERSION: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? 'dev';

const whole = (n: number | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : null;

export async function buildReport(
  db: FieldtraceDb,
  identity: DeviceIdentity,
  o: { now?: number; storage?: StorageFacts | undefined; version?: string } = {},
): Promise<DeviceReport> {
  const now = o.now ?? Date.now();
  const storage = 'storage' in o ? o.storage : typeof navigator === 'undefined' ? undefined : navigator.storage;
  // Counted on the status index, and the oldest waiting entry is the first queued (the front of the
  // [status+seq] index): a full shift queued (6,000 cartons) is not read whole at start and after every drain.
  const first = (status: 'pending' | 'sending') =>
    db.outbox.where('[status+seq]').between([status, Dexie.minKey], [status, Dexie.maxKey]).first();
  const [pending, rejected, heads] = await Promise.all([
    db.outbox.where('status').anyOf('pending', 'sending').count(),
    db.outbox.where('status').equals('rejected').count(),
    Promise.all([first('pending'), first('sending')]),
  ]);
  const times = heads.flatMap((e) => (e ? [e.deviceTime] : []));
  const oldest = times.length > 0 ? Math.min(...times) : null;
  const estimate = await storage?.estimate?.().catch(() => undefined);
  const persisted = await storage?.persisted?.().catch(() => undefined);
  return {
    DeviceId: identity.id,
    AppVersion: o.version ?? APP_VERSION,
    Pending: pending,
    OldestPendingSeconds: oldest === null ? null : Math.max(0, Math.floor((now - oldest) / 1000)),
    Rejected: rejected,
    StorageUsed: whole(estimate?.usage),
    StorageQuota: whole(estimate?.quota),
    Persisted: typeof persisted === 'boolean' ? persisted : null,
    Created: await createdSeq(db),
  };
}

export interface ReportTransport {
  store?: TokenStore;
  fetch?: typeof fetch;
  origin?: string;
}

/** Sends the report; the server's answer (what it has had from this device), or null when it could
 *  not be sent or was refused (the next drain reports again). */
export async function sendReport(report: DeviceReport, o: ReportTransport = {}): Promise<DeviceAcked | null> {
  const store = o.store ?? storedTokens;
  const fetchFn = o.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const origin = o.origin ?? '';
  const post = (token: string) =>
    fetchFn(`${origin}${API_BASE}${DEVICE_API.report.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(report),
    });
  try {
    const pair = await store.read();
    if (!pair) return null;
    let res = await post(pair.Token);
    if (res.status === 401) {
      const refreshed = await refreshTokens(pair.Token, { store, fetch: fetchFn, origin });
      if (!refreshed.ok) return null;
      res = await post(refreshed.pair.Token);
    }
    const body = (await res.json().catch(() => null)) as { ResponseCode?: string; ResponseData?: unknown } | null;
    if (!res.ok || body?.ResponseCode !== '200') return null;
    const acked = deviceAcked.safeParse(body.ResponseData);
    return acked.success ? acked.data : null;
  } catch {
    return null;
  }
}
