// axe-core over every screen (issue 26 item 6): no violation of impact 'critical' or 'serious' (text
// under 4.5:1, a control with no name, a second banner, a nested landmark ...), and exactly one <h1> (the
// screen's title) and one banner landmark, on
//   - every screen of the admin's menu and the account screens, on a desktop;
//   - the floor's screens on a 360 x 740 touch handheld, as the factory and the warehouse operators;
//   - the public pages (landing, sign-in, password reset, privacy policy, a genuine and a forged pack's
//     verification) on a handheld and a desktop;
//   - open dialogs: a master's form showing its field errors, the delete question, Forgot password;
//     each dialog's × is a button named 'Close', and it adds neither an <h1> nor a banner.
// One signed-in page per user and viewport, going screen to screen through the router, keeps the file short.
// docs/accessibility.md says what is checked and how to run it.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { PAGE, PUBLIC_PAGE } from '../../src/shared/pages.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { axeViolations } from '../helpers/axe.js';
import { ADMIN, listShown, screenshot } from '../helpers/browser.js';
import { FACTORY } from '../helpers/floor-browser.js';
import { ADMIN_SCREENS, DESKTOP, FLOOR_SCREENS, loadPage, openScreen, type Screen } from '../helpers/screens.js';
import { useBrowser, type OpenOptions } from '../helpers/use-browser.js';

const WAREHOUSE = { email: 'warehouse@example.com', password: 'Store123' } as const;
// This file's own band of KA (no other browser test maps 489_001..489_010).
const FROM = 489_001;
const genuine = codeMac(inject('codeSecret')).make({ kind: 'S', prefix: 'KA' }, FROM);
const forged = `${genuine.slice(0, -1)}${genuine.endsWith('0') ? '1' : '0'}`;

const b = useBrowser();

beforeAll(async () => {
  const factory = await apiSignIn(FACTORY.email, FACTORY.password);
  const products = await ok('products', api(PRODUCT_API.dropdown, undefined, factory));
  await ok(
    'mapping',
    api(
      MAPPING_API.save,
      {
        MappingId: 0,
        ProductId: products[0]!.ProductId,
        FromNo: FROM,
        ToNo: FROM + 9,
        Qty: 10,
        MFGDate: '2026-03-01',
        EXPDate: '',
        BatchNo: `AX-${FROM}`,
        Mrp: '',
        Remark: '',
        isPreprinted: false,
      },
      factory,
    ),
  );
}, 120_000);

/** A page in a context of its own, closed after the test; `session` starts it signed in. */
const open = async (options: OpenOptions): Promise<Page> => (await b.open(options)).page;

/** Screens whose colours a person should look at now and then (SHOTS_DIR): an alert, light buttons, the floor's note. */
const LOOK_AT = new Set<string>([PAGE.cartonSlip.path, PAGE.productDamage.path, PAGE.secondaryPacking.path]);

const h1s = (page: Page) => page.locator('h1').allInnerTexts();
const banners = (page: Page) => page.getByRole('banner').count();

/** What is wrong with the page's outline: not one <h1> reading `title`, or not `bannerCount` banners
 *  (the signed-in shell has one; the sign-in screen none). */
async function outline(page: Page, where: string, title?: string, bannerCount = 1): Promise<string[]> {
  const found = await h1s(page);
  const landmarks = await banners(page);
  const ok = found.length === 1 && (title === undefined || found[0] === title) && landmarks === bannerCount;
  return ok ? [] : [`${where}: h1 ${JSON.stringify(found)}, ${landmarks} banners`];
}

/** Opens a dialog with `show`: its × must be the one button named 'Close', and the page's outline
 *  must be what it was before (one <h1>, as many banners). */
async function dialogOutline(
  page: Page,
  show: () => Promise<void>,
  name: string | undefined,
  where: string,
): Promise<string[]> {
  const bannersBefore = await banners(page);
  await show();
  const dialog = name ? page.getByRole('dialog', { name }) : page.getByRole('dialog');
  await dialog.waitFor();
  const closes = await dialog.getByRole('button', { name: 'Close', exact: true }).count();
  return [
    ...(closes === 1 ? [] : [`${where}: ${closes} buttons named Close`]),
    ...(await outline(page, where, undefined, bannersBefore)),
  ];
}

