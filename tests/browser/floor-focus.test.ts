// Scans caught wherever focus is (issue 27 item 1), on every floor screen in Chromium at 360 x 740
// touch: each control is clicked, tapped or picked again (the carton size, Send To, the transport mode,
// the send-to type, the Replace type, Return From Transit, a carton's Arrived box, the buttons that stay
// on the screen) and a keyboard-wedge scanner's burst (5 ms a key, then Enter) follows, with focus not
// in the scan box. The verdict and the count the operator sees answer each; a burst in a text field
// (a remark, a search box, LR No) stays there; an open dialog's scan box takes the burst; a dialog
// without one refuses it in red. Made through the API first: the factory's cartons of its own band
// and oldest batch (no other carton is its older stock), one dispatch on its way to the depot.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { CARTON_DAMAGE_API, CARTON_DAMAGE_MSG } from '../../src/shared/contracts/floor/carton-damage.js';
import { RETURN_MSG } from '../../src/shared/contracts/floor/carton-return.js';
import { FLOOR_CACHE_API } from '../../src/shared/contracts/floor/cache.js';
import { DISPATCH_API, DISPATCH_MSG } from '../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_MSG } from '../../src/shared/contracts/floor/dispatch-receive.js';
import { PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { REPLACE_MSG } from '../../src/shared/contracts/floor/replace.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { RECEIVE_TEXT } from '../../src/client/features/floor/receive/receive-rows.js';
import { RETURN_DEVICE_MSG } from '../../src/client/features/floor/return/return-scan.js';
import { NOT_TAKEN } from '../../src/client/floor/page-scan.js';
import { api, ok } from '../helpers/api-client.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { unsent } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const url = (n: number) => codeUrl(inject('baseUrl'), uid(n));
const shown = (n: number) => `KA${n}`;
// This file's own band of KA (no other browser test maps 533_001..533_099).
const FROM = 533_001;
/** The oldest batch of its product: no carton left at the plant is older stock for these. */
const MFG = '2019-03-01';
const WAREHOUSE = { email: 'warehouse@example.com', password: 'Store123', site: 'Pune Depot' } as const;

const b = useBrowser();
let factory: Page;
let floor: FloorSetup;
/** Secondary cartons 1..7 of two packs each (packs FROM + 10 + 2(i - 1) and the next); sid(0) is
 *  closed on the screen. t0 = s1 + s2 at the plant; t1 = s5 + s6 and loose s7 on didA, on the way. */
let sid: (i: number) => string;
let t0: string;
let t1: string;
let didA: string;

const firstPack = (i: number) => FROM + 10 + 2 * (i - 1);

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 2, slips: 8, mfgDate: MFG, product: 2 });
  ({ sid } = floor);
  t0 = floor.tid(0);
  t1 = floor.tid(1);
  for (let i = 1; i <= 7; i++)
    await ok(
      sid(i),
      api(
        PACKING_API.secondarySave,
        {
          cartonMasterId: floor.sizeId,
          scanned: [{ UID: uid(firstPack(i)) }, { UID: uid(firstPack(i) + 1) }],
          reason: '',
          CartonName: sid(i),
        },
        floor.token,
      ),
    );
  for (const [tid, inside] of [
    [t0, [1, 2]],
    [t1, [5, 6]],
  ] as const)
    await ok(
      tid,
      api(
        PACKING_API.tertiarySave,
        {
          cartonMasterId: floor.sizeId,
          scanned: inside.map((i) => ({ CartonId: sid(i) })),
          reason: '',
          remark: '',
          CartonName: tid,
        },
        floor.token,
      ),
    );
  const data = await ok('dispatch data', api(FLOOR_CACHE_API.dispatch, undefined, floor.token));
  const invoice = await ok(
    'dispatch',
    api(
      DISPATCH_API.save,
      {
        SendTo: 0,
        WareHouseId: data.Sites.find((s) => s.Name === WAREHOUSE.site)!.SiteId,
        scanned: [t1, sid(7)].map((CartonId) => ({ CartonId })),
        TransportModeId: data.Modes[0]!.TransportModeId,
        LR: `LR-${FROM}`,
        Remark: '',
      },
      floor.token,
    ),
  );
  didA = invoice.CartonId;
  // Signed in after the API work: the device caches load at sign-in and know all of it.
  ({ page: factory } = await b.open({ device: 'handheld', as: floor.factory }));
});

