// Entry point: the first screen's styles (the rest come with the shell), then the stored session (so
// the first route already knows who is signed in), then the providers, the router and the update prompt.
import './styles-first-screen.js';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers.js';
import { router } from './app/router.js';
import { loadSession } from './api/session.js';
import { UpdatePrompt } from './app/update-prompt.js';

async function start() {
  await loadSession();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // A transition lets React yield every few milliseconds, so the first render is no single long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
          <UpdatePrompt />
        </Providers>
      </StrictMode>,
    );
  });
}

void start();
