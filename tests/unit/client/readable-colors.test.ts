// The theme's colours read at 4.5:1 (issue 26 item 6): every palette's text shades on the backgrounds
// they are drawn on, and the error colour. axe in tests/browser/accessibility.test.ts checks the screens;
// this checks the shades no screen happens to show today.
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, MIN_CONTRAST } from '../../../src/client/app/readable-colors.js';
import { cssVariablesResolver, theme } from '../../../src/client/app/theme.js';

const colors = theme.colors as Record<string, readonly string[]>;

describe('the theme colours', () => {
  it('measures contrast as WCAG does: Mantine red.6 on white is 3.28:1, black on white 21:1', () => {
    expect(contrast(DEFAULT_THEME.colors.red[6], '#ffffff')).toBeCloseTo(3.28, 2);
    expect(contrast('#000000', '#ffffff')).toBe(21);
  });

  it('gives every palette a shade 8 and a shade 9 that read on white, light grey and its own shade 1', () => {
    const short: string[] = [];
    for (const [name, tuple] of Object.entries(colors)) {
      for (const i of [8, 9]) {
        for (const bg of ['#ffffff', DEFAULT_THEME.colors.gray[1], tuple[1]!]) {
          if (contrast(tuple[i]!, bg) < MIN_CONTRAST) short.push(`${name}.${i} ${tuple[i]} on ${bg}`);
        }
      }
    }
    expect(short).toEqual([]);
    expect(Object.keys(colors)).toEqual(expect.arrayContaining(Object.keys(DEFAULT_THEME.colors)));
  });

  it('keeps the lighter shades as Mantine drew them', () => {
    expect(colors.orange!.slice(0, 8)).toEqual(DEFAULT_THEME.colors.orange.slice(0, 8));
  });

  it('draws field errors in red.8', () => {
    const vars = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never);
    expect(vars.light['--mantine-color-error']).toBe('var(--mantine-color-red-8)');
    expect(contrast(colors.red![8]!, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});
