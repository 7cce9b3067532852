// In-page probes for floor-scan.bench.ts's handheld measures (issue 27 item 8): the app reopened
// (reload to the scan box ready: its "getting ready" state gone) and the Pending work screen with a
// full shift queued (to its first rows, and to a page change or a scroll). Times are the page's own
// performance.now(), so a reload is timed from its navigation's start.
import type { Page } from 'playwright-core';

export interface Opened {
  /** The scan box in the DOM (still getting ready). */
  box: number;
  /** The scan box ready: no data-getting-ready on it. */
  ready: number;
  /** The frame that shows it ready, painted (a task posted from its rAF). */
  readyPainted: number;
}

/** An init script: on every load, notes when the packing screen's scan box shows and is ready. */
export function watchOpening(): void {
  const t = { box: 0, ready: 0, readyPainted: 0 };
  (globalThis as unknown as { __opened: typeof t }).__opened = t;
  const look = () => {
    const el = document.querySelector('.ft-packing .ft-scan');
    if (!el) return;
    if (!t.box) t.box = performance.now();
    if (el.hasAttribute('data-getting-ready')) return;
    t.ready = performance.now();
    seen.disconnect();
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (t.readyPainted = performance.now());
      ch.port2.postMessage(null);
    });
  };
  const seen = new MutationObserver(look);
  seen.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-getting-ready'],
  });
}

/** Reloads the page and waits for the scan box ready; the times of that load. */
export async function reopen(page: Page, afterLoad: () => Promise<void>): Promise<Opened> {
  await page.reload();
  await afterLoad();
  await page.waitForFunction(() => (window as unknown as { __opened: Opened }).__opened.readyPainted > 0, undefined, {
    timeout: 120_000,
  });
  return page.evaluate(() => (window as unknown as { __opened: Opened }).__opened);
}

export interface PendingTimes {
  /** From the click on the header's Pending work link to its first entry in the DOM, and painted. */
  firstRow: number;
  firstPainted: number;
  /** To the main thread's first quiet moment after the list (a 50 ms task-free wait). */
  settled: number;
  /** Entries in the DOM then. */
  rows: number;
  /** The page's longest task over the opening (Long Tasks API; 0 when none over 50 ms). */
  longestTask: number;
}

const LIST = 'ul[aria-label="Waiting and rejected entries"] > li';

/** Opens Pending work from the header's link (a route change, as an operator taps it). */
export async function openPending(page: Page): Promise<PendingTimes> {
  await page.evaluate((list) => {
    const t = { click: 0, firstRow: 0, firstPainted: 0, settled: 0, rows: 0, longestTask: 0 };
    (window as unknown as { __pending: typeof t }).__pending = t;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) t.longestTask = Math.max(t.longestTask, e.duration);
    }).observe({ type: 'longtask' });
    document.addEventListener('click', () => (t.click = t.click || performance.now()), { capture: true, once: true });
    const seen = new MutationObserver(() => {
      if (!document.querySelector(list)) return;
      seen.disconnect();
      t.firstRow = performance.now() - t.click;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => {
          t.firstPainted = performance.now() - t.click;
          // Quiet: a 50 ms timer that fires within 60 ms of being set (no long task in between).
          const quiet = () => {
            const at = performance.now();
            setTimeout(() => {
              if (performance.now() - at > 60) return quiet();
              t.settled = at - t.click;
              t.rows = document.querySelectorAll(list).length;
            }, 50);
          };
          quiet();
        };
        ch.port2.postMessage(null);
      });
    });
    seen.observe(document.body, { subtree: true, childList: true });
  }, LIST);
  await page.locator('a[href="/pending-work"]').first().click();
  await page.waitForFunction(
    () => (window as unknown as { __pending: PendingTimes }).__pending.settled > 0,
    undefined,
    {
      timeout: 300_000,
    },
  );
  return page.evaluate(() => (window as unknown as { __pending: PendingTimes }).__pending);
}

/** A step through the list (`act` in the page: a scroll, or a page button's click), timed from it to
 *  the next frame painted after it: the time an operator waits to see the next entries. `on`: the
 *  event the step starts at. */
export async function timeStep(page: Page, on: 'click' | 'scroll', act: () => Promise<void>): Promise<number> {
  await page.evaluate((on) => {
    const w = window as unknown as { __step: { t0: number; done: number } };
    w.__step = { t0: 0, done: 0 };
    window.addEventListener(on, () => (w.__step.t0 = performance.now()), { capture: true, once: true });
  }, on);
  await act();
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const w = window as unknown as { __step: { t0: number; done: number } };
        // The frame after the step's work: a rAF, then a task posted from it.
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => {
            w.__step.done = performance.now();
            done();
          };
          ch.port2.postMessage(null);
        });
      }),
  );
  return page.evaluate(() => {
    const s = (window as unknown as { __step: { t0: number; done: number } }).__step;
    // No event (a scroll at the end of the page): nothing to time.
    return s.t0 === 0 ? Number.NaN : s.done - s.t0;
  });
}

/** An init script: counts the IndexedDB cursors the page opens, by the stack that opened them. */
export function countCursors(): void {
  const seen: Record<string, number> = {};
  Error.stackTraceLimit = 80;
  (globalThis as unknown as { __cursors: typeof seen }).__cursors = seen;
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype])
    for (const name of ['openCursor', 'openKeyCursor'] as const) {
      const open = proto[name] as (...a: unknown[]) => IDBRequest;
      proto[name] = function (this: unknown, ...a: unknown[]) {
        // The app's frames (Dexie's own are the same for every cursor).
        const at = (new Error().stack ?? '')
          .split('\n')
          .slice(2)
          .filter((l) => !/\/db-[\w-]+\.js/.test(l))
          .map((l) => l.trim().replace(/\(https?:\/\/[^/]+\//, '('))
          .slice(0, 8)
          .join(' < ');
        seen[at] = (seen[at] ?? 0) + 1;
        return open.apply(this, a);
      } as never;
    }
}

/** The cursors counted since the last load, most opened first. */
export const cursorsOpened = (page: Page) =>
  page.evaluate(() =>
    Object.entries((window as unknown as { __cursors: Record<string, number> }).__cursors ?? {}).sort(
      (a, b) => b[1] - a[1],
    ),
  );
