// Mantine, notifications and the modals manager around the whole app.
import { useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { whenIdle } from '../kit/idle.js';
import { cssVariablesResolver, theme } from './theme.js';
import { useHandheld } from '../floor/handheld.js';
import './theme.css';

/** Toasts go where they hide nothing needed: at the bottom on a handheld, under the header otherwise.
 *  Its own component, read at first render: a later answer re-draws the toasts, not the whole app.
 *  Their containers (six positions, each mounting a transition group) are drawn once the first page
 *  is drawn and the main thread is free, not in its first commit; a toast asked for before then waits
 *  in the notifications store and shows when they are. */
function Toasts() {
  const handheld = useHandheld();
  const [drawn, setDrawn] = useState(false);
  useEffect(() => whenIdle(() => setDrawn(true)), []);
  return drawn ? <Notifications position={handheld ? 'bottom-center' : 'top-right'} limit={4} /> : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}
