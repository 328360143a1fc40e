import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableColors } from './theme-colors.ts';

/** WCAG 2.1 contrast ratio of two colours given as '#rrggbb'. */
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** `hex` at 12 % over white: Mantine's light variant background under the pointer (10 % at rest). */
const tint = (hex: string): string => {
  const channels = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.12 + 255 * 0.88));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
};

describe('readableColors (WCAG AA text, issue #15)', () => {
  const colors = Object.entries(readableColors);

  it('covers every Mantine colour but dark', () => {
    expect(Object.keys(readableColors).sort()).toEqual(
      Object.keys(DEFAULT_THEME.colors)
        .filter((c) => c !== 'dark')
        .sort(),
    );
  });

  it.each(colors)('%s: shade 6 reads at 4.5:1 on white, on its own tint and under white text', (_, shades) => {
    expect(contrast(shades[6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[6], tint(shades[6]))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(colors)('%s: shades 7–9 darker than 6, each at least 4.5:1 on white', (_, shades) => {
    for (const shade of [7, 8, 9]) {
      expect(contrast(shades[shade]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(luminance(shades[shade]!)).toBeLessThan(luminance(shades[shade - 1]!));
    }
  });

  it.each(colors)('%s: shades 0–5 (backgrounds, borders) stay Mantine’s', (name, shades) => {
    expect(shades.slice(0, 6)).toEqual(DEFAULT_THEME.colors[name]!.slice(0, 6));
  });

  it('dimmed text (gray 6) reads at 4.5:1 on white and on gray 0 (striped rows, panels)', () => {
    expect(contrast(readableColors.gray![6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(readableColors.gray![6], readableColors.gray![0])).toBeGreaterThanOrEqual(4.5);
  });
});
