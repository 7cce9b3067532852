// A path this app does not draw (the public verification page /P, its own entry: src/public-page):
// reached inside the app, it is loaded from the server as a page of its own. Should the same page come
// back here within seconds (a server or service worker older than the page's entry), a link is shown
// instead of reloading forever.
import { useEffect } from 'react';

const KEY = 'fieldtrace:full-page-load';
const LOOP_MS = 10_000;

export function FullPageLoad() {
  const href = window.location.href;
  const [lastHref, at] = (sessionStorage.getItem(KEY) ?? '').split('\n');
  const again = lastHref === href && Date.now() - Number(at) < LOOP_MS;
  useEffect(() => {
    if (again) return;
    sessionStorage.setItem(KEY, `${href}\n${Date.now()}`);
    window.location.reload();
  }, [again, href]);
  return again ? (
    <p style={{ padding: 16 }}>
      <a href={href}>Product Verification Detail</a>
    </p>
  ) : null;
}
