// The report screens in Chromium as the admin, against the real server, over rows the real flows made
// for this file (its own band 499_001..499_020, NeemShield: a mapping cut by a de-mapping, a print file,
// cartons packed, one fractional, one damaged; a dispatch to the Pune Depot, received in part and taken
// back, one to a dealer under a dealers' scheme; a genuine verification): each report opens with the
// last seven days and lists them; a date error shows under its field and as its toast, on a desktop and
// a handheld; an Export downloads the CSV of the
// screen's filter; every report route opens.
import { readFile } from 'node:fs/promises';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { FLOOR_CACHE_API } from '../../src/shared/contracts/floor/cache.js';
import { DISPATCH_API } from '../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../src/shared/contracts/floor/dispatch-receive.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { SCHEME_API } from '../../src/shared/contracts/loyalty/scheme.js';
import { DEMAP_API } from '../../src/shared/contracts/numbers/demap.js';
import { GENERATION_API } from '../../src/shared/contracts/numbers/generation.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { VERIFY_API } from '../../src/shared/contracts/public/verify.js';
import { REPORT_DATE_MSG } from '../../src/shared/contracts/report-dates.js';
import { PAGES } from '../../src/shared/pages.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../src/shared/today.js';
import { formatDate } from '../../src/shared/cell-format.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { ADMIN, emptyTable, listShown, screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { CARTON_DAMAGE_API } from '../../src/shared/contracts/floor/carton-damage.js';
import { RETURN_API } from '../../src/shared/contracts/floor/carton-return.js';
import { readPdfDownload } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';
import { schemaErrors } from '../helpers/factories-epcis.js';

/** The parts of an EPCIS document the test reads. */
interface EpcisFile {
  type: string;
  epcisBody: {
    eventList: {
      type: string;
      bizStep?: string;
      parentID?: string;
      bizTransactionList?: { type: string; bizTransaction: string }[];
    }[];
  };
}

const FROM = 499_001;
const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const WAREHOUSE = { email: 'warehouse@example.com', password: 'Store123', site: 'Pune Depot' } as const;
const FRACTION = 'Short run at shift end';
const DAMAGE = 'Crushed by the forklift';
const RETURN_REMARK = 'Refused at the depot gate';
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const b = useBrowser();
let page: Page;
let floor: FloorSetup;
let did: string;

