// A refused access token in the stored session (expired, or refreshed by another tab or the service
// worker's outbox): the page refreshes it once through the stored pair and the screen still shows its
// rows; a refresh token that is no good any more ends on the sign-in screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, listShown } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const b = useBrowser();

/** The stored session's token pair, changed as `change` says (null: read only). */
function storedPair(page: Page, change: { Token?: string; RefreshToken?: string } | null) {
  return page.evaluate(
    (patch) =>
      new Promise<{ Token: string; RefreshToken: string }>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('kv', 'readwrite');
          const store = tx.objectStore('kv');
          let read: { Token: string; RefreshToken: string } | undefined;
          const get = store.get('session');
          get.onsuccess = () => {
            const row = get.result as { key: string; value: { Token: string; RefreshToken: string } };
            if (patch) store.put({ ...row, value: { ...row.value, ...patch } });
            read = { Token: row.value.Token, RefreshToken: row.value.RefreshToken };
          };
          // Answer once the write is committed: a navigation straight after would otherwise abort it.
          tx.oncomplete = () => {
            db.close();
            if (read) resolve(read);
            else reject(new Error('no stored session'));
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    change,
  );
}

describe('a refused access token', () => {
  it('is refreshed from the stored pair, and the list still shows its rows', async () => {
    const { page } = await b.open({ device: 'handheld', as: ADMIN });
    const before = await storedPair(page, { Token: 'expired-token' });
    await page.goto('/masters/carton-master');
    await listShown(page);
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    const after = await storedPair(page, null);
    expect(after.Token).not.toBe('expired-token');
    expect(after.RefreshToken).not.toBe(before.RefreshToken);
    expect(page.url()).toMatch(/\/masters\/carton-master$/);
  });

  it('with a refresh token that is no good any more, ends on the sign-in screen', async () => {
    const { page } = await b.open({ device: 'handheld', as: ADMIN });
    await storedPair(page, { Token: 'expired-token', RefreshToken: 'spent-refresh-token' });
    await page.goto('/masters/carton-master');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 60_000 });
    expect(page.url()).toMatch(/\/login$/);
  });
});
