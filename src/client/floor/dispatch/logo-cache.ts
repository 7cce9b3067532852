// The company logo for invoices made offline: fetched once while online and kept as a data URL in
// IndexedDB (the PDF draws a data URL, never fetches). No logo, or no copy yet: the invoice has none.
import { localDb, type FieldtraceDb } from '../../offline/db.js';

const key = (path: string) => `logo:${path}`;

export async function cachedLogo(path: string, db: FieldtraceDb = localDb): Promise<string | undefined> {
  if (!path) return undefined;
  return (await db.kv.get(key(path)).catch(() => undefined))?.value as string | undefined;
}

/** Keeps a copy of the logo at `path` (same origin); quietly nothing offline or on any failure. */
export async function rememberLogo(path: string, db: FieldtraceDb = localDb): Promise<void> {
  if (!path || (await cachedLogo(path, db))) return;
  try {
    const res = await fetch(path);
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) return;
    const blob = await res.blob();
    const url = await new Promise<string>((done, fail) => {
      const r = new FileReader();
      r.onload = () => done(String(r.result));
      r.onerror = () => fail(r.error);
      r.readAsDataURL(blob);
    });
    await db.kv.put({ key: key(path), value: url });
  } catch {
    // Offline or not an image: the next visit tries again.
  }
}
