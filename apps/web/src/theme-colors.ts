import {
  alpha,
  DEFAULT_THEME,
  getPrimaryShade,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeColors,
} from '@mantine/core';

/**
 * Colours everyone can read (issue #15, WCAG 2.1 AA: text at least 4.5:1 against what is behind
 * it), on a cheap monitor under a shop's lights too.
 *
 * Mantine draws coloured text, filled buttons and badges with shade 6 of a colour (the light
 * scheme's primary shade), light badges/alerts/buttons with shade 6 on a 10 % tint of itself (12 %
 * under the pointer), and `dimmed` text with gray 6. Its default shades 6 of teal, green, yellow,
 * orange… reach only 1.9–3.6:1 on white. Here shades 0–5 (backgrounds, borders) stay Mantine's, and shades 6–9 are
 * the same hue darkened (HSL lightness) until shade 6 reaches 5:1 on white and 4.6:1 on its own
 * tint at 12 % (a light button under the pointer), 7 6:1, 8 7.2:1 and 9 8.6:1 (a default shade
 * that already passes is kept). White text on shade 6 passes as well. theme-colors.test.ts checks
 * these ratios.
 */
const readable = (color: keyof typeof DEFAULT_THEME.colors, shades6to9: [string, string, string, string]): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[color]!.slice(0, 6), ...shades6to9] as unknown as MantineColorsTuple;

/** Mantine's colours with shades 6–9 that pass AA as text (see `readable`). */
export const readableColors = {
  gray: readable('gray', ['#636a72', '#495057', '#343a40', '#212529']),
  red: readable('red', ['#ce0606', '#c50f0f', '#ab1a1a', '#921f1f']),
  pink: readable('pink', ['#c71b58', '#b92559', '#a41f4e', '#901a43']),
  grape: readable('grape', ['#a628c6', '#9a32b4', '#862e9b', '#752888']),
  violet: readable('violet', ['#7044f1', '#693fe7', '#5b32d6', '#5134aa']),
  indigo: readable('indigo', ['#3158f4', '#2d52e9', '#2648cf', '#2d41a5']),
  blue: readable('blue', ['#156bb6', '#1665ab', '#135897', '#124c83']),
  cyan: readable('cyan', ['#0e7381', '#0b6d7c', '#09606e', '#08525f']),
  teal: readable('teal', ['#0c7757', '#086f50', '#066246', '#05563e']),
  green: readable('green', ['#277836', '#237030', '#1d632b', '#1b5727']),
  lime: readable('lime', ['#4b7511', '#456d0d', '#3a5f09', '#335207']),
  yellow: readable('yellow', ['#896103', '#875800', '#7d4900', '#763d00']),
  orange: readable('orange', ['#aa4e01', '#a54505', '#963908', '#882d09']),
} satisfies Partial<MantineThemeColors>;

/**
 * Light scheme colours over Mantine's:
 * - placeholder and disabled text: gray 6 instead of gray 5, so an example in an empty field and
 *   the value of a disabled one stay legible (`dimmed` is gray 6 already, darker here);
 * - background of the light variant (badges, light buttons, alerts): the primary shade (6) at 10 %
 *   on white, 12 % under the pointer, as Mantine 8 drew it. Mantine 9 paints shade 1 (2 under
 *   the pointer) instead, a stronger solid tint; the screens keep the look they had before the
 *   upgrade to 9 (issue #17), and the contrast ratios of theme-colors.test.ts stay true;
 * - text of the light, subtle and transparent variants: shade 8 instead of Mantine's 9 (6 in
 *   Mantine 8), because they often sit on a tinted background themselves (a light badge in the
 *   highlighted row of a list: 4.1–4.6:1 with shade 6 or 7, 4.9–5.6:1 with 8).
 */
export const readableCssVariables: CSSVariablesResolver = (theme) => {
  const shade = getPrimaryShade(theme, 'light');
  return {
    variables: {},
    light: {
      '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
      '--mantine-color-disabled-color': 'var(--mantine-color-gray-6)',
      ...Object.fromEntries(
        Object.entries(theme.colors).flatMap(([color, shades]) => [
          [`--mantine-color-${color}-light`, alpha(shades[shade], 0.1)],
          [`--mantine-color-${color}-light-hover`, alpha(shades[shade], 0.12)],
        ]),
      ),
      ...Object.fromEntries(
        Object.keys(readableColors).map((color) => [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-8)`]),
      ),
    },
    dark: {},
  };
};
