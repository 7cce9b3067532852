// Access tokens (short-lived JWT) and refresh tokens (random, stored hashed, rotated on each use;
// a spent token used again revokes its whole family, since someone else holds a copy).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/connect.js';
import { refreshTokens, users } from '../db/schema.js';

export interface AccessClaims {
  userId: number;
  /** Seconds since the epoch, as in the token. */
  issuedAt: number;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly accessSeconds: number,
    private readonly refreshDays: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(userId: number): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${this.accessSeconds}s`)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      return Number.isInteger(userId) && userId > 0 ? { userId, issuedAt: payload.iat ?? 0 } : null;
    } catch {
      return null;
    }
  }

  /** Starts a new family (a sign-in) or continues one (a rotation). */
  async issueRefresh(userId: number, family = newOpaqueToken()): Promise<string> {
    const token = newOpaqueToken();
    await this.db.insert(refreshTokens).values({
      userId, family, tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + this.refreshDays * 86_400_000),
    });
    return token;
  }

  /** Spends a refresh token. Answers the user id and a new token, or null when it must not be honoured. */
  async rotate(token: string): Promise<{ userId: number; refreshToken: string } | null> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token)));
    if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) return null;
    // Mark spent only if nobody spent it first; a second use means the token was copied.
    const spent = await this.db.update(refreshTokens).set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt))).returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      await this.revokeFamily(row.family);
      return null;
    }
    return { userId: row.userId, refreshToken: await this.issueRefresh(row.userId, row.family) };
  }

  async revokeFamily(family: string): Promise<void> {
    await this.db.update(refreshTokens).set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
  }

  /**
   * Ends every session of a user: refresh tokens revoked, and access tokens issued before this
   * second refused (tokens live up to ACCESS_TOKEN_SECONDS otherwise).
   */
  async endSessions(userId: number): Promise<void> {
    await this.db.update(users).set({ sessionsValidAfter: new Date(Math.floor(Date.now() / 1000) * 1000) })
      .where(eq(users.id, userId));
    await this.revokeAllFor(userId);
  }

  async revokeAllFor(userId: number): Promise<void> {
    await this.db.update(refreshTokens).set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /** Sign-out: the presented token's family ends. */
  async revoke(token: string): Promise<void> {
    const [row] = await this.db.select({ family: refreshTokens.family }).from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (row) await this.revokeFamily(row.family);
  }
}