/** What the flows made that each report should list, searched by the text of its row. */
let expected: Array<{ path: string; find: string }>;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 19, size: 2, slips: 6, product: 2 });
  const token = floor.token;
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  const secondary = (i: number, serials: number[], reason = '') =>
    ok(
      `secondary ${i}`,
      api(
        PACKING_API.secondarySave,
        {
          cartonMasterId: floor.sizeId,
          scanned: serials.map((n) => ({ UID: uid(n) })),
          reason,
          CartonName: floor.sid(i),
        },
        token,
      ),
    );
  await secondary(0, [FROM, FROM + 1]);
  await secondary(1, [FROM + 2, FROM + 3]);
  await ok(
    'tertiary',
    api(
      PACKING_API.tertiarySave,
      {
        cartonMasterId: floor.sizeId,
        scanned: [{ CartonId: floor.sid(0) }, { CartonId: floor.sid(1) }],
        reason: '',
        remark: 'Reports test',
        CartonName: floor.tid(0),
      },
      token,
    ),
  );
  await secondary(2, [FROM + 4], FRACTION);
  await secondary(3, [FROM + 5, FROM + 6]);
  await ok('damage', api(CARTON_DAMAGE_API.damage, { DamageCid: floor.sid(3), Reason: DAMAGE }, token));
  await secondary(4, [FROM + 7, FROM + 8]);
  await secondary(5, [FROM + 9, FROM + 10]);
  const mapping = (
    await ok(
      'mappings',
      api(
        MAPPING_API.list,
        {
          First: 1,
          PageSize: 10,
          SearchValue: String(FROM),
          isPreprinted: false,
        },
        token,
      ),
    )
  ).find((m) => m.FromNo === FROM)!;
  await ok(
    'demap',
    api(
      DEMAP_API.create,
      {
        MappingId: mapping.MappingId,
        ProductId: floor.productId,
        FromNo: FROM + 18,
        ToNo: FROM + 19,
        Qty: 2,
        isPreprinted: false,
      },
      token,
    ),
  );
  await ok(
    'print file',
    api(
      GENERATION_API.generate,
      {
        MappingId: mapping.MappingId,
        FromNo: FROM + 11,
        ToNo: FROM + 17,
        Qty: 7,
      },
      token,
    ),
  );
  // A dealers' scheme on the product, so the dispatch to a dealer earns points (farmers' schemes would
  // change what other files' verifications of this product answer).
  await ok(
    'scheme',
    api(
      SCHEME_API.save,
      {
        SchemeId: 0,
        ProductId: floor.productId,
        Utype: 2,
        SchemeName: `Reports ${FROM} ${Date.now().toString(36)}`,
        Schemedescription: '',
        StartDate: indiaDate(),
        EndDate: addDays(indiaDate(), 30),
        LoyaltyPoints: 3,
        IsActive: true,
      },
      admin,
    ),
  );

  const data = await ok('dispatch data', api(FLOOR_CACHE_API.dispatch, undefined, token));
  const send = async (target: { WareHouseId?: number; SendTo?: number }, cartons: string[]) =>
    (
      await ok(
        'dispatch',
        api(
          DISPATCH_API.save,
          {
            SendTo: 0,
            WareHouseId: 0,
            ...target,
            scanned: cartons.map((CartonId) => ({ CartonId })),
            TransportModeId: data.Modes[0]!.TransportModeId,
            LR: `LR-${FROM}`,
            Remark: 'Reports browser test',
          },
          token,
        ),
      )
    ).CartonId;
  did = await send({ WareHouseId: data.Sites.find((s) => s.Name === WAREHOUSE.site)!.SiteId }, [
    floor.tid(0),
    floor.sid(4),
  ]);
  const toDealer = await send({ SendTo: data.Dealers[0]!.UserId }, [floor.sid(5)]);
  // The warehouse receives the tertiary carton and reports the loose one missing; the factory takes the
  // tertiary carton back after the receipt.
  await ok(
    'receive',
    api(
      RECEIVE_API.save,
      {
        DispatchId: did,
        Cartons: [floor.tid(0)],
      },
      await apiSignIn(WAREHOUSE.email, WAREHOUSE.password),
    ),
  );
  await ok(
    'return',
    api(
      RETURN_API.save,
      {
        scanned: [{ CartonId: floor.tid(0) }],
        IsActive: false,
        Remark: RETURN_REMARK,
      },
      token,
    ),
  );
  await ok(
    'verify',
    api(VERIFY_API.verify, {
      verificationMode: 'Web',
      verificationType: 2,
      qrData: codeUrl(inject('baseUrl'), uid(FROM + 12)),
      UID: uid(FROM + 12),
      UsrState: 'Maharashtra',
    }),
  );
  expected = [
    { path: '/reports/mapping-report', find: String(FROM) },
    { path: '/reports/Demapping-report', find: String(FROM + 18) },
    { path: '/reports/primary-packing-report', find: String(FROM + 11) },
    { path: '/reports/verification-report', find: 'Maharashtra' },
    { path: '/reports/secondary-packing-report', find: floor.sid(0) },
    { path: '/reports/tertiary-packing-report', find: floor.tid(0) },
    { path: '/reports/fractional-carton-report', find: floor.sid(2) },
    { path: '/reports/Damage-report', find: floor.sid(3) },
    { path: '/reports/dispatch-report', find: did },
    { path: '/reports/dispatch-receive-report', find: did },
    { path: '/reports/missing-carton-report', find: floor.sid(4) },
    { path: '/reports/return-report', find: floor.tid(0) },
    { path: '/reports/item-ledger', find: floor.sid(4) },
    { path: '/reports/Dispatch-Loyalty-report', find: toDealer },
    { path: '/reports/scheme-report', find: `Reports ${FROM}` },
    { path: '/reports/stock-report', find: floor.productName },
    { path: '/reports/new-Stock', find: `FL-${FROM}` },
  ];
}, 180_000);
beforeEach(async () => {
  // Opened in beforeEach, so useBrowser closes it after the test.
  ({ page } = await b.open({ session: ADMIN, acceptDownloads: true }));
});

