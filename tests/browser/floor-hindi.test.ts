// The floor in Hindi (issue 27 item 6) in Chromium on a 360 x 740 touch handheld, as the factory user:
// the language switched in the account menu and kept on the device; the floor screens' words, a scan
// accepted and refused in Hindi (the device's verdicts), drawn with a Devanagari font (the face
// Chromium used for the verdict, asked of the browser itself); a carton the server refuses shown on
// Pending work in Hindi while the wire stays the spec's English; and back to English.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { PAGE } from '../../src/shared/pages.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { hi } from '../../src/client/floor/words/hi.js';
import { api, ok } from '../helpers/api-client.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { boxFocused, cacheSince, wedgeScan } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const url = (n: number) => codeUrl(inject('baseUrl'), uid(n));
// This file's own band of KA (no other browser test maps 643_001..643_099).
const FROM = 643_001;
const DEVANAGARI = /[\u0900-\u097F]/;
const WAREHOUSE = { email: 'warehouse@example.com', password: 'Store123' } as const;

const b = useBrowser();
let page: Page;
let floor: FloorSetup;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 3, slips: 4 });
  ({ page } = await b.open({ device: 'handheld', as: floor.factory }));
});

const verdict = () => page.locator('.ft-scan__message').first();
const scanInto = async (label: string, text: string) => {
  await page.getByLabel(label, { exact: true }).focus();
  await boxFocused(page);
  await wedgeScan(page, text);
};

/** The font faces Chromium drew an element's text with (DevTools' "Rendered Fonts"). */
async function renderedFonts(selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.filter((f) => f.glyphCount > 0).map((f) => f.familyName);
  } finally {
    await cdp.detach();
  }
}

async function pickSize(label: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: floor.sizeLabel }).click();
}

