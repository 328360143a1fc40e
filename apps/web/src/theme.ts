import { createTheme } from '@mantine/core';

/**
 * Breakpoints follow the spec §9: navigation collapses below 768 px (sm = 48em) and content
 * stacks below 1040 px (md = 65em).
 */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  breakpoints: { xs: '36em', sm: '48em', md: '65em', lg: '75em', xl: '88em' },
  // The required asterisk is drawn by styles.css (see there why).
  components: Object.fromEntries(
    ['InputWrapper', 'TextInput', 'PasswordInput', 'NumberInput', 'Select', 'FileInput'].map((name) => [
      name,
      { defaultProps: { withAsterisk: false } },
    ]),
  ),
});
