// Refresh tokens: rotated on use; a spent one used again within the grace (two tabs refreshing at
// once) gets the same successor, used again later it ends its whole family; sign-out ends the family,
// and other sign-ins of the same account are left alone.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/auth/tokens.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { refreshTokens } from '../../src/server/db/schema.js';
import { MSG, type TokenPair, LOGIN_API, ME_API } from '../../src/shared/contracts/auth.js';
import type { Session } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
const { email, password } = SEED_LOGINS.warehouse;

const refresh = (token: string) => t.send(LOGIN_API.refresh, { RefreshToken: token });
const pairOf = (res: { body: { ResponseData: unknown } }) => res.body.ResponseData as TokenPair;
const refused = { status: 401, body: { ResponseCode: '401', ResponseMessage: MSG.sessionExpired, ResponseData: null } };
/** Moves a spent token's use back past the grace, as if it were spent a while ago. */
const spentLongAgo = (token: string) =>
  t.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - (t.config.refreshGraceSeconds + 1) * 1000) })
    .where(eq(refreshTokens.tokenHash, sha256(token)));

describe('rotation', () => {
  let s: Session;
  beforeAll(async () => {
    s = await t.signIn(email, password);
  });

  it('a refresh gives a new pair that works, and the old refresh token is refused', async () => {
    const r1 = await refresh(s.refreshToken);
    expect(r1.status).toBe(200);
    expect(r1.body.ResponseCode).toBe('200');
    const p1 = pairOf(r1);
    expect(p1.RefreshToken).not.toBe(s.refreshToken);
    expect((await t.fetch(ME_API.getUser, p1.Token)).status).toBe(200);

    // The new refresh token can itself be spent once.
    const r2 = await refresh(p1.RefreshToken);
    expect(r2.status).toBe(200);
    const p2 = pairOf(r2);

    // The first token, spent a while ago, is refused...
    await spentLongAgo(s.refreshToken);
    expect(await refresh(s.refreshToken)).toMatchObject(refused);
    // ...and its reuse ends the family: the newest token, never used, is refused too.
    expect(await refresh(p2.RefreshToken)).toMatchObject(refused);
  });

  it('tokens are stored hashed, never as given', async () => {
    const other = await t.signIn(email, password);
    const rows = await t.db.select().from(refreshTokens);
    expect(rows.some((r) => r.tokenHash === other.refreshToken)).toBe(false);
    expect(rows.some((r) => r.tokenHash === sha256(other.refreshToken))).toBe(true);
  });
});

describe('families', () => {
  it('reuse in one sign-in does not end another sign-in of the same account', async () => {
    const phone = await t.signIn(email, password);
    const desk = await t.signIn(email, password);
    const next = pairOf(await refresh(phone.refreshToken));
    await spentLongAgo(phone.refreshToken);
    expect(await refresh(phone.refreshToken)).toMatchObject(refused); // reuse: phone family ends
    expect(await refresh(next.RefreshToken)).toMatchObject(refused);
    const deskNext = await refresh(desk.refreshToken);
    expect(deskNext.status).toBe(200);
  });

  it('an expired refresh token is refused', async () => {
    const s = await t.signIn(email, password);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(s.refreshToken)));
    expect(await refresh(s.refreshToken)).toMatchObject(refused);
  });

  it('an unknown refresh token is refused', async () => {
    expect(await refresh('x'.repeat(43))).toMatchObject(refused);
  });

  it('a missing refresh token is a 400 warning, not a crash', async () => {
    const res = await t.send(LOGIN_API.refresh, {});
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode).toBe('400');
  });
});

describe('grace for refreshes at the same moment', () => {
  it('two refreshes racing with one token both succeed with the same new refresh token, and everything works', async () => {
    const s = await t.signIn(email, password);
    const [a, b] = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [pa, pb] = [pairOf(a), pairOf(b)];
    expect(pa.RefreshToken).toBe(pb.RefreshToken);
    for (const p of [pa, pb]) expect((await t.fetch(ME_API.getUser, p.Token)).status).toBe(200);
    // The family lives on: the successor rotates as usual.
    const next = await refresh(pa.RefreshToken);
    expect(next.status).toBe(200);
    expect((await t.fetch(ME_API.getUser, pairOf(next).Token)).status).toBe(200);
  });

  it('a tab refreshing a moment after another gets the same new refresh token', async () => {
    const s = await t.signIn(email, password);
    const first = pairOf(await refresh(s.refreshToken));
    const late = await refresh(s.refreshToken);
    expect(late.status).toBe(200);
    expect(pairOf(late).RefreshToken).toBe(first.RefreshToken);
    expect((await t.fetch(ME_API.getUser, pairOf(late).Token)).status).toBe(200);
  });

  it('a reuse after the grace ends the family, the successor included', async () => {
    const s = await t.signIn(email, password);
    const [a] = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
    await spentLongAgo(s.refreshToken);
    expect(await refresh(s.refreshToken)).toMatchObject(refused);
    expect(await refresh(pairOf(a).RefreshToken)).toMatchObject(refused);
  });

  it('the successor is stored hashed only, like every refresh token', async () => {
    const s = await t.signIn(email, password);
    const next = pairOf(await refresh(s.refreshToken)).RefreshToken;
    const rows = await t.db.select().from(refreshTokens);
    expect(rows.filter((r) => Object.values(r).includes(next))).toEqual([]);
    expect(rows.filter((r) => r.tokenHash === sha256(next))).toHaveLength(1);
  });

  it('a signed-out family is not brought back by a late second refresh', async () => {
    const s = await t.signIn(email, password);
    const next = pairOf(await refresh(s.refreshToken));
    await t.send(LOGIN_API.logout, { RefreshToken: next.RefreshToken });
    expect(await refresh(s.refreshToken)).toMatchObject(refused);
    expect(await refresh(next.RefreshToken)).toMatchObject(refused);
  });
});

describe('sign-out', () => {
  it('revokes the refresh token and its family, and leaves other sign-ins working', async () => {
    const a = await t.signIn(email, password);
    const b = await t.signIn(email, password);
    const rotated = pairOf(await refresh(a.refreshToken));
    const out = await t.send(LOGIN_API.logout, { RefreshToken: rotated.RefreshToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ResponseCode: '200', ResponseMessage: 'Signed out.', ResponseData: null });
    expect(await refresh(rotated.RefreshToken)).toMatchObject(refused);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it('signing out with an unknown token answers the same (nothing to learn from it)', async () => {
    const out = await t.send(LOGIN_API.logout, { RefreshToken: 'y'.repeat(43) });
    expect(out.body).toEqual({ ResponseCode: '200', ResponseMessage: 'Signed out.', ResponseData: null });
  });
});