// What is left at the plant goes, so that this oldest batch is no other file's older stock.
afterAll(async () => {
  if (!floor) return;
  for (const id of [t0, sid(0), sid(3), sid(4)])
    await api(CARTON_DAMAGE_API.damage, { DamageCid: id, Reason: 'Floor focus test done' }, floor.token).catch(
      () => undefined,
    );
});

/** A keyboard-wedge scanner's burst wherever focus is: the characters 5 ms apart, then Enter. */
async function wedge(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Where focus is, as the operator would name it: a scan box, a dialog, the page, or the control's label. */
const focusIsOn = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (el === null || el === document.body) return 'the page';
    if (el.classList.contains('ft-scan__input'))
      return el.closest('[role="dialog"]') ? "the dialog's scan box" : 'the scan box';
    if (el.matches('[role="dialog"]')) return 'the dialog';
    return el.labels?.[0]?.textContent?.trim() || el.getAttribute('aria-label') || el.innerText.trim();
  });

/** The page's scan box verdict (dialogs' boxes come later in the document). */
const verdict = (page: Page) => page.locator('.ft-scan__message').first();
async function says(scope: Locator, text: string) {
  await scope.getByText(text, { exact: true }).waitFor();
}
const count = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/** A scan refused while a dialog without a scan box is open: in red in the box under the dialog, and
 *  in a toast over it (the dialog fills a handheld's screen). */
async function refusedUnderDialog(page: Page) {
  await page.getByRole('alert').filter({ hasText: NOT_TAKEN.dialog.message }).first().waitFor();
  await says(verdict(page), NOT_TAKEN.dialog.message);
  expect(await verdict(page).getAttribute('data-tone')).toBe('error');
}

/** Opens a floor screen once its device data is read and the box is ready for scans. */
async function open(page: Page, path: string, idle: string) {
  await page.goto(path);
  await page.getByText(/^Data as of/).waitFor();
  await says(verdict(page), idle);
}

/** A picker's option, chosen by touch or by mouse. */
async function pick(page: Page, label: string, option: string, how: 'tap' | 'click') {
  await page.getByLabel(label, { exact: true }).first()[how]();
  await page.getByRole('option', { name: option, exact: true })[how]();
}

