// `npx tsx bench/floor-scan.bench.ts [--cartons 10] [--size 20]`: scan to visible row on the
// Secondary Packing screen, in Chromium (Debian's, /usr/bin/chromium) on a 360 x 740 touch handheld,
// with a big company's device data. Run it under `flock /tmp/fieldtrace-browser.lock`.
//
// 1. The real server (`tsx src/server/main.ts`, PGlite, demo seed) serves the built client
//    (dist/client; built first when missing or older than the sources). Through its API: a carton
//    size of `size` and the factory user (factory@example.com, prefix KA) signs in in the browser.
// 2. The factory opens Secondary Packing online, so the app's own refresh fills the cache (masters:
//    products, the carton sizes, the site; the server's few mappings). Then, network off, the
//    benchmark writes into the device's IndexedDB ('fieldtrace', Dexie version 3), in the rows the
//    refresher writes (cacheParts + cacheChunks, number columns as Float64Arrays made by the cache's
//    own packSeries): 50,000 mapping ranges over 10 series (KA among them) and 1,000,000 packed items
//    in 50,000 cartons of 20 (bench/floor-cache-data.ts, bigContent(20)); and 500 outbox entries of
//    20 items each (SecondaryPacking/save, status pending, as queueWork writes them): 10,000 queued
//    items. The server never holds these: the scan check is the device's alone, and the network
//    stays off, so nothing is sent and no refresh replaces the data. The page is reloaded (from the
//    service worker, offline) so the app loads the cache and the outbox as it does at start.
// 3. Checks that the data is in use: a packed code is refused as packed in its SID, a queued one as
//    packed in its queued carton's slip. Then the carton size is chosen and `cartons` x `size` fresh
//    codes (whole QR URLs) are typed at wedge speed (a key every 3 ms, then Enter), each carton
//    closed with its SID slip in the dialog the full carton opens (then a 0.5 s pause, as an operator
//    takes the next carton).
// 4. Timing, in the page: from the Enter keydown's timeStamp to (a) the new row in the DOM (a
//    MutationObserver on the list) and (b) the frame that shows it painted (requestAnimationFrame,
//    then a task posted from it: it runs after that frame's paint). And the browser's own Event
//    Timing for the Enter keydowns (reported only from 16 ms up; its duration ends at the next paint).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { chromium } from 'playwright-core';
import { codeUrl, makeSlipId, parseUid, scannedUid, visibleNumber } from '../src/shared/codes.js';
import { PACKING_MSG } from '../src/shared/contracts/floor/packing.js';
import { codeMac } from '../src/server/domain/code-mac.js';
import { bigContent } from './floor-cache-data.js';
import { countCursors, cursorsOpened, openPending, reopen, timeStep, watchOpening, type Opened } from './floor-open.js';
import { BENCH_CODE_SECRET, CLIENT_DIR, FACTORY, ROOT, floorData, startServer } from './floor-drain-server.js';
import { fmtMs, log, now, table, Timings } from './stats.js';

function arg(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// --no-vsync: frames are not held to the 60 Hz display clock, so a frame starts as soon as the page
// asks for one. The painted figure then holds our work and Chromium's rendering without the wait for
// the next display frame (up to 16.7 ms) that a real screen adds.
const NO_VSYNC = process.argv.includes('--no-vsync');
const NO_VSYNC_ARGS = ['--disable-gpu-vsync', '--disable-frame-rate-limit'];
/** --locator-wait: wait for each verdict with a Playwright locator (polled from outside), as before 27 Nov. */
const LOCATOR_WAIT = process.argv.includes('--locator-wait');
/** --cpu n: the page's CPU slowed n times (CDP Emulation.setCPUThrottlingRate); 4 is a low-end handheld. */
const CPU = arg('cpu', 1);
/** --reopen n: the offline reload done n times, each timed to the scan box ready. */
const REOPEN = arg('reopen', 0);
/** --pending: after the scans, Pending work opened from the header and stepped through. */
const PENDING = process.argv.includes('--pending');
const CURSORS = process.argv.includes('--cursors');
/** --shots DIR: screenshots of what the operator sees at each step (after a reopen, mid-carton, the slip
 *  dialog, after a close, Pending work), to look at (not timed: taken outside the timed scans). */
const SHOTS = process.argv.includes('--shots') ? process.argv[process.argv.indexOf('--shots') + 1]! : null;
const TRACE_FILE = '/tmp/floor-scan-trace.json';
/** Every scan's times, for a closer look. */
const SAMPLES_FILE = '/tmp/floor-scan-samples.json';
const TRACE_CATEGORIES = ['devtools.timeline', 'blink.user_timing'];
const SOURCES: string[] = JSON.parse(readFileSync(join(ROOT, 'src/build/client-sources.json'), 'utf8'));

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  return st.isDirectory() ? Math.max(st.mtimeMs, ...readdirSync(path).map((e) => newest(join(path, e)))) : st.mtimeMs;
}

