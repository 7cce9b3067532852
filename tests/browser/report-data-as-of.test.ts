// The report screens' "Data as of" line in Chromium against the real server. The browser tests' server
// has no standby, so the test adds to the real answer the header a standby's answer carries
// (x-data-as-of, 25 s before the answer's Date): the line shows that time on India's clock above the
// table, and goes when the next answer comes without it (read from the primary, current).
import { describe, expect, it } from 'vitest';
import { dataAsOfText } from '../../src/client/api/data-as-of.js';
import { REPORTS } from '../../src/shared/contracts/reports/index.js';
import { DATA_AS_OF_HEADER } from '../../src/shared/endpoint.js';
import { PAGE } from '../../src/shared/pages.js';
import { ADMIN, baseUrl, listShown } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const b = useBrowser();

describe('Data as of', () => {
  it('shows how old a standby answer is, and nothing once an answer is current', async () => {
    const { page } = await b.open({ device: 'desktop', session: ADMIN });
    let stale = true;
    let asOf = 0;
    await page.route(`**/API/api/${REPORTS.secondary.api.list.path}`, async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      // The body comes decoded: the encoding and length headers no longer describe it.
      delete headers['content-encoding'];
      delete headers['content-length'];
      if (stale) {
        asOf = (Date.parse(headers.date ?? '') || Date.now()) - 25_000;
        headers[DATA_AS_OF_HEADER] = new Date(asOf).toISOString();
      }
      await route.fulfill({ response: res, headers });
    });
    await page.goto(baseUrl() + PAGE.secondaryPackingReport.path);
    await listShown(page);
    const line = page.getByText(/^Data as of \d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => line.textContent()).toBe(dataAsOfText(asOf));
    // Between the search and the table, where the rows it speaks of begin.
    const [lineBox, searchBox] = [await line.boundingBox(), await page.getByLabel('Search').boundingBox()];
    expect(lineBox!.y).toBeGreaterThan(searchBox!.y);

    stale = false;
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => line.count()).toBe(0);
  });
});
