// Mantine's palettes with their two darkest shades deepened until they read at 4.5:1 (WCAG AA), worked
// out once here instead of per screen. Shade 8 is our primary shade (a colour's text, `c="red"`, filled
// buttons) and the error colour; shade 9 is the light variant's text (light buttons, Alert titles) on
// shade 1. Mantine's own fail: orange.8 on white 3.58:1, orange.9 on orange.1 3.61:1, yellow.9 on
// yellow.1 2.68:1, red.6 (its error colour) on white 3.28:1.
import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

export const MIN_CONTRAST = 4.5;
/** A hair above the bar, so rounding in a browser's colour maths never lands a shade under it. */
const TARGET = 4.6;
const WHITE = '#ffffff';
/** The lightest grey a page draws text on (table stripes, read-only inputs). */
const LIGHT_GREY = DEFAULT_THEME.colors.gray[1];

const channels = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: readonly number[]): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `shade` darkened a step at a time (keeping its hue) until it reads on every one of `backgrounds`. */
function deepen(shade: string, backgrounds: readonly string[]): string {
  let rgb = channels(shade);
  let hex = shade;
  while (backgrounds.some((bg) => contrast(hex, bg) < TARGET)) {
    rgb = rgb.map((c) => c * 0.97) as [number, number, number];
    hex = toHex(rgb);
  }
  return hex;
}

/** A palette whose shades 8 and 9 read on white, the lightest grey and the palette's own shade 1. */
export function readable(tuple: readonly string[]): MantineColorsTuple {
  const backgrounds = [WHITE, LIGHT_GREY, tuple[1]!];
  return tuple.map((shade, i) => (i >= 8 ? deepen(shade, backgrounds) : shade)) as unknown as MantineColorsTuple;
}

/** Every one of Mantine's palettes, made readable, with `own` palettes in place of its. */
export function readableColors(own: Record<string, MantineColorsTuple>): Record<string, MantineColorsTuple> {
  const all = { ...DEFAULT_THEME.colors, ...own } as Record<string, readonly string[]>;
  return Object.fromEntries(Object.entries(all).map(([name, tuple]) => [name, readable(tuple)]));
}