describe('scans caught wherever focus is, on a handheld', () => {
  it('Secondary Packing: the carton size picked again, a remark dialog and the slip dialog', async () => {
    const page = factory;
    await open(page, '/transaction/secondary-packing', 'Ready to scan');
    await pick(page, 'Carton Size', floor.sizeLabel, 'tap');
    // The size already shown, picked again: no change, so focus stays on the picker (issue 27).
    await pick(page, 'Carton Size', floor.sizeLabel, 'click');
    expect(await focusIsOn(page)).toBe('Carton Size');
    await wedge(page, url(FROM));
    await says(verdict(page), `${shown(FROM)} added`);
    await expect.poll(() => count(page, 'packed-count')).toBe('1 / 2');
    expect(await focusIsOn(page)).toBe('the scan box');

    // Submit on a part-filled carton asks its remark: a burst in the remark is the operator's text.
    await page.getByRole('button', { name: 'Submit', exact: true }).tap();
    const remark = page.getByRole('dialog', { name: PACKING_MSG.fractionalTitle });
    const field = remark.getByLabel(PACKING_MSG.fractional);
    await expect.poll(() => focusIsOn(page)).toBe(PACKING_MSG.fractional);
    await wedge(page, 'SID26KA00099');
    expect((await field.inputValue()).trim()).toBe('SID26KA00099');
    // Off the field, on the dialog itself: a dialog without a scan box refuses the scan aloud.
    await remark.getByText(PACKING_MSG.fractionalTitle).tap();
    expect(await focusIsOn(page)).toBe('the dialog');
    await wedge(page, url(FROM + 1));
    await refusedUnderDialog(page);
    await screenshot(page, 'floor-focus-refused-in-dialog');
    await remark.getByRole('button', { name: 'Cancel' }).tap();
    await remark.waitFor({ state: 'detached' });
    expect(await count(page, 'packed-count')).toBe('1 / 2');

    await wedge(page, url(FROM + 1));
    await says(verdict(page), `${shown(FROM + 1)} added`);
    // Full: the slip dialog's box is mounted beside the page's, and the open dialog's box takes the scan.
    const slip = page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle });
    await slip.waitFor();
    await slip.getByRole('heading', { name: PACKING_MSG.secondarySlipTitle }).tap();
    expect(await focusIsOn(page)).toBe('the dialog');
    await wedge(page, 'SID26NG00001');
    await says(slip.locator('.ft-scan__message'), PACKING_MSG.invalidSlip);
    expect(await focusIsOn(page)).toBe("the dialog's scan box");
    await slip.getByRole('heading', { name: PACKING_MSG.secondarySlipTitle }).tap();
    await wedge(page, sid(0));
    await slip.waitFor({ state: 'detached' });
    await says(verdict(page), PACKING_MSG.closed(sid(0), 2));
    await expect.poll(() => count(page, 'packed-count')).toBe('0 / 2');
    // The carton reaches the server before the Damage Carton test and the clean-up need it there.
    await expect.poll(() => unsent(page), { timeout: 60_000 }).toBe(0);
  });

  it('Tertiary Packing: the carton size tapped again, the history search and the remark dialog', async () => {
    const page = factory;
    await open(page, '/transaction/tertiary-packing', 'Ready to scan');
    await pick(page, 'Carton Size', floor.sizeLabel, 'click');
    await pick(page, 'Carton Size', floor.sizeLabel, 'tap');
    expect(await focusIsOn(page)).toBe('Carton Size');
    await wedge(page, sid(3));
    await says(verdict(page), `${sid(3)} added`);
    await expect.poll(() => count(page, 'packed-count')).toBe('1 / 2');

    // The history's search box is a text field: the burst is a search, not a scan.
    const search = page.locator('.ft-packing__history').getByLabel('Search');
    await search.tap();
    await wedge(page, sid(4));
    expect(await search.inputValue()).toBe(sid(4));
    expect(await count(page, 'packed-count')).toBe('1 / 2');
    await search.fill('');

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const remark = page.getByRole('dialog', { name: PACKING_MSG.fractionalTitle });
    await remark.getByText(PACKING_MSG.fractionalTitle).click();
    await wedge(page, sid(4));
    await refusedUnderDialog(page);
    await remark.getByRole('button', { name: 'Cancel' }).click();
    await remark.waitFor({ state: 'detached' });
    await wedge(page, sid(4));
    await says(verdict(page), `${sid(4)} added`);
    await expect.poll(() => count(page, 'packed-count')).toBe('2 / 2');
    // Full: its slip dialog; left open, then cancelled (the carton stays on this device only).
    const slip = page.getByRole('dialog', { name: PACKING_MSG.tertiarySlipTitle });
    await slip.getByRole('button', { name: 'Cancel' }).tap();
    await slip.waitFor({ state: 'detached' });
  });

  it('Dispatch: the send-to type, Send To picked again, the transport mode, LR No and Submit', async () => {
    const page = factory;
    await open(page, '/transaction/dispatch', 'Choose Send To, then scan the cartons');
    const sendToType = page.getByLabel('Send to type');
    await sendToType.getByText('Dealer', { exact: true }).tap();
    expect(await focusIsOn(page)).toBe('Dealer');
    await wedge(page, t0);
    await says(verdict(page), DISPATCH_MSG.selectSendTo);
    await sendToType.getByText('WareHouse', { exact: true }).click();
    expect(await focusIsOn(page)).toBe('WareHouse');

    await pick(page, 'Send To', WAREHOUSE.site, 'click');
    // Send To is searchable: picked again, focus stays in its search, and the scan still reaches the box.
    await pick(page, 'Send To', WAREHOUSE.site, 'tap');
    expect(await focusIsOn(page)).toBe('Send To');
    await wedge(page, t0);
    await says(verdict(page), `${t0} added`);
    await expect.poll(() => count(page, 'dispatch-count')).toBe('1');
    const sendTo = page.getByLabel('Send To', { exact: true }).first();
    expect(await sendTo.inputValue()).toBe(WAREHOUSE.site);

    await pick(page, 'Transport Mode', 'Courier', 'tap');
    expect(await focusIsOn(page)).toBe('Transport Mode');
    await wedge(page, sid(3));
    await says(verdict(page), `${sid(3)} added`);
    await pick(page, 'Transport Mode', 'Courier', 'click');
    await wedge(page, sid(4));
    await says(verdict(page), `${sid(4)} added`);
    await expect.poll(() => count(page, 'dispatch-count')).toBe('3');

    // LR No is a text field: the burst is its text.
    const lr = page.getByLabel('LR No', { exact: true });
    await lr.tap();
    await wedge(page, 'LR533');
    expect(await lr.inputValue()).toBe('LR533');
    expect(await count(page, 'dispatch-count')).toBe('3');
    await lr.fill('');

    // Submit refuses without LR No and stays on the screen; a scan after it is still answered.
    await page.getByRole('button', { name: 'Submit', exact: true }).tap();
    await page.getByRole('alert').getByText(DISPATCH_MSG.enterLr, { exact: true }).waitFor();
    expect(await focusIsOn(page)).toBe('Submit');
    await wedge(page, t0);
    await says(verdict(page), DISPATCH_MSG.alreadyScanned);
    expect(await count(page, 'dispatch-count')).toBe('3');
    await screenshot(page, 'floor-focus-dispatch');
  });

  it('Carton Return: Return From Transit ticked and unticked, a delete asked, the remarks', async () => {
    const page = factory;
    await open(page, '/transaction/carton-return', 'Scan the cartons to take back');
    const transit = page.getByLabel(RETURN_MSG.transit);
    await transit.tap();
    await transit.click();
    expect(await transit.isChecked()).toBe(false);
    expect(await focusIsOn(page)).toBe(RETURN_MSG.transit);
    await wedge(page, t1);
    await says(verdict(page), RETURN_MSG.inTransit(t1, didA));
    await transit.tap();
    expect(await transit.isChecked()).toBe(true);
    await wedge(page, t1);
    await says(verdict(page), RETURN_DEVICE_MSG.added(t1));
    await expect.poll(() => count(page, 'return-count')).toBe('1 scanned');

    // Delete asks first: a scan while the question is open is refused, and the carton stays.
    await page.getByRole('button', { name: `Delete ${t1}` }).tap();
    const confirm = page.getByRole('dialog', { name: 'Confirm to delete' });
    await confirm.waitFor();
    await wedge(page, sid(7));
    await refusedUnderDialog(page);
    await confirm.getByRole('button', { name: 'No' }).tap();
    await confirm.waitFor({ state: 'detached' });
    expect(await count(page, 'return-count')).toBe('1 scanned');

    // The return remarks are the operator's text.
    await page.getByRole('button', { name: 'Submit', exact: true }).tap();
    const remark = page.getByRole('dialog', { name: RETURN_MSG.remarkTitle });
    const field = remark.getByLabel('Return remarks');
    await expect.poll(() => focusIsOn(page)).toBe('Return remarks');
    await wedge(page, sid(7));
    expect((await field.inputValue()).trim()).toBe(sid(7));
    await remark.getByRole('button', { name: 'Cancel' }).tap();
    await remark.waitFor({ state: 'detached' });
    expect(await count(page, 'return-count')).toBe('1 scanned');
  });

  it('Replace: the type picked again, its dialog with a scan box of its own, and the form reset', async () => {
    const page = factory;
    await open(page, '/transaction/replace', 'Scan a pack code or a carton slip');
    const pid = page.getByRole('radio', { name: 'Primary Qr Code (PID)' });
    await pid.tap();
    // Chosen, the screen puts focus in the box; the type chosen again leaves it on the radio.
    await expect.poll(() => focusIsOn(page)).toBe('the scan box');
    await pid.click();
    expect(await focusIsOn(page)).toBe('Primary Qr Code (PID)');
    const old = firstPack(3); // in sid(3), loose at the plant
    await wedge(page, url(old));
    const dialog = page.getByRole('dialog', { name: REPLACE_MSG.dialogTitle });
    await dialog.waitFor();
    await says(verdict(page), `${shown(old)}: scan the new code.`);

    // In the dialog, off its box: the dialog's box takes the burst.
    await dialog.getByText('Replacing', { exact: true }).tap();
    expect(await focusIsOn(page)).toBe('the dialog');
    await wedge(page, url(old));
    await says(dialog.locator('.ft-scan__message'), REPLACE_MSG.sameCode);
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await dialog.waitFor({ state: 'detached' });

    await page.locator('.ft-replace__bar').getByRole('button', { name: 'Replace' }).tap();
    await dialog.getByText('Replacing', { exact: true }).click();
    await wedge(page, url(FROM + 50));
    await dialog.waitFor({ state: 'detached' });
    await says(verdict(page), `${REPLACE_MSG.doneCode(shown(old), shown(FROM + 50))} Queued to send.`);

    // The form reset: the SID type, tapped twice, and a pack's code is refused for it.
    const sidType = page.getByRole('radio', { name: 'Secondary Carton Slips (SID)' });
    await sidType.tap();
    await expect.poll(() => focusIsOn(page)).toBe('the scan box');
    await sidType.tap();
    expect(await focusIsOn(page)).toBe('Secondary Carton Slips (SID)');
    await wedge(page, url(FROM + 51));
    await says(verdict(page), REPLACE_MSG.pidNotSid);
  });

  it('Damage Carton: the reason is typed, the question is open, the camera panel is open', async () => {
    const page = factory;
    await open(page, '/transaction/Damage-carton', 'Write the reason, then scan the carton');
    const reason = page.getByLabel('Reason of damage');
    await reason.tap();
    await wedge(page, sid(4));
    expect((await reason.inputValue()).trim()).toBe(sid(4));
    await reason.fill('Crushed under a pallet');

    await page.getByLabel('Scan carton', { exact: true }).focus();
    await wedge(page, sid(4));
    const confirm = page.getByRole('dialog', { name: CARTON_DAMAGE_MSG.confirmTitle });
    await confirm.waitFor();
    // The question waits for its answer: a scan meanwhile is refused in red, never lost in silence.
    await wedge(page, t0);
    await refusedUnderDialog(page);
    await confirm.getByRole('button', { name: 'Yes' }).tap();
    await says(verdict(page), `${sid(4)} damaged: queued to send.`);

    // The camera panel is the box's own: a burst while it is open is the box's scan, answered there.
    await page.getByRole('button', { name: 'Scan with the camera' }).tap();
    const camera = page.getByRole('dialog', { name: 'Scan with the camera' });
    await camera.waitFor();
    await wedge(page, t0);
    // The reason was cleared with the carton damaged: the box behind the panel says so (the panel
    // shows the camera's own refusal here: the test's Chromium has no camera).
    await says(verdict(page), CARTON_DAMAGE_MSG.reason);
    await camera.getByRole('button', { name: 'Close camera' }).tap();
    await camera.waitFor({ state: 'detached' });
    await expect.poll(() => focusIsOn(page)).toBe('the scan box');
  });

  it("Dispatch Receive: the incoming list's search, a carton's Arrived box, Receive's question", async () => {
    const { page } = await b.open({ device: 'handheld', as: WAREHOUSE });
    await open(page, '/transaction/dispatch-receive', RECEIVE_TEXT.idle);
    const search = page.getByRole('region', { name: RECEIVE_TEXT.incomingTitle }).getByLabel('Search');
    await search.tap();
    await wedge(page, didA);
    expect(await search.inputValue()).toBe(didA);
    expect(await page.getByTestId('receive-did').count()).toBe(0);

    await page.getByRole('button', { name: 'Receive', exact: true }).tap();
    await says(verdict(page), RECEIVE_MSG.enterDispatchId);
    await wedge(page, didA);
    await says(verdict(page), RECEIVE_TEXT.loaded(didA, 2));
    await expect.poll(() => count(page, 'receive-count')).toBe('2 of 2 arrived');

    for (const [how, id] of [
      ['tap', t1],
      ['click', sid(7)],
    ] as const) {
      const arrived = page.getByLabel(`Arrived ${id}`);
      await arrived[how]();
      await expect.poll(() => count(page, 'receive-count')).toBe('1 of 2 arrived · 1 missing');
      expect(await focusIsOn(page)).toBe(`Arrived ${id}`);
      await wedge(page, id);
      await says(verdict(page), RECEIVE_TEXT.arrived(id));
      await expect.poll(() => count(page, 'receive-count')).toBe('2 of 2 arrived');
    }

    await page.getByRole('button', { name: 'Receive', exact: true }).tap();
    const confirm = page.getByRole('dialog', { name: RECEIVE_TEXT.confirmTitle });
    await confirm.waitFor();
    await wedge(page, t1);
    await refusedUnderDialog(page);
    await screenshot(page, 'floor-focus-receive-question');
    await confirm.getByRole('button', { name: 'No' }).tap();
    await confirm.waitFor({ state: 'detached' });
    expect(await count(page, 'receive-count')).toBe('2 of 2 arrived');
  });
});
