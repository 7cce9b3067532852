// React and the page, loaded beside the entry (main.tsx), which has already started the check.
import { createRoot } from 'react-dom/client';
import type { VerifyAnswer } from '../shared/contracts/public/verify.js';
import type { Call } from './api.js';
import { App } from './app.js';

export function render(code: string, first: Promise<Call<VerifyAnswer>> | null) {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App code={code} first={first} />);
}
