// Draws the demo products' pack pictures (src/server/demo/images/demo-*.png) with Debian's
// Chromium: a pouch, a bottle, a sachet and a bag in the brand's colours. The PNGs are committed;
// run `node scripts/make-demo-images.mjs` only to change them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'src/server/demo/images');

const label = (y, title, sub, colour) => `
  <rect x="52" y="${y}" width="136" height="78" rx="8" fill="#fff"/>
  <text x="120" y="${y + 32}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="20" text-anchor="middle" fill="${colour}">${title}</text>
  <text x="120" y="${y + 58}" font-family="DejaVu Sans, sans-serif" font-size="15" text-anchor="middle" fill="#333">${sub}</text>`;
const leaf = (x, y) => `<path d="M${x} ${y + 24} C${x} ${y + 6} ${x + 12} ${y - 4} ${x + 30} ${y - 6} C${x + 30} ${y + 12} ${x + 18} ${y + 24} ${x} ${y + 24} Z" fill="#fff"/>`;

const images = {
  'demo-biogrow-1kg.png': `
    <path d="M40 40 Q120 20 200 40 L210 220 Q120 236 30 220 Z" fill="#2f9e44"/>
    <rect x="40" y="40" width="160" height="14" fill="#237a35"/>${leaf(104, 78)}${label(120, 'BioGrow', 'Organic · 1 kg', '#2f9e44')}`,
  'demo-neemshield-500ml.png': `
    <rect x="100" y="18" width="40" height="26" rx="4" fill="#5c3d1e"/>
    <path d="M92 44 L148 44 L176 84 L176 222 Q176 230 168 230 L72 230 Q64 230 64 222 L64 84 Z" fill="#6b8e23"/>
    ${leaf(104, 70)}${label(120, 'NeemShield', 'Neem oil · 500 ml', '#556b2f')}`,
  'demo-micromix-250g.png': `
    <path d="M56 30 L184 30 L196 226 L44 226 Z" fill="#e8590c"/>
    <path d="M56 30 L184 30 L182 52 L58 52 Z" fill="#c2410c"/>${leaf(104, 74)}${label(120, 'MicroMix', 'Zn·Fe·B · 250 g', '#e8590c')}`,
  'demo-rootmax-5kg.png': `
    <path d="M30 36 L210 36 L220 228 L20 228 Z" fill="#7c5a2a"/>
    <path d="M30 36 L210 36 L208 58 L32 58 Z" fill="#5e4420"/>${leaf(104, 78)}${label(120, 'RootMax', 'Humic · 5 kg', '#7c5a2a')}`,
};

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const [file, body] of Object.entries(images)) {
    const page = await browser.newPage({ viewport: { width: 240, height: 240 }, deviceScaleFactor: 1 });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
      <rect width="240" height="240" fill="#f4f7f2"/>${body}</svg>`;
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    writeFileSync(join(out, file), await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 240 } }));
    await page.close();
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
