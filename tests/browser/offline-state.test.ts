// Offline on a 360 x 740 handheld: the header says Offline and a list says it needs the network
// instead of a false 'No Data found'; back online both go and the rows come back.
import { describe, expect, it } from 'vitest';
import { ADMIN, listShown, screenshot } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const OFFLINE_LIST = 'Offline: this list needs the network';
const WAIT = { timeout: 30_000 };

const b = useBrowser();

describe('offline state', () => {
  it('shows Offline in the header and on a list, and clears both when the network returns', async () => {
    const { context, page } = await b.open({ device: 'handheld', as: ADMIN });
    await page.goto('/masters/carton-master');
    await listShown(page);
    const offlineBadge = page.getByRole('banner').getByText('Offline', { exact: true });
    expect(await offlineBadge.count()).toBe(0);

    await context.setOffline(true);
    await expect.poll(() => offlineBadge.isVisible(), WAIT).toBe(true);
    // A new search needs the server: the list says so rather than showing an empty table.
    await page.getByRole('textbox', { name: 'Search' }).fill('box');
    await expect.poll(() => page.getByText(OFFLINE_LIST).isVisible(), WAIT).toBe(true);
    expect(await page.getByText('No Data found').count()).toBe(0);
    await screenshot(page, 'offline-carton-master-360');

    await context.setOffline(false);
    await expect.poll(() => offlineBadge.count(), WAIT).toBe(0);
    await expect.poll(() => page.getByText(/^Showing \d+ to \d+ of \d+$/).isVisible(), WAIT).toBe(true);
    expect(await page.getByText(OFFLINE_LIST).count()).toBe(0);
  });

  it('shows Offline when a request fails on the network while the browser still reports online', async () => {
    const { page } = await b.open({ device: 'handheld', as: ADMIN });
    await page.goto('/masters/carton-master');
    await listShown(page);
    // The server is unreachable (a dead Wi-Fi that still reports a link): list calls fail on the network.
    await page.route('**/API/api/CartonMaster/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('textbox', { name: 'Search' }).fill('crate');
    await expect.poll(() => page.getByText(OFFLINE_LIST).isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => page.getByRole('banner').getByText('Offline', { exact: true }).isVisible(), WAIT)
      .toBe(true);

    await page.unroute('**/API/api/CartonMaster/**');
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await expect.poll(() => page.getByText(/^Showing \d+ to \d+ of \d+$/).isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByRole('banner').getByText('Offline', { exact: true }).count(), WAIT).toBe(0);
  });
});
