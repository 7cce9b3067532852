// The public verification page's entry (p.html): its own small build (src/build/public-page.ts) with
// React and plain CSS only, no admin code, no router, no zod. This first file is small and starts the
// check at once; React and the page (render.tsx) download beside it (p.html preloads them), so on a
// slow network the check's round trip and their download overlap instead of following each other.
import './page.css';
import { scannedCode } from './api.js';
import { check } from './verification.js';

const code = scannedCode(window.location);
const first = code ? check(code, null) : null;

import('./render.js')
  .then(({ render }) => render(code, first))
  .catch(() => {
    // The page's script did not arrive (the network dropped): say so, with a way to try again.
    const root = document.getElementById('root');
    if (!root) return;
    const hindi = document.documentElement.lang === 'hi' || /^hi\b/i.test(navigator.language ?? '');
    const p = document.createElement('p');
    p.className = 'boot';
    p.textContent = hindi ? 'पेज पूरा नहीं खुल सका। कनेक्शन जाँचें।' : 'The page could not load. Check your connection.';
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'button primary';
    retry.textContent = hindi ? 'फिर से कोशिश करें' : 'Retry';
    retry.addEventListener('click', () => window.location.reload());
    root.replaceChildren(p, retry);
  });
