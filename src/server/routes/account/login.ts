// Sign-in, token refresh, sign-out and password reset by e-mail (spec 1 sections 2.6, 3.2, 5.1).
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { LOGIN_API, MSG, type LoginResult, type TokenPair } from '../../../shared/contracts/auth.js';
import { failure, ok, warn } from '../../../shared/contracts/envelope.js';
import { sites, passwordResets, users } from '../../db/schema.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/passwords.js';
import { limitAddress } from '../../auth/rate-limit.js';
import { newOpaqueToken, sha256 } from '../../auth/tokens.js';
import type { Router } from '../../http/route.js';
import type { Services } from '../../services.js';

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

const FAILURE_WINDOW = 900;
const pairKey = (email: string, address: string) => `login:pair:${email.toLowerCase()}|${address}`;
const accountKey = (email: string) => `login:acct:${email.toLowerCase()}`;

/**
 * Too many calls from one address (per minute) answer 429; so do too many failures at one account
 * from one address, or at one account from all addresses together (per 15 minutes). The pair limit
 * is what stops a guesser; the account-wide one, much higher, stops guessing spread over many addresses.
 */
async function throttled(s: Services, address: string, email: string | null): Promise<boolean> {
  const overAddress = await s.limiter.hit(`login:ip:${address}`, s.config.loginLimitPerAddress, 60);
  if (overAddress || !email) return overAddress;
  return (
    (await s.limiter.over(pairKey(email, address), s.config.loginLimitPerAccountAddress, FAILURE_WINDOW)) ||
    (await s.limiter.over(accountKey(email), s.config.loginLimitPerAccount, FAILURE_WINDOW))
  );
}

async function countFailure(s: Services, address: string, email: string): Promise<void> {
  await s.limiter.hit(pairKey(email, address), s.config.loginLimitPerAccountAddress, FAILURE_WINDOW);
  await s.limiter.hit(accountKey(email), s.config.loginLimitPerAccount, FAILURE_WINDOW);
}

/**
 * A reset token for an active account whose mailbox has had fewer than RESET_MAIL_LIMIT_PER_HOUR
 * reset mails in the last hour, or null. The account's row is locked so that concurrent requests
 * count one after another, on every instance.
 */
async function resetGrant(
  s: Services,
  email: string,
): Promise<{ token: string; email: string; userName: string } | null> {
  return s.db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, email: users.email, isActive: users.isActive, userName: users.userName })
      .from(users)
      .where(byEmail(email))
      .for('update');
    if (!u?.isActive) return null;
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, u.id), gt(passwordResets.createdAt, new Date(Date.now() - 3_600_000))));
    if ((recent?.n ?? 0) >= s.config.resetMailLimitPerHour) return null;
    const token = newOpaqueToken();
    await tx.insert(passwordResets).values({
      userId: u.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + s.config.resetTokenMinutes * 60_000),
    });
    return { token, email: u.email, userName: u.userName };
  });
}

export function loginRoutes(r: Router) {
  r.serve(LOGIN_API.checkUser, async (s) => {
    const { Email, Password } = s.body;
    if (await throttled(s, limitAddress(s.req.ip), Email)) return s.reply.code(429).send(failure('429', MSG.tooMany));
    const [u] = await s.db
      .select({
        id: users.id,
        hash: users.passwordHash,
        isActive: users.isActive,
        userType: users.userType,
        siteId: users.siteId,
        companyId: users.companyId,
        userName: users.userName,
        prefix: sites.prefix,
        version: users.tokenVersion,
      })
      .from(users)
      .leftJoin(sites, eq(sites.id, users.siteId))
      .where(byEmail(Email));
    const good = await verifyPassword(Password, u?.hash ?? DUMMY_HASH);
    if (!u || !good) {
      await countFailure(s, limitAddress(s.req.ip), Email);
      return warn(MSG.badLogin);
    }
    if (!u.isActive) return warn(MSG.inactive);
    const result: LoginResult = {
      Token: await s.tokens.signAccess(u.id, u.version),
      RefreshToken: await s.tokens.issueRefresh(u.id, u.version),
      UserType: u.userType,
      WareHouseId: u.siteId ?? 0,
      UserId: u.id,
      CompanyId: u.companyId ?? 0,
      Prefix: u.prefix ?? '',
      UserName: u.userName,
    };
    return ok([result], 'Login successfully.');
  });

  r.serve(LOGIN_API.refresh, async (s) => {
    const rotated = await s.tokens.rotate(s.body.RefreshToken);
    if (!rotated) return s.reply.code(401).send(failure('401', MSG.sessionExpired));
    const pair: TokenPair = {
      Token: await s.tokens.signAccess(rotated.userId, rotated.version),
      RefreshToken: rotated.refreshToken,
    };
    return ok(pair);
  });

  r.serve(LOGIN_API.logout, async (s) => {
    await s.tokens.revoke(s.body.RefreshToken);
    return ok(null, 'Signed out.');
  });

  r.serve(LOGIN_API.forgotPassword, async (s) => {
    if (await throttled(s, limitAddress(s.req.ip), null)) return s.reply.code(429).send(failure('429', MSG.tooMany));
    const grant = await resetGrant(s, s.body.Email);
    // The same answer whether the address is unknown, known, or over its mail limit, so the call
    // cannot list accounts; nor does it wait for the mail server, whose delay would tell them apart.
    if (grant) {
      const link = `${s.config.publicBaseUrl}/reset-password?token=${grant.token}`;
      void s.mailer
        .send({
          to: grant.email,
          subject: 'Fieldtrace: reset your password',
          text: `Hello ${grant.userName},\n\nOpen this link to set a new password (valid for ${s.config.resetTokenMinutes} minutes, once):\n${link}\n\nIf you did not ask for this, ignore this mail.`,
        })
        .catch((err: unknown) => s.req.log.error({ err }, 'password-reset mail not sent'));
    }
    return ok(null, MSG.forgotSent);
  });

  r.serve(LOGIN_API.resetPassword, async (s) => {
    const hash = await hashPassword(s.body.NewPassword);
    const done = await s.db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.tokenHash, sha256(s.body.Token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!reset) return null;
      await tx
        .update(users)
        .set({ passwordHash: hash, isResetPassword: false, updatedAt: new Date() })
        .where(eq(users.id, reset.userId));
      await s.tokens.endSessions(reset.userId, tx);
      return reset.userId;
    });
    if (done === null) return warn(MSG.resetInvalid);
    return ok(null, MSG.resetDone);
  });
}
