// Draws the Fieldtrace mark (a leaf with a QR finder square, in the theme green) and writes
// public/favicon.svg plus the PWA's PNG icons, rendered by Debian's Chromium. Run it after changing
// the mark: `node scripts/make-icons.mjs`. The PNGs are committed, so builds never need a browser.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const GREEN = '#2f9e44';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The mark on a 512 grid, centred; it stays inside the maskable safe circle (radius 40%).
const mark = `
  <path d="M120 392 C120 228 228 132 392 120 C392 284 296 392 120 392 Z" fill="#fff"/>
  <path d="M120 392 L312 200" stroke="${GREEN}" stroke-width="22" stroke-linecap="round"/>
  <path d="M214 298 L214 236 M256 256 L318 256" stroke="${GREEN}" stroke-width="16" stroke-linecap="round"/>
  <rect x="300" y="300" width="92" height="92" rx="10" fill="${GREEN}" stroke="#fff" stroke-width="18"/>
  <rect x="330" y="330" width="32" height="32" rx="4" fill="#fff"/>`;

/** Rounded tile for browsers and launchers that show the icon as is. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="${GREEN}"/>${mark}
</svg>
`;

/** Full-bleed square: the launcher cuts its own shape, so the mark is shrunk to sit well inside. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${GREEN}"/>
  <g transform="translate(256 256) scale(0.8) translate(-256 -256)">${mark}</g>
</svg>
`;

const outputs = [
  { file: 'public/icons/icon-192.png', svg: rounded, size: 192 },
  { file: 'public/icons/icon-512.png', svg: rounded, size: 512 },
  { file: 'public/icons/icon-maskable-512.png', svg: maskable, size: 512 },
  { file: 'public/icons/apple-touch-icon-180.png', svg: maskable, size: 180 },
];

writeFileSync(join(root, 'public/favicon.svg'), rounded);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const { file, svg, size } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), png);
    await page.close();
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
