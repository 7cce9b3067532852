// A copied label on Secondary Packing and a carton the server refused, fixed in place (issue 27 item
// 3), in Chromium on a 360 x 740 touch handheld as the factory user. A copy of a pack carries the
// genuine pack's printed number under another code (its MAC wrong). The second code of a number is
// never "already Scanned": both are set aside, the server says which is genuine, the copy is refused
// and the genuine pack packs. A carton closed offline with the copy in it is refused by the server,
// which names the copy by its printed number; Pending work sends the rest under the same slip.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { codeEnd, COPY_MSG, PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api } from '../helpers/api-client.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { goOffline, goOnline, unsent, workerInControl } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
/** A copy of KA n: the printed number right, the code's MAC wrong. */
const copyOf = (n: number) => {
  const g = uid(n);
  return g.slice(0, -1) + (g.endsWith('0') ? '1' : '0');
};
// This file's own band of KA (no other browser test maps 617_001..617_099).
const FROM = 617_001;

const b = useBrowser();
let context: BrowserContext;
let page: Page;
let floor: FloorSetup;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 3, slips: 4 });
  ({ context, page } = await b.open({ device: 'handheld', as: floor.factory }));
});

const verdict = () => page.locator('.ft-scan__message[role="status"]').first();
const count = () => page.getByTestId('packed-count').innerText();
async function scan(text: string) {
  await page.getByLabel('Scan items', { exact: true }).focus();
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}
async function openPacking() {
  await page.goto('/transaction/secondary-packing');
  await page.getByText(/^Data as of/).waitFor();
  if (await page.getByLabel('Carton Size', { exact: true }).first().isEnabled()) {
    await page.getByLabel('Carton Size', { exact: true }).first().click();
    await page.getByRole('option', { name: floor.sizeLabel }).click();
  }
}
const held = () => page.getByRole('alert').filter({ hasText: 'Set aside: suspected copies' });

describe('a copy and the genuine pack', () => {
  it('in one carton: both set aside, the server tells which is genuine, the genuine one packs', async () => {
    const n = FROM;
    await openPacking();
    await scan(copyOf(n));
    await verdict().getByText(`KA${n} added`).waitFor();
    await expect.poll(count).toBe('1 / 3');
    // The genuine pack: not "already Scanned", and the copy leaves the carton with it.
    await scan(uid(n));
    await expect.poll(count).toBe('0 / 3');
    await held().getByText(`KA${n}`).waitFor();
    // Online, the server answers at once: the genuine one is named by the end of its code.
    await verdict()
      .getByText(COPY_MSG.genuine(`KA${n}`, codeEnd(uid(n))))
      .waitFor();
    await screenshot(page, 'floor-copies-told');
    await scan(copyOf(n));
    await verdict()
      .getByText(COPY_MSG.copy(`KA${n}`))
      .waitFor();
    await scan(uid(n));
    await verdict().getByText(`KA${n} added`).waitFor();
    await expect.poll(count).toBe('1 / 3');
    await held()
      .getByText(`keep the pack ending ${codeEnd(uid(n))}`, { exact: false })
      .waitFor();
    // The carton goes on as any other.
    await scan(uid(n + 1));
    await scan(uid(n + 2));
    await page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle }).waitFor();
    await page.keyboard.type(floor.sid(0), { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(count).toBe('0 / 3');
    await expect.poll(() => unsent(page), { timeout: 30_000 }).toBe(0);
  });

  it('a carton closed offline with the copy: refused by the server naming KA, sent without it, same slip', async () => {
    const n = FROM + 10;
    await workerInControl(page);
    await openPacking();
    await goOffline(context);
    await scan(copyOf(n));
    await scan(uid(n + 1));
    await scan(uid(n + 2));
    await page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle }).waitFor();
    const sid = floor.sid(1);
    await page.keyboard.type(sid, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(count).toBe('0 / 3');
    // The genuine pack, offline: held, naming the carton that holds the other code.
    await scan(uid(n));
    await verdict()
      .getByText(COPY_MSG.inQueued(`KA${n}`, sid))
      .waitFor();
    await held().getByText('waiting for the server').waitFor();
    await screenshot(page, 'floor-copies-offline-held');

    await goOnline(context);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await verdict()
      .getByText(COPY_MSG.genuine(`KA${n}`, codeEnd(uid(n))))
      .waitFor({ timeout: 30_000 });
    // The carton reaches the server and is refused, the copy named by its printed number.
    await page.goto('/pending-work');
    const card = page.getByRole('listitem', { name: `Secondary carton ${sid}, 3 items` });
    await card.getByText('Rejected').waitFor({ timeout: 30_000 });
    await card.getByRole('list', { name: 'Items at fault' }).getByText(`KA${n}`).waitFor();
    // Resending the same packs cannot succeed: not offered.
    expect(await card.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    await screenshot(page, 'floor-copies-refused');
    await card.getByRole('button', { name: `Send without KA${n}` }).click();
    const confirm = page.getByRole('dialog', { name: `Send without KA${n}?` });
    await confirm.getByText(`Take KA${n} out of the carton first.`, { exact: false }).waitFor();
    await confirm.getByText(`Secondary carton ${sid}, 2 items`).waitFor();
    await screenshot(page, 'floor-copies-send-without');
    await confirm.getByRole('button', { name: 'Taken out: send the rest' }).click();
    await expect.poll(() => unsent(page), { timeout: 30_000 }).toBe(0);
    // The server holds the carton once, under its slip, with the two genuine packs.
    const list = await api(PACKING_API.secondaryList, { First: 1, PageSize: 50, SearchValue: sid }, floor.token);
    expect(list.body.ResponseData.map((r) => `${r.CartonId}:${r.TotalQty}:${r.reason ?? ''}`)).toEqual([
      `${sid}:2:Sent without KA${n}: refused by the server.`,
    ]);

    // And the genuine pack packs.
    await openPacking();
    await scan(uid(n));
    await verdict().getByText(`KA${n} added`).waitFor();
  });
});
