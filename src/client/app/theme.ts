// The app's Mantine theme: field green as the primary colour, roomy touch targets for tablets.
import {
  createTheme,
  Dialog,
  Modal,
  Notification,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { readableColors } from './readable-colors.js';

// Mantine's green with its two darkest shades deepened, so white on a button, green text and the light
// variant's text all reach 4.5:1 (WCAG AA). index.html's theme-color stays Mantine's #2f9e44.
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#247a36',
  '#1e6e31',
];

/** The accessible name of every dialog's and toast's close button. */
export const CLOSE_LABEL = 'Close';

export const theme = createTheme({
  primaryColor: 'green',
  // Every palette's shades 8 and 9 deepened to 4.5:1 where Mantine's fall short (readable-colors.ts).
  colors: readableColors({ green }),
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    NavLink: { defaultProps: { variant: 'light' } },
    // Every dialog's × is named for a screen reader, set once here rather than on each dialog. The
    // dialog's <header> would be a second banner landmark beside the shell's (a portal puts it under
    // <body>, outside any sectioning element): it is only the title row, so it carries no role.
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL }, attributes: { header: { role: 'none' } } },
    }),
    Dialog: Dialog.extend({ defaultProps: { attributes: { closeButton: { 'aria-label': CLOSE_LABEL } } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } }),
  },
});

/** Dimmed text one shade darker than Mantine's gray.6 (3.3:1 on white), and field errors in red.8 rather than
 *  red.6 (3.28:1), so both read at 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
