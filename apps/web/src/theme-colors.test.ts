import { alpha, DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableColors, readableCssVariables } from './theme-colors.ts';

/** WCAG 2.1 contrast ratio of two colours given as '#rrggbb'. */
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const channels = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/**
 * `hex` at `opacity` over `over` (white): the light variant background is a colour at 12 %
 * under the pointer (10 % at rest; readableCssVariables).
 */
const tint = (hex: string, opacity = 0.12, over = '#ffffff'): string => {
  const under = channels(over);
  const mixed = channels(hex).map((c, i) => Math.round(c * opacity + under[i]! * (1 - opacity)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
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

  it.each(colors)('%s: light variant text (shade 8) reads at 4.5:1 under the pointer in a highlighted row', (_, shades) => {
    // A light badge/button at 12 % on a row tinted at 10 % with the same colour.
    const fundo = tint(shades[6], 0.12, tint(shades[6], 0.1));
    expect(contrast(shades[8], fundo)).toBeGreaterThanOrEqual(4.5);
  });

  it('light, subtle and transparent variants write with shade 8 in the light scheme', () => {
    const { light } = readableCssVariables(DEFAULT_THEME);
    expect(light['--mantine-color-teal-light-color']).toBe('var(--mantine-color-teal-8)');
    expect(light['--mantine-color-placeholder']).toBe('var(--mantine-color-gray-6)');
  });

  it('light variant background is shade 6 at 10 % (12 % under the pointer), as in Mantine 8', () => {
    const { light } = readableCssVariables({ ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, ...readableColors } });
    expect(light['--mantine-color-teal-light']).toBe(alpha(readableColors.teal[6], 0.1));
    expect(light['--mantine-color-teal-light-hover']).toBe(alpha(readableColors.teal[6], 0.12));
    expect(light['--mantine-color-red-light']).toBe(alpha(readableColors.red[6], 0.1));
    expect(light['--mantine-color-dark-light']).toBe(alpha(DEFAULT_THEME.colors.dark[6], 0.1));
  });

  it.each(colors)('%s: shades 0–5 (backgrounds, borders) stay Mantine’s', (name, shades) => {
    expect(shades.slice(0, 6)).toEqual(DEFAULT_THEME.colors[name]!.slice(0, 6));
  });

  it('dimmed text (gray 6) reads at 4.5:1 on white and on gray 0 (striped rows, panels)', () => {
    expect(contrast(readableColors.gray![6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(readableColors.gray![6], readableColors.gray![0])).toBeGreaterThanOrEqual(4.5);
  });
});
