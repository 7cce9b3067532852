// Sign-out (spec 1 section 2.2): revoke the refresh token if the server is reachable, then forget the
// session locally whatever the answer, so Logout works offline too.
import { api } from '../../api/http.js';
import { clearSession, getSession } from '../session.js';

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
