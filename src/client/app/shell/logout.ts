// Sign-out (spec 1 section 2.2): revoke the refresh token if the server is reachable, then forget the
// session locally whatever the answer, so Logout works offline too. The outbox is not touched: work
// not yet settled stays on the device for the same user's next sign-in (keptEntries counts it first).
import { api } from '../../api/http.js';
import { clearSession, getSession } from '../../api/session.js';

/** The user's entries a sign-out leaves on the device: still to go, and refused ones to look at. */
export async function keptEntries(userId: number): Promise<{ waiting: number; rejected: number }> {
  const [{ localDb }, { openCounts }] = await Promise.all([
    import('../../offline/db.js'),
    import('../../offline/outbox.js'),
  ]);
  const c = await openCounts(localDb, userId);
  return { waiting: c.pending + c.sending, rejected: c.rejected };
}

export async function logout(): Promise<void> {
  const refreshToken = getSession()?.RefreshToken;
  if (refreshToken) {
    // Best effort with a short wait: a dead network must not keep the user signed in.
    await Promise.race([
      api.publicPost('Login/Logout', { RefreshToken: refreshToken }),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  }
  await clearSession();
}
