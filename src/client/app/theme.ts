// The app's Mantine theme: field green as the primary colour, roomy touch targets for tablets.
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'green',
  // green.8 is #2f9e44, the theme-color in index.html, so the browser chrome and the app agree.
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    NavLink: { defaultProps: { variant: 'light' } },
  },
});