describe('the floor in Hindi', () => {
  it('switches per device, shows the packing screen and its verdicts in Hindi, drawn in Devanagari', async () => {
    await page.goto(PAGE.secondaryPacking.path);
    await page.getByText(/^Data as of/).waitFor();
    await page.getByTestId('welcome').click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();

    await page.getByRole('heading', { name: hi.secondaryPacking }).waitFor();
    await page.getByTestId('welcome').getByText(hi.welcome('')).waitFor();
    await verdict().getByText(hi.readyToScan).waitFor();
    await page.getByRole('button', { name: hi.submit }).waitFor();
    await page.getByText(/^डेटा .* तक का/).waitFor();

    // Kept on the device: a reload is still in Hindi.
    await page.reload();
    await page.getByRole('heading', { name: hi.secondaryPacking }).waitFor();

    await pickSize(hi.cartonSize);
    await scanInto(hi.scanItems, url(FROM));
    await verdict().getByText(`KA${FROM} जुड़ गया`).waitFor();
    expect(await verdict().getAttribute('data-tone')).toBe('ok');
    await screenshot(page, 'floor-hindi-accepted');

    await scanInto(hi.scanItems, url(FROM));
    await verdict().getByText(hi.alreadyScanned, { exact: true }).waitFor();
    expect(await verdict().getAttribute('data-tone')).toBe('error');
    await scanInto(hi.scanItems, url(FROM + 5000)); // never mapped
    await verdict().getByText(hi.unmapped, { exact: true }).waitFor();
    await screenshot(page, 'floor-hindi-refused');

    // Drawn with a Devanagari face, not tofu: the face Chromium used for the verdict's words.
    const fonts = await renderedFonts('.ft-scan__message span');
    expect(
      fonts.some((f) => /Devanagari/i.test(f)),
      fonts.join(', '),
    ).toBe(true);
    expect(await verdict().innerText()).toMatch(DEVANAGARI);
  });

  // Skipped: its set-up (a pack packed through the API after the device's cache was read) did not get
  // the carton past the device in the last run (the slip dialog never opened); to be fixed.
  it('shows a carton the server refused on Pending work in Hindi; the wire stays English', async () => {
    await page.goto(PAGE.secondaryPacking.path);
    await page.getByRole('heading', { name: hi.secondaryPacking }).waitFor();
    const since = Date.now();
    await cacheSince(page, since - 60_000);
    // Offline, so no refresh of the cache learns of it: packed elsewhere after the device's cache was
    // read, the device lets it through and the server refuses.
    await page.context().setOffline(true);
    const elsewhere = floor.sid(3);
    await ok(
      'packed elsewhere',
      api(
        PACKING_API.secondarySave,
        {
          cartonMasterId: floor.sizeId,
          scanned: [{ UID: uid(FROM + 20) }, { UID: uid(FROM + 21) }, { UID: uid(FROM + 22) }],
          reason: '',
          CartonName: elsewhere,
        },
        floor.token,
      ),
    );
    const sid = floor.sid(1);

    // The carton of the test before (KA FROM) is still on the screen: two more fill it.
    await page.getByText(`KA${FROM}`, { exact: true }).waitFor();
    await scanInto(hi.scanItems, url(FROM + 1));
    await verdict()
      .getByText(`KA${FROM + 1} जुड़ गया`)
      .waitFor();
    await scanInto(hi.scanItems, url(FROM + 20));
    const dialog = page.getByRole('dialog', { name: hi.secondarySlipTitle });
    await dialog.waitFor();
    await screenshot(page, 'floor-hindi-slip');
    await wedgeScan(page, sid);
    await dialog.waitFor({ state: 'detached' });
    await verdict().getByText(hi.closed(sid, 3)).waitFor();

    await page.context().setOffline(false);
    await page.goto('/pending-work');
    await page.getByRole('heading', { name: hi.pendingWork }).waitFor();
    const card = page.getByRole('listitem', { name: hi.secondaryLabel(sid, 3) });
    await card.getByText(hi.stateRejected, { exact: true }).waitFor({ timeout: 30_000 });
    // One pack refused: the server's reason is that pack's, and the pack is named by its printed number.
    await card.getByText(hi.serverSaid(hi.packedIn(elsewhere)), { exact: true }).waitFor();
    await card.getByText(`KA${FROM + 20}: ${hi.packedIn(elsewhere)}`, { exact: true }).waitFor();
    await card.getByRole('button', { name: hi.sendWithout(`KA${FROM + 20}`) }).waitFor();
    await card.getByRole('button', { name: hi.discard }).waitFor();
    await page.getByText(hi.counts(0, 1)).waitFor();
    await page.getByRole('link', { name: hi.pendingLink(0, 1) }).waitFor();
    await screenshot(page, 'floor-hindi-pending-work');

    // What went and came back over the wire is the spec's English: the entry as the device sent it
    // (the page's or the service worker's push) and the server's answer as kept beside it.
    const kept = await page.evaluate(
      (slip) =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('fieldtrace');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('outbox').objectStore('outbox').getAll();
            all.onsuccess = () => {
              open.result.close();
              const entry = (all.result as Array<{ payload: unknown }>).find((e) =>
                JSON.stringify(e.payload).includes(slip),
              );
              resolve(JSON.stringify(entry ?? null));
            };
          };
        }),
      sid,
    );
    expect(kept).toContain(sid);
    expect(kept).toContain(PACKING_MSG.packed(elsewhere));
    expect(kept).not.toMatch(DEVANAGARI);
  });

  it('shows every floor screen in Hindi, and switches back to English', async () => {
    const screens = [
      [PAGE.tertiaryPacking.path, hi.tertiaryPacking, hi.scanCartons],
      [PAGE.dispatch.path, hi.dispatch, hi.transportMode],
      [PAGE.cartonReturn.path, hi.cartonReturn, hi.returnFromTransit],
      [PAGE.damageCarton.path, hi.damageCarton, hi.reasonOfDamage],
      [PAGE.replace.path, hi.replace, hi.whatToReplace],
    ] as const;
    for (const [path, title, word] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      await page.getByText(word, { exact: true }).first().waitFor();
    }
    // Damage Carton: its reason's refusal (the spec's message) in Hindi.
    await page.goto(PAGE.damageCarton.path);
    await scanInto(hi.scanCarton, floor.sid(2));
    await verdict().getByText(hi.damageReason).waitFor();
    await screenshot(page, 'floor-hindi-damage');

    await page.getByTestId('welcome').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: PAGE.damageCarton.label, exact: true }).waitFor();
  });

  it('shows Dispatch Receive in Hindi to the warehouse, whose device was switched before', async () => {
    const { page: store } = await b.open({ device: 'handheld', as: WAREHOUSE });
    await store.evaluate(() => localStorage.setItem('fieldtrace:floor-lang', 'hi'));
    await store.goto(PAGE.dispatchReceive.path);
    await store.getByRole('heading', { name: hi.dispatchReceive, exact: true }).waitFor();
    await store.getByText(hi.incomingTitle, { exact: true }).first().waitFor();
    await store.getByText(hi.receiveIdle, { exact: true }).waitFor();
    await store.getByRole('button', { name: hi.receive }).waitFor();
    await screenshot(store, 'floor-hindi-receive');
  });
});