/** Each screen opened in turn in the one page, every violation gathered before the test fails. */
async function checkScreens(page: Page, screens: readonly Screen[], where: string): Promise<string[]> {
  const found: string[] = [];
  for (const s of screens) {
    await openScreen(page, s);
    found.push(...(await outline(page, `${where} ${s.path}`, s.title)));
    found.push(...(await axeViolations(page, `${where} ${s.path}`)));
    if (LOOK_AT.has(s.path)) await screenshot(page, `a11y-${where}-${s.path.split('/').pop()}`.replace(/ /g, '-'));
  }
  return found;
}

describe('axe finds nothing critical or serious', () => {
  it("on every screen of the admin's menu and the account screens, on a desktop", async () => {
    const page = await open({ ...DESKTOP, session: ADMIN });
    expect(await checkScreens(page, ADMIN_SCREENS, 'desktop')).toEqual([]);
  }, 300_000);

  it('on the floor screens on a 360 x 740 touch handheld, as the factory and the warehouse operators', async () => {
    // Dispatch Receive is the warehouse's; the factory holds the other floor pages.
    const receive = (s: Screen) => s.path === PAGE.dispatchReceive.path;
    const factory = await open({ device: 'handheld', session: FACTORY });
    const found = await checkScreens(
      factory,
      FLOOR_SCREENS.filter((s) => !receive(s)),
      'handheld factory',
    );
    const warehouse = await open({ device: 'handheld', session: WAREHOUSE });
    found.push(...(await checkScreens(warehouse, FLOOR_SCREENS.filter(receive), 'handheld warehouse')));
    expect(found).toEqual([]);
  });

  it('on the public pages, on a handheld and a desktop', async () => {
    const verify = (code: string) => `${PUBLIC_PAGE.verify}?U=${code}`;
    const pages = {
      handheld: [
        '/',
        PUBLIC_PAGE.login,
        `${PUBLIC_PAGE.resetPassword}?token=not-a-token`,
        PUBLIC_PAGE.privacyPolicy,
        verify(genuine),
        verify(forged),
      ],
      desktop: ['/', PUBLIC_PAGE.login, verify(genuine)],
    };
    const found: string[] = [];
    for (const [name, options] of [
      ['handheld', { device: 'handheld' }],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await open({ ...options, locale: 'en-IN' });
      for (const path of pages[name]) {
        await loadPage(page, path);
        found.push(...(await axeViolations(page, `${name} ${path}`)));
      }
    }
    expect(found).toEqual([]);
  });

  it("with a dialog open, named Close and adding no h1 or banner: a master's form with its field errors, the delete question, Forgot password", async () => {
    const page = await open({ ...DESKTOP, session: ADMIN });
    await loadPage(page, PAGE.cartonMaster.path);
    await listShown(page);
    const addCarton = (p: Page) => () => p.getByRole('button', { name: 'Add Carton' }).click();
    const found = await dialogOutline(page, addCarton(page), 'Add Carton', 'desktop Add Carton');
    const form = page.getByRole('dialog', { name: 'Add Carton' });
    await form.locator('button[type="submit"]').click();
    await form.locator('.mantine-InputWrapper-error').first().waitFor();
    found.push(...(await axeViolations(page, 'desktop Add Carton with field errors')));
    await screenshot(page, 'a11y-field-errors-desktop');

    await loadPage(page, PAGE.category.path);
    await listShown(page);
    const askDelete = () => page.locator('table tbody tr').first().getByRole('button', { name: 'Delete' }).click();
    found.push(...(await dialogOutline(page, askDelete, undefined, 'desktop delete question')));
    found.push(...(await axeViolations(page, 'desktop delete question')));
    await screenshot(page, 'dialog-delete-question-desktop');

    const phone = await open({ device: 'handheld' });
    await loadPage(phone, PUBLIC_PAGE.login);
    const forgotPassword = () => phone.getByRole('button', { name: 'Forgot password?' }).click();
    found.push(...(await dialogOutline(phone, forgotPassword, 'Forgot password', 'handheld Forgot password')));
    const forgot = phone.getByRole('dialog', { name: 'Forgot password' });
    await forgot.locator('button[type="submit"]').click();
    await forgot.locator('.mantine-InputWrapper-error').first().waitFor();
    found.push(...(await axeViolations(phone, 'handheld Forgot password with its error')));
    await screenshot(phone, 'dialog-forgot-password-handheld');

    const signedPhone = await open({ device: 'handheld', session: ADMIN });
    await loadPage(signedPhone, PAGE.cartonMaster.path);
    await listShown(signedPhone);
    found.push(...(await dialogOutline(signedPhone, addCarton(signedPhone), 'Add Carton', 'handheld Add Carton')));
    await screenshot(signedPhone, 'dialog-add-carton-handheld');
    expect(found).toEqual([]);
  });
});