/** The toasts (Mantine's notifications), apart from the fields' own messages. */
const toast = () => page.locator('.mantine-Notification-root');
/** The message a field shows under itself (its aria-describedby), or null. */
async function fieldError(label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ').trim() || null;
}
const heads = async () => (await page.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
const rowTexts = () => page.locator('tbody tr').allTextContents();

async function open(path: string): Promise<void> {
  await page.goto(path);
  await listShown(page);
}
async function search(text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await page.getByText(/^Showing 1 to \d+ of \d+$/).waitFor();
  await expect.poll(async () => (await rowTexts()).every((r) => r.includes(text))).toBe(true);
}

describe('the report screens', () => {
  it('open with the last seven days and list what the flows made', async () => {
    await open('/reports/mapping-report');
    expect(await page.getByLabel('From Date').inputValue()).toBe(us(addDays(indiaDate(), -6)));
    expect(await page.getByLabel('To Date').inputValue()).toBe(us(indiaDate()));
    expect(await heads()).toEqual(['Product Name', 'From No', 'To No', 'Quantity', 'Created Date']);
    await search(String(FROM));
    expect((await rowTexts())[0]).toContain(floor.productName);
    await screenshot(page, 'report-mapping');

    await open('/reports/secondary-packing-report');
    expect(await heads()).toEqual([
      'CartonId',
      'Total Qty',
      'Packed By',
      'Packing Date',
      'Carton Name',
      'Carton Size',
      'Action',
    ]);
    await search(floor.sid(0));

    await open('/reports/dispatch-report');
    await search(did);
    await screenshot(page, 'report-dispatch');
    await open('/reports/dispatch-receive-report');
    await search(did);
    await open('/reports/item-ledger');
    await search(floor.tid(0));
    expect((await rowTexts())[0]).toContain('Returned');
    await open('/reports/verification-report');
    await search('Maharashtra');
  });

  it('every report lists a row the flows made, from its opening range', async () => {
    for (const { path, find } of expected) {
      await open(path);
      const from = page.getByLabel('From Date');
      if (await from.count()) expect(await from.inputValue(), path).toBe(us(addDays(indiaDate(), -6)));
      await search(find);
    }
    await open('/reports/sapdata-report');
    await page.getByRole('cell', { name: 'Product', exact: true }).waitFor();
  });

  it('shows a date problem under its field and as an error toast, and asks nothing', async () => {
    await open('/reports/tertiary-packing-report');
    // The To date moved before the From date: its own message, the one the spec gives for it.
    await page.getByLabel('From Date').fill(us(indiaDate()));
    await page.getByLabel('To Date').fill(us(addDays(indiaDate(), -3)));
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast().getByText(REPORT_DATE_MSG.toAfterFrom, { exact: true }).waitFor();
    expect(await fieldError('To Date')).toBe(REPORT_DATE_MSG.toAfterFrom);
    expect(await fieldError('From Date')).toBe(REPORT_DATE_MSG.fromBeforeTo);
    await screenshot(page, 'report-date-to-before-from');
    // The From date moved after the To date: the From message.
    await page.getByLabel('From Date').fill(us(addDays(indiaDate(), -1)));
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast().getByText(REPORT_DATE_MSG.fromBeforeTo, { exact: true }).waitFor();
    await page.getByLabel('From Date').fill('25/11/2026');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(REPORT_DATE_MSG.onlyDate).first().waitFor();
    expect(await fieldError('From Date')).toBe(REPORT_DATE_MSG.onlyDate);
    // Three toasts stacked top right reach down over Submit; a pointer resting on one keeps it open.
    await page.mouse.move(0, 700);
    await expect.poll(() => toast().count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'report-date-toast');
    // A range with nothing in it: 'No Data found', and Export has nothing to save.
    await page.getByLabel('From Date').fill('01/01/2020');
    await page.getByLabel('To Date').fill('01/31/2020');
    await page.getByRole('button', { name: 'Submit' }).click();
    await emptyTable(page).waitFor();
    expect(await page.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true);
  });

  it('shows the To date message on a handheld too, on another report', async () => {
    await page.context().close();
    ({ page } = await b.open({ device: 'handheld', session: ADMIN }));
    await open('/reports/Damage-report');
    await page.getByLabel('To Date').fill(us(addDays(indiaDate(), -7)));
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast().getByText(REPORT_DATE_MSG.toAfterFrom, { exact: true }).waitFor();
    expect(await toast().getByText(REPORT_DATE_MSG.toAfterFrom, { exact: true }).isVisible()).toBe(true);
    expect(await fieldError('To Date')).toBe(REPORT_DATE_MSG.toAfterFrom);
    await screenshot(page, 'report-date-to-before-from-handheld');
  });

  it("exports the CSV of the screen's filter, its dates as the screen shows them in a browser far from India", async () => {
    // India is 13.5 hours ahead of Los Angeles: a time read in the browser's zone would never match.
    await page.context().close();
    ({ page } = await b.open({ session: ADMIN, acceptDownloads: true, timezoneId: 'America/Los_Angeles' }));
    expect(await page.evaluate(() => new Date('2026-11-27T20:00:00Z').getTimezoneOffset())).toBe(480);
    await open('/reports/secondary-packing-report');
    await search(floor.sid(1));
    const shown = (await page.locator('tbody tr').first().locator('td').allTextContents()).map((c) => c.trim());
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Secondary Packing report.csv');
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('CartonId,Total Qty,Packed By,Packing Date,Carton Name,Carton Size');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([floor.sid(1)]);
    const packed = lines[1]!.split(',')[3]!;
    // Packed moments ago: today in India, and the very cell the screen shows.
    expect(packed.slice(0, 10)).toBe(formatDate(new Date()));
    expect(shown[3]).toBe(packed);
  });

  it("prints a dispatch's invoice and a carton's label from their rows", async () => {
    await open('/reports/dispatch-report');
    await search(did);
    const [invoice] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print' }).first().click(),
    ]);
    const pdf = await readPdfDownload(invoice);
    expect(pdf.fileName).toBe(`${did}.pdf`);
    expect(pdf.qr).toEqual([did]);
    expect(pdf.text).toContain(floor.tid(0));
    await open('/reports/tertiary-packing-report');
    await search(floor.tid(0));
    const [label] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print' }).first().click(),
    ]);
    const slip = await readPdfDownload(label);
    expect(slip.qr).toEqual([floor.tid(0)]);
  });

  it("downloads a dispatch's EPCIS 2.0 document from its row, valid against GS1's schema", async () => {
    await open('/reports/dispatch-report');
    await search(did);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'EPCIS' }).first().click(),
    ]);
    expect(file.suggestedFilename()).toBe(`epcis-${did}.jsonld`);
    const doc = JSON.parse(await readFile((await file.path())!, 'utf8')) as EpcisFile;
    expect(doc.type).toBe('EPCISDocument');
    expect(schemaErrors(doc)).toEqual([]);
    const shipping = doc.epcisBody.eventList.filter((e) => e.bizStep === 'shipping');
    expect(shipping.map((e) => e.bizTransactionList?.find((t) => t.type === 'desadv')?.bizTransaction)).toEqual([
      expect.stringContaining(did),
    ]);
    const packed = doc.epcisBody.eventList.filter((e) => e.type === 'AggregationEvent').map((e) => e.parentID);
    expect(packed).toContainEqual(expect.stringContaining(floor.tid(0)));
  });

  it('every report route opens for the admin', async () => {
    for (const p of PAGES.filter((x) => x.group === '4')) {
      await page.goto(p.path);
      await page.getByRole('heading', { name: p.label }).first().waitFor();
    }
  });
});
