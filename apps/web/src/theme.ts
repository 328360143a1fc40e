import { createTheme } from '@mantine/core';
import { readableColors } from './theme-colors.ts';
import { comboboxDefaultProps } from './lib/forms/combobox-enter.ts';

/**
 * Breakpoints follow the spec §9: navigation collapses below 768 px (sm = 48em) and content
 * stacks below 1040 px (md = 65em).
 */
export const theme = createTheme({
  primaryColor: 'teal',
  // Shades 6–9 darkened so that coloured and dimmed text passes WCAG AA (theme-colors.ts).
  colors: readableColors,
  defaultRadius: 'md',
  // Mantine 9 made `medium` 600 (500 in Mantine 8): labels of fields, menus, notifications and
  // segmented controls would all turn bold. 500 keeps them as they were; buttons, which Mantine 8
  // drew at 600 and 9 draws at `medium`, keep 600 in styles.css (issue #17, upgrade to Mantine 9).
  fontWeights: { medium: '500' },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  breakpoints: { xs: '36em', sm: '48em', md: '65em', lg: '75em', xl: '88em' },
  // The required asterisk is drawn by styles.css (see there why); Enter in a combobox picks an
  // option and never submits the form (lib/forms/combobox-enter.ts).
  components: {
    ...Object.fromEntries(
      ['InputWrapper', 'TextInput', 'PasswordInput', 'NumberInput', 'Select', 'FileInput'].map((name) => [
        name,
        { defaultProps: { withAsterisk: false } },
      ]),
    ),
    // Close buttons show an icon only: named 'Fechar' for screen readers (axe button-name, issue #15).
    ...Object.fromEntries(
      ['Modal', 'Drawer', 'Notification'].map((name) => [
        name,
        { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
      ]),
    ),
    Alert: { defaultProps: { closeButtonLabel: 'Fechar' } },
    // A table wider than the screen scrolls sideways: its viewport takes the focus, so the
    // keyboard scrolls it too (axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    Select: { defaultProps: { withAsterisk: false, ...comboboxDefaultProps } },
    Autocomplete: { defaultProps: comboboxDefaultProps },
    MultiSelect: { defaultProps: comboboxDefaultProps },
  },
});
