// The app's Mantine theme: field green as the primary colour, roomy touch targets for tablets.
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Mantine's green with its two darkest shades deepened, so white on a button, green text and the light
// variant's text all reach 4.5:1 (WCAG AA). index.html's theme-color stays Mantine's #2f9e44.
const green: MantineColorsTuple = [
  '#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#247a36', '#1e6e31',
];

export const theme = createTheme({
  primaryColor: 'green',
  colors: { green },
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    NavLink: { defaultProps: { variant: 'light' } },
  },
});

/** Dimmed text one shade darker than Mantine's gray.6 (3.3:1 on white) so it reads at 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
