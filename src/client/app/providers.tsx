// Mantine, notifications and the modals manager around the whole app.
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme } from './theme.js';
import './theme.css';

// Below Mantine's 'sm' breakpoint the shell is a handheld's: one column, the burger menu.
const HANDHELD_QUERY = '(max-width: 48em)';

export function Providers({ children }: { children: ReactNode }) {
  // Toasts go where they hide nothing needed: at the bottom on a handheld, under the header otherwise.
  const handheld = useMediaQuery(HANDHELD_QUERY, false);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position={handheld ? 'bottom-center' : 'top-right'} limit={4} />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}