function ensureClient() {
  if (process.env.FLOOR_BENCH_CLIENT_DIR) return `${CLIENT_DIR} (as given)`;
  const index = join(CLIENT_DIR, 'index.html');
  if (existsSync(index) && !SOURCES.some((p) => newest(join(ROOT, p)) > statSync(index).mtimeMs))
    return 'dist/client (up to date)';
  log('building the client (vite build)...');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return 'dist/client (built now)';
}

/** A packed series as plain arrays for page.evaluate, naming the columns packSeries made Float64Arrays. */
function plain(series: readonly object[]) {
  return series.map((s) => {
    const out: Record<string, unknown> = {};
    const f64: string[] = [];
    for (const [k, v] of Object.entries(s)) {
      if (v instanceof Float64Array) {
        out[k] = Array.from(v);
        f64.push(k);
      } else out[k] = v;
    }
    return { cols: out, f64 };
  });
}

async function main() {
  const cartons = arg('cartons', 10);
  const size = arg('size', 20);
  const queuedEntries = arg('queued', 500);
  const build = ensureClient();
  log('starting the server (PGlite)...');
  const server = await startServer(undefined);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: NO_VSYNC ? [...CHROMIUM_ARGS, ...NO_VSYNC_ARGS] : CHROMIUM_ARGS,
  });
  try {
    // The slips the run closes its cartons with are reserved (offline, the device refuses one past the
    // blocks its cache knows: issue 27 item 4).
    const floor = await floorData(server.baseUrl, { from: 990_001, to: 990_100, size, slips: Math.max(1, cartons) });
    const codes = codeMac(BENCH_CODE_SECRET);
    const KA = { kind: 'S' as const, prefix: 'KA' };
    const url = (n: number) => codeUrl(server.baseUrl, codes.make(KA, n));

    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    // tsx compiles this file with esbuild's keepNames: functions passed to page.evaluate call __name.
    await context.addInitScript('globalThis.__name = (f) => f;');
    if (REOPEN > 0) await context.addInitScript(watchOpening);
    // --cursors: every IndexedDB cursor the page opens, counted by the stack that opened it (a cursor
    // walks one callback per record: the reads to find when a full shift is queued).
    if (CURSORS) await context.addInitScript(countCursors);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    // --cpu 4: Chromium's CPU throttle on the page (a low-end handheld). Set before the offline reload (the set-up before it is not timed, and its write of the device
    // data is quicker unthrottled) and again after each reload.
    const cdp = await context.newCDPSession(page);
    const throttle = async () => {
      if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    };
    await page.goto('/login');
    await page.getByLabel(/^Email\b/).fill(FACTORY.email);
    await page.getByLabel(/^Password\b/).fill(FACTORY.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/transaction/secondary-packing');
    await page.getByText(/^Data as of/).waitFor();
    // The service worker must control the page for the offline reload.
    await page.waitForFunction(
      () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
      undefined,
      { timeout: 60_000 },
    );
    await context.setOffline(true);

    // The device data. bigContent's series are K0..K9; K0 becomes KA, the factory's, with its product.
    const content = bigContent(20);
    const rename = <S extends { Prefix: string; ProductId?: Float64Array }>(s: S): S => {
      const out = s.Prefix === 'K0' ? { ...s, Prefix: 'KA' } : { ...s };
      if (out.ProductId) out.ProductId = out.ProductId.map(() => floor.productId);
      return out;
    };
    // --control: the same screen and codes with a small device: KA's 5,000 ranges only, nothing packed or queued.
    const control = process.argv.includes('--control');
    if (control) Object.assign(content, { mappings: content.mappings.filter((s) => s.Prefix === 'K0'), packed: [] });
    const mappings = plain(content.mappings.map(rename));
    const packed = plain(content.packed.map(rename));
    let itemsPacked = 0;
    for (const s of content.packed)
      for (let i = 0; i < s.FromNo.length; i++) itemsPacked += s.ToNo[i]! - s.FromNo[i]! + 1;
    let ranges = 0;
    for (const s of content.mappings) ranges += s.FromNo.length;
    // KA as bigContent lays it out: blocks of 1,000 numbers, 1..900 mapped; in block b < 1,250 packed
    // at offsets 1-20, 22-41, 43-62, 64-83 (SID26K0<4b>...). Queued: offsets 101-120 of blocks 0..499.
    // Scanned: offsets 201-220 of blocks 0..cartons-1.
    const year = new Date().getFullYear() % 100;
    // A full shift (--queued 6000) lays its cartons 100 / size to a block (offsets 101-200), so every
    // queued pack is a mapped one, as on a real floor.
    const perBlock = Math.max(1, Math.floor(100 / size));
    const queued = Array.from({ length: control ? 0 : queuedEntries }, (_, b) => {
      const slip = makeSlipId('SID', year, 'KA', 50_000_000 + b);
      const scanned = Array.from({ length: size }, (_, i) => {
        const serial = Math.floor(b / perBlock) * 1000 + 101 + (b % perBlock) * size + i;
        const code = parseUid(scannedUid(url(serial)))!;
        return {
          UID: code.uid,
          VisibleNo: visibleNumber(KA, serial),
          BatchNo: `B${b}`,
          ProductName: floor.productName,
          MFGDate: '2026-01-10',
          EXPDate: '2028-01-10',
          SeqNo: serial,
        };
      });
      return {
        endpoint: 'SecondaryPacking/save',
        payload: { cartonMasterId: floor.sizeId, scanned, reason: '', CartonName: slip },
        label: `Secondary carton ${slip}, ${size} items`,
      };
    });
    const t0 = now();
    const written = await page.evaluate(
      async ({ mappings, packed, queuedJson }) => {
        const req = <T>(r: IDBRequest<T>) =>
          new Promise<T>((ok, fail) => {
            r.onsuccess = () => ok(r.result);
            r.onerror = () => fail(r.error);
          });
        const db = await req(indexedDB.open('fieldtrace'));
        const done = (tx: IDBTransaction) =>
          new Promise<void>((ok, fail) => {
            tx.oncomplete = () => ok();
            tx.onerror = () => fail(tx.error);
            tx.onabort = () => fail(tx.error);
          });
        const session = (await req(db.transaction('kv').objectStore('kv').get('session'))) as {
          value: { UserId: number };
        };
        const owner = session.value.UserId;
        const unplain = (list: typeof mappings) =>
          list.map(({ cols, f64 }) => {
            const s: Record<string, unknown> = { ...cols };
            for (const k of f64) s[k] = Float64Array.from(cols[k] as number[]);
            return s;
          });
        // As storePage + commitFill leave a part: its chunk rows under a new fill, then the part row
        // pointing at it and the old fill's chunks gone (the refresher's own transaction shapes).
        for (const [part, series] of [
          ['mappings', unplain(mappings)],
          ['packed', unplain(packed)],
        ] as const) {
          const fill = crypto.randomUUID();
          const tx = db.transaction(['cacheParts', 'cacheChunks'], 'readwrite', { durability: 'strict' });
          const chunks = tx.objectStore('cacheChunks');
          series.forEach((s, seq) => chunks.put({ part, fill, seq, data: [s] }));
          const old = (await req(tx.objectStore('cacheParts').get(part))) as { fill: string | null } | undefined;
          if (old?.fill) chunks.delete(IDBKeyRange.bound([part, old.fill], [part, old.fill, []]));
          tx.objectStore('cacheParts').put({ part, owner, fill, asOf: Date.now(), pending: null });
          await done(tx);
        }
        const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
        (JSON.parse(queuedJson) as Array<Record<string, unknown>>).forEach((e, i) =>
          tx.objectStore('outbox').add({
            ...e,
            id: crypto.randomUUID(),
            deviceTime: Date.now() + i,
            userId: owner,
            status: 'pending',
            attempts: 0,
            notBefore: 0,
          }),
        );
        await done(tx);
        const counts = {
          chunks: await req(db.transaction('cacheChunks').objectStore('cacheChunks').count()),
          outbox: await req(db.transaction('outbox').objectStore('outbox').count()),
        };
        db.close();
        return counts;
      },
      // The queue as one JSON string: Playwright's own serialising of 120,000 item objects took minutes.
      { mappings, packed, queuedJson: JSON.stringify(queued) },
    );
    log(
      `device data written in ${((now() - t0) / 1000).toFixed(1)} s: ${ranges} ranges, ${itemsPacked} packed items, ${queued.length} outbox entries (${JSON.stringify(written)})`,
    );

    await throttle();
    // Offline reload: the app starts as on the floor, loading the cache and the outbox from IndexedDB.
    // --reopen n: n reloads, each timed in the page to the scan box ready (issue 27: at most 3 s at 4x).
    const r0 = now();
    const opened: Opened[] = [];
    // --profile-reopen: a CPU profile of the page over the reloads after the first (which makes the
    // work digests of the entries written here, as a device's first start after an update would); the
    // renderer keeps its profiler across a same-site reload. For floor-scan-profile.ts.
    const profileReopen = process.argv.includes('--profile-reopen');
    for (let i = 0; i < Math.max(1, REOPEN); i++) {
      if (profileReopen && i === Math.min(1, REOPEN - 1)) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      if (REOPEN > 0) opened.push(await reopen(page, throttle));
      else {
        await page.reload();
        await throttle();
      }
    }
    if (profileReopen) {
      const { profile: p } = await cdp.send('Profiler.stop');
      writeFileSync('/tmp/floor-reopen.cpuprofile', JSON.stringify(p));
      log('CPU profile of the page over the reloads: /tmp/floor-reopen.cpuprofile');
    }
    // Told at once (and again at the end): a long run cut short keeps them.
    if (opened.length > 0)
      log(
        `reopened: ${JSON.stringify(opened.map((o) => [o.box, o.ready, o.readyPainted].map(Math.round)))} ms (box, ready, ready painted)`,
      );
    const scanBox = page.getByLabel('Scan items', { exact: true });
    await scanBox.waitFor();
    const shot = async (name: string) => {
      if (!SHOTS) return;
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `floor-shift-${name}.png`) });
    };
    await shot('1-reopened');
    // The scan box's own verdict (offline, the header has a status of its own).
    const verdict = page.locator('.ft-packing .ft-scan').getByRole('status').first();
    const expectVerdict = async (text: string, timeout = 30_000) => {
      try {
        await verdict.getByText(text).waitFor({ timeout });
      } catch (e) {
        await page.screenshot({ path: '/tmp/floor-scan-failed.png' }).catch(() => undefined);
        throw new Error(
          `expected '${text}', the scan box says '${await verdict.innerText().catch(() => '?')}' (screenshot /tmp/floor-scan-failed.png)`,
          { cause: e },
        );
      }
    };
    /** Arms an observer in the page that resolves once the scan box's verdict reads `text`. */
    const armVerdict = (text: string) =>
      page.evaluate((t) => {
        const w = window as unknown as { __verdict?: Promise<string> };
        w.__verdict = new Promise<string>((done, fail) => {
          const box = document.querySelector('.ft-packing .ft-scan [role="status"]');
          if (!box) return fail(new Error('no scan box verdict on the page'));
          const said = () => box.querySelector('span')?.textContent ?? '';
          const timer = setTimeout(() => {
            seen.disconnect();
            fail(new Error(`expected '${t}', the scan box says '${said()}'`));
          }, 30_000);
          const seen = new MutationObserver(() => {
            if (said() !== t) return;
            seen.disconnect();
            clearTimeout(timer);
            done(t);
          });
          seen.observe(box, { childList: true, subtree: true, characterData: true });
        });
      }, text);
    const verdictShown = () => page.evaluate(() => (window as unknown as { __verdict: Promise<string> }).__verdict);
    const scan = async (text: string) => {
      await scanBox.focus();
      await page.keyboard.type(text, { delay: 3 });
      await page.keyboard.press('Enter');
    };
    await page.getByLabel('Carton Size', { exact: true }).first().click();
    await page.getByRole('option', { name: `${floor.sizeName} (${size})` }).click();
    // The data is in use: a packed code (KA1, the first run of bigContent's first series) and a queued one.
    if (!control) {
      await scan(url(1));
      await expectVerdict(PACKING_MSG.packed(content.packed[0]!.SID[0]!), 60_000);
    }
    const loadMs = now() - r0;
    if (queued.length > 0) {
      await scan(url(101));
      await expectVerdict(PACKING_MSG.packed(makeSlipId('SID', year, 'KA', 50_000_000)));
    }
    log(
      `reloaded offline; the cache and the queue answer (first answer ${(loadMs / 1000).toFixed(1)} s after the reload began)`,
    );

    // The probe: Enter keydown -> row in the DOM -> the next frame's start (rAF) -> the task after its
    // paint. Marks (performance.mark) name the same moments in a --trace.
    await page.evaluate(() => {
      type Probe = {
        t0: number;
        want: boolean;
        dom: number[];
        raf: number[];
        paint: number[];
        enter: number[];
        frames: number[];
        slow: Array<{ start: number; duration: number; processing: number; delay: number }>;
      };
      const b: Probe = { t0: 0, want: false, dom: [], raf: [], paint: [], enter: [], frames: [], slow: [] };
      (window as unknown as { __scan: Probe }).__scan = b;
      document.addEventListener(
        'keydown',
        (e) => {
          if (e.key !== 'Enter' || !(e.target as Element).closest?.('.ft-packing')) return;
          b.t0 = e.timeStamp;
          b.want = true;
          b.enter.push(e.timeStamp);
          performance.mark('scan:enter');
        },
        { capture: true },
      );
      const isRow = (n: Node) =>
        n instanceof Element && (n.matches('li.ft-packing__row') || n.querySelector('li.ft-packing__row') !== null);
      new MutationObserver((records) => {
        if (!b.want || !records.some((r) => [...r.addedNodes].some(isRow))) return;
        b.want = false;
        const t0 = b.t0;
        b.dom.push(performance.now() - t0);
        performance.mark('scan:dom');
        requestAnimationFrame(() => {
          b.raf.push(performance.now() - t0);
          performance.mark('scan:raf');
          const ch = new MessageChannel();
          ch.port1.onmessage = () => {
            b.paint.push(performance.now() - t0);
            performance.mark('scan:paint');
          };
          ch.port2.postMessage(null);
        });
      }).observe(document.body, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[]) {
          if (e.name === 'keydown')
            b.slow.push({
              start: e.startTime,
              duration: e.duration,
              processing: e.processingEnd - e.processingStart,
              delay: e.processingStart - e.startTime,
            });
        }
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
      // The display's frame interval, at rest: 120 frames' rAF times.
      const tick = (t: number) => {
        b.frames.push(t);
        if (b.frames.length < 120) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.waitForFunction(
      () => (window as unknown as { __scan: { frames: number[] } }).__scan.frames.length >= 120,
    );

    const profile = process.argv.includes('--profile');
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    // --trace: Chromium's own trace of the scans (main thread tasks, style, layout, paint), for floor-scan-trace.ts.
    const trace = process.argv.includes('--trace');
    if (trace) await browser.startTracing(page, { path: TRACE_FILE, categories: TRACE_CATEGORIES });
    const loadStart = loadavg()[0]!;
    const dialog = page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle });
    let scans = 0;
    for (let c = 0; c < cartons; c++) {
      for (let i = 0; i < size; i++) {
        const serial = c * 1000 + 201 + i;
        // The answer is on screen before the next code comes (a scanner's next trigger pull). Waited
        // for by an observer in the page, armed before the scan: a locator's wait polls from outside,
        // each poll walking the page's roles with a forced layout, and those polls landed inside the
        // very frames being timed (measured: see docs/benchmarks.md).
        // --locator-wait: the old way, for comparison.
        if (LOCATOR_WAIT) {
          await scan(url(serial));
          await expectVerdict(`KA${serial} added`);
        } else {
          await armVerdict(`KA${serial} added`);
          await scan(url(serial));
          await verdictShown();
        }
        scans++;
        if (c === 0 && i === 9) await shot('2-mid-carton');
      }
      await dialog.waitFor();
      if (c === 0) await shot('3-slip-dialog');
      // The slip goes where the dialog put the cursor (its own scan box), as an operator sees it first.
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
      await page.keyboard.type(floor.sid(c), { delay: 3 });
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForTimeout(500);
      if (c === 0) await shot('4-carton-closed');
    }
    await page.waitForTimeout(200);
    const b = await page.evaluate(
      () =>
        (
          window as unknown as {
            __scan: {
              dom: number[];
              raf: number[];
              paint: number[];
              enter: number[];
              frames: number[];
              slow: Array<{ start: number; duration: number; processing: number; delay: number }>;
            };
          }
        ).__scan,
    );
    // Pending work with the queue as it stands: opened from the header, then a scroll and a page change.
    let pending: { open: Awaited<ReturnType<typeof openPending>>; scroll: number[]; page: number[] } | null = null;
    if (PENDING) {
      const open = await openPending(page);
      const scroll: number[] = [];
      const paged: number[] = [];
      for (let i = 0; i < 5; i++) scroll.push(await timeStep(page, 'scroll', () => page.mouse.wheel(0, 2000)));
      const next = page.getByRole('button', { name: 'Next page', exact: true });
      for (let i = 0; i < 5 && (await next.count()) > 0; i++)
        paged.push(await timeStep(page, 'click', () => next.click()));
      await shot('5-pending-work');
      pending = { open, scroll, page: paged };
      log(`pending work: ${JSON.stringify(pending)}`);
    }
    if (profile) {
      const { profile: p } = await cdp.send('Profiler.stop');
      writeFileSync('/tmp/floor-scan.cpuprofile', JSON.stringify(p));
      log('CPU profile of the page over the scans: /tmp/floor-scan.cpuprofile');
    }
    if (trace) {
      await browser.stopTracing();
      log(`Chromium trace of the scans: ${TRACE_FILE} (npx tsx bench/floor-scan-trace.ts)`);
    }
    writeFileSync(SAMPLES_FILE, JSON.stringify(b));
    if (CURSORS)
      log(
        `cursors opened, by stack (navigator.onLine ${await page.evaluate(() => navigator.onLine)}): ${JSON.stringify(await cursorsOpened(page), null, 1)}`,
      );
    const summary = (values: number[]) => {
      const t = new Timings(values.length);
      values.forEach((v) => t.add(v));
      return t.summary();
    };
    const d = summary(b.dom);
    const p = summary(b.paint);
    const wait = summary(b.raf.map((v, i) => v - b.dom[i]!));
    const render = summary(b.paint.map((v, i) => v - b.raf[i]!));
    const enterSet = b.enter;
    const slowEnters = b.slow.filter((s) => enterSet.some((t) => Math.abs(t - s.start) < 1));
    const handlers = summary(slowEnters.map((s) => s.delay + s.processing));
    const gaps = b.frames
      .slice(1)
      .map((t, i) => t - b.frames[i]!)
      .sort((x, y) => x - y);
    const frameMs = gaps[Math.floor(gaps.length / 2)] ?? 0;
    const outboxLeft = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const r = indexedDB.open('fieldtrace');
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      const n = await new Promise<number>((ok) => {
        const r = db.transaction('outbox').objectStore('outbox').index('status').count('pending');
        r.onsuccess = () => ok(r.result);
      });
      db.close();
      return n;
    });
    const version = browser.version();
    console.log(
      `\nScan to visible row, Secondary Packing, ${new Date().toISOString().slice(0, 10)}: Chromium ${version} headless at 360 x 740 (touch)${CPU > 1 ? `, CPU throttled ${CPU}x (CDP Emulation.setCPUThrottlingRate)` : ''}, ${build}; ` +
        `Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GB; load average ${loadStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
    );
    console.log(
      `${control ? 'CONTROL RUN (--control): ' : ''}Device data: ${ranges.toLocaleString('en-US')} mapping ranges, ${itemsPacked.toLocaleString('en-US')} packed items (${content.packed.reduce((a, s) => a + s.FromNo.length, 0).toLocaleString('en-US')} runs), ` +
        `${(queued.length * size).toLocaleString('en-US')} queued items in ${queued.length} outbox entries (${outboxLeft} pending after the run, ${cartons} of them the run's own cartons); network off`,
    );
    console.log(
      NO_VSYNC
        ? `FRAMES NOT HELD TO THE DISPLAY (--no-vsync: Chromium ${NO_VSYNC_ARGS.join(' ')}): a frame starts as soon as the page asks; rAF every ${frameMs.toFixed(1)} ms at rest. The painted figure is our work and Chromium's rendering, without the wait for a display frame.`
        : `Frames on the display clock (vsync): rAF every ${frameMs.toFixed(1)} ms at rest. The painted figure includes the wait for the next display frame.`,
    );
    const row = (name: string, t: ReturnType<typeof summary>) => [
      name,
      fmtMs(t.p50),
      fmtMs(t.p95),
      fmtMs(t.max),
      fmtMs(t.meanMs),
    ];
    console.log(
      table([
        [
          `${scans} accepted scans (${cartons} cartons of ${size}), from the Enter keydown`,
          'p50',
          'p95',
          'max',
          'mean',
        ],
        row('to the new row in the DOM (handlers, React render and commit)', d),
        row('to the frame that shows it painted', p),
        row("  of which: row in the DOM to the next frame's start (rAF)", wait),
        row("  of which: that frame's start to after its paint", render),
        row(
          `Enter's input delay + handlers (Event Timing; ${slowEnters.length} of ${b.enter.length} reported)`,
          handlers,
        ),
      ]),
    );
    console.log(
      `  rows seen ${d.count} of ${scans}; Event Timing reports only keydowns of 16 ms or more to their next paint: ${slowEnters.length} of ${b.enter.length} Enter keydowns` +
        (slowEnters.length
          ? ` (the first: ${slowEnters
              .map(
                (s) =>
                  `${s.duration.toFixed(0)} ms: input delay ${s.delay.toFixed(1)}, handlers ${s.processing.toFixed(1)}`,
              )
              .slice(0, 8)
              .join('; ')})`
          : ''),
    );
    const slowAll = b.slow.filter((s) => !enterSet.some((t) => Math.abs(t - s.start) < 1));
    console.log(
      `  other keydowns of 16 ms or more: ${slowAll.length}${slowAll.length ? ` (max ${Math.max(...slowAll.map((s) => s.duration)).toFixed(0)} ms)` : ''}`,
    );
    // On the display clock the first frame after a key starts within one frame interval of it: a row
    // whose frame started by then was drawn in the very next frame a screen could show.
    if (!NO_VSYNC) {
      const next = b.raf.filter((v) => v <= frameMs + 0.5).length;
      console.log(
        `  rows drawn in the first display frame after their Enter (that frame's rAF within ${frameMs.toFixed(1)} ms of the key): ${next} of ${b.raf.length} (${((100 * next) / b.raf.length).toFixed(1)}%)`,
      );
    }
    const worst = b.paint
      .map((v, i) => [v, i] as const)
      .sort((x, y) => y[0] - x[0])
      .slice(0, 8);
    console.log(
      `  slowest scans (paint ms @ scan number, 1-based; a carton's 20th opens the slip dialog): ${worst.map(([v, i]) => `${v.toFixed(1)} @ ${i + 1}`).join(', ')}`,
    );
    if (opened.length > 0) {
      const s = (k: keyof Opened) => opened.map((o) => (o[k] / 1000).toFixed(2)).join(', ');
      console.log(
        `\nReopened offline (${opened.length} reloads${CPU > 1 ? `, CPU ${CPU}x slower` : ''}; from the reload's navigation start, s): ` +
          `scan box shown ${s('box')}; ready (getting ready gone) ${s('ready')}; ready painted ${s('readyPainted')}`,
      );
    }
    if (pending) {
      const o = pending.open;
      const list = (v: number[]) => (v.length ? v.map((x) => x.toFixed(0)).join(', ') : 'none');
      console.log(
        `\nPending work (${CPU > 1 ? `CPU ${CPU}x slower, ` : ''}${outboxLeft.toLocaleString('en-US')} entries pending), opened from the header's link: ` +
          `first entry in the DOM ${o.firstRow.toFixed(0)} ms, painted ${o.firstPainted.toFixed(0)} ms; main thread quiet at ${o.settled.toFixed(0)} ms with ${o.rows} entries in the DOM; longest task ${o.longestTask.toFixed(0)} ms` +
          `\n  a scroll (wheel, 2,000 px) to painted, ms: ${list(pending.scroll)}; a page change (Next page) to painted, ms: ${list(pending.page)}`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
