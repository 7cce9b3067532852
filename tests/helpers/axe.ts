// axe-core run inside a Playwright page, as issue 26 asks: the page fails on a violation of impact
// 'critical' or 'serious' (contrast under 4.5:1, a button with no name, a second banner ...).
// The source goes in through page.evaluate (the DevTools protocol), not a <script> tag, so the app's
// CSP stays exactly as served.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['critical', 'serious']);

/** One line per element in breach: where, which rule, and what axe says is wrong. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  const lines: string[] = [];
  for (const v of results.violations) {
    if (!BLOCKING.has(v.impact ?? '')) continue;
    for (const node of v.nodes) {
      const summary = (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim();
      lines.push(`${where}: [${v.impact}] ${v.id} at ${node.target.join(' ')}: ${summary}`);
    }
  }
  return lines;
}
