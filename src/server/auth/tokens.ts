// Access tokens (short-lived JWT) and refresh tokens (random, stored hashed, rotated on each use).
// Both carry the user's token version: raising it ends every session at once, to the request.
// A spent refresh token used again within a short grace (two tabs refreshing together) gets the same
// successor; used again later, it revokes its whole family, since someone else holds a copy.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/connect.js';
import { refreshTokens, users } from '../db/schema.js';

export interface AccessClaims {
  userId: number;
  /** The user's token version when the token was issued. */
  version: number;
}

export interface TokenTimes {
  accessSeconds: number;
  refreshDays: number;
  /** How long a spent refresh token still gets its successor (two refreshes at the same moment). */
  graceSeconds: number;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

export class TokenService {
  private readonly key: Uint8Array;
  private readonly secret: string;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly times: TokenTimes,
  ) {
    this.secret = secret;
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(userId: number, version: number): Promise<string> {
    return new SignJWT({ tv: version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${this.times.accessSeconds}s`)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      // Tokens made before versions existed carry none: they match version 0, the starting one.
      const version = payload.tv === undefined ? 0 : payload.tv;
      if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(version)) return null;
      return { userId, version: version as number };
    } catch {
      return null;
    }
  }

  /** Starts a new family: a sign-in. */
  async issueRefresh(userId: number, version: number): Promise<string> {
    const token = newOpaqueToken();
    await this.store(userId, version, newOpaqueToken(), token);
    return token;
  }

  /**
   * Spends a refresh token. Answers the user, its version and the successor, or null when it must
   * not be honoured (unknown, expired, revoked, of an older version, inactive user, or a real reuse).
   */
  async rotate(token: string): Promise<{ userId: number; version: number; refreshToken: string } | null> {
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        family: refreshTokens.family,
        version: refreshTokens.tokenVersion,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
        revokedAt: refreshTokens.revokedAt,
        userVersion: users.tokenVersion,
        isActive: users.isActive,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) return null;
    if (row.version !== row.userVersion || !row.isActive) return null;
    const spent = await this.db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      // Spent just now by a racing request (usedAt was still empty when read) or a moment ago: the grace.
      const usedAt = row.usedAt?.getTime() ?? Date.now();
      if (Date.now() - usedAt > this.times.graceSeconds * 1000) {
        await this.revokeFamily(row.family);
        return null;
      }
    }
    // The successor is derived from the spent token under the server secret, so a second request
    // in the grace gets the same one without it ever being stored in clear.
    const next = createHmac('sha256', this.secret).update(`refresh-successor:${token}`).digest('base64url');
    await this.store(row.userId, row.version, row.family, next);
    const [successor] = await this.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(next)));
    if (!successor || successor.revokedAt) return null;
    return { userId: row.userId, version: row.version, refreshToken: next };
  }

  private async store(userId: number, version: number, family: string, token: string): Promise<void> {
    await this.db
      .insert(refreshTokens)
      .values({
        userId,
        family,
        tokenVersion: version,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + this.times.refreshDays * 86_400_000),
      })
      .onConflictDoNothing({ target: refreshTokens.tokenHash });
  }

  async revokeFamily(family: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
  }

  /**
   * Ends every session of a user (password change or reset, deactivation): the token version goes
   * up, so every access and refresh token issued before is refused from the next request on. Pass
   * the transaction that changes the password, so the two hold or fail together.
   */
  async endSessions(userId: number, db: Db = this.db): Promise<void> {
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    await this.revokeAllFor(userId, db);
  }

  async revokeAllFor(userId: number, db: Db = this.db): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /** Sign-out: the presented token's family ends. */
  async revoke(token: string): Promise<void> {
    const [row] = await this.db
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (row) await this.revokeFamily(row.family);
  }
}
