// Forgot and reset password through a real SMTP peer: the mail, the link, the one-time token, and
// the same answer for unknown addresses. Without SMTP_URL the mail lands in DATA_DIR/mail.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { MSG, LOGIN_API, ME_API } from '../../src/shared/contracts/auth.js';
import { PASSWORD_MESSAGE } from '../../src/shared/contracts/fields.js';
import { insertUser } from '../helpers/factories.js';
import { startApp } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';
import { startSmtp, type ReceivedMail, type SmtpPeer } from '../helpers/smtp.js';
import { send } from '../helpers/endpoint-call.js';

const PUBLIC_BASE = 'https://trace.example.test';
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

// Started after the set-up above, closed before its clean-up.
const t = useApp(() => ({
  smtpUrl: smtp.url,
  publicBaseUrl: PUBLIC_BASE,
  mailFrom: 'Fieldtrace <no-reply@trace.example.test>',
}));

const forgot = (Email: unknown) => t.send(LOGIN_API.forgotPassword, { Email });
const reset = (Token: string, NewPassword: string, ConfirmPassword = NewPassword) =>
  t.send(LOGIN_API.resetPassword, { Token, NewPassword, ConfirmPassword });
const checkUser = (Email: string, Password: string) => t.send(LOGIN_API.checkUser, { Email, Password });
const sent = { status: 200, body: { ResponseCode: '200', ResponseMessage: MSG.forgotSent, ResponseData: null } };

function linkToken(mail: ReceivedMail): string {
  const m = new RegExp(`${PUBLIC_BASE.replace(/\./g, '\\.')}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m) throw new Error(`No reset link in mail:\n${mail.text}`);
  return m[1]!;
}

async function requestReset(email: string): Promise<string> {
  const before = smtp.mails.length;
  expect(await forgot(email)).toMatchObject(sent);
  return linkToken(await smtp.waitForMail(before));
}

describe('forgot password', () => {
  it.each([
    [undefined, MSG.emailRequired],
    ['', MSG.emailRequired],
    ['not-an-email', MSG.emailInvalid],
  ])('Email %j answers the spec message', async (email, message) => {
    const res = await t.send(LOGIN_API.forgotPassword, email === undefined ? {} : { Email: email });
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
  });

  it('sends a mail to the account with a link that carries a token', async () => {
    const u = await insertUser(t.db, { password: 'Before123', userName: 'Meena Joshi' });
    const before = smtp.mails.length;
    expect(await forgot(u.email.toUpperCase())).toMatchObject(sent);
    const mail = await smtp.waitForMail(before);
    expect(mail.to).toEqual([u.email]);
    expect(mail.from).toBe('no-reply@trace.example.test');
    expect(mail.headers.subject).toMatch(/reset/i);
    expect(mail.text).toContain('Meena Joshi');
    expect(linkToken(mail).length).toBeGreaterThanOrEqual(32);
  });

  it('an unknown address gets the same answer and no mail is sent', async () => {
    const before = smtp.mails.length;
    const res = await forgot('nobody-here@example.com');
    expect(res).toMatchObject(sent);
    // Give a mail that should not exist the time a real one takes to arrive.
    await expect(smtp.waitForMail(before, 500)).rejects.toThrow(/No mail/);
  });

  it('an inactive account gets the same answer and no mail', async () => {
    const u = await insertUser(t.db, { isActive: false });
    const before = smtp.mails.length;
    expect(await forgot(u.email)).toMatchObject(sent);
    await expect(smtp.waitForMail(before, 500)).rejects.toThrow(/No mail/);
  });
});

describe('reset password', () => {
  it('a password that breaks the rule gets the password message, and the token stays usable', async () => {
    const u = await insertUser(t.db, { password: 'Before123' });
    const token = await requestReset(u.email);
    for (const bad of ['abc', 'abcdef1', 'ABCDEF1', 'Abcdefgh', 'Abcdefghij1']) {
      const res = await reset(token, bad);
      expect(res.body, bad).toEqual({ ResponseCode: '400', ResponseMessage: PASSWORD_MESSAGE, ResponseData: null });
    }
    const mismatch = await reset(token, 'After123', 'After124');
    expect(mismatch.body.ResponseMessage).toBe(MSG.confirmMismatch);
    expect((await reset(token, 'After123')).body.ResponseCode).toBe('200');
  });

  it('sets the new password: the old one no longer signs in, the new one does, the token works once', async () => {
    const u = await insertUser(t.db, { password: 'Before123', isResetPassword: true });
    const session = await t.signIn(u.email, 'Before123');
    const token = await requestReset(u.email);

    const res = await reset(token, 'After123');
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: MSG.resetDone, ResponseData: null });
    expect((await checkUser(u.email, 'Before123')).body.ResponseMessage).toBe(MSG.badLogin);
    const fresh = await t.signIn(u.email, 'After123');
    expect(fresh.login.UserId).toBe(u.id);

    // Once only.
    const again = await reset(token, 'Again123');
    expect(again.body).toEqual({ ResponseCode: '400', ResponseMessage: MSG.resetInvalid, ResponseData: null });
    expect((await checkUser(u.email, 'Again123')).body.ResponseMessage).toBe(MSG.badLogin);

    // The flag that sends a user to /profile is cleared; the refresh tokens of before are revoked.
    const me = await t.fetch(ME_API.getUser, fresh.token);
    expect((me.body.ResponseData as { IsResetPassword: boolean }[])[0]!.IsResetPassword).toBe(false);
    expect((await t.send(LOGIN_API.refresh, { RefreshToken: session.refreshToken })).status).toBe(401);
  });

  it('a made-up or altered token is refused', async () => {
    const u = await insertUser(t.db);
    const token = await requestReset(u.email);
    const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const bad of ['x'.repeat(43), altered]) {
      expect((await reset(bad, 'After123')).body).toEqual({
        ResponseCode: '400',
        ResponseMessage: MSG.resetInvalid,
        ResponseData: null,
      });
    }
    expect((await checkUser(u.email, u.password)).body.ResponseCode).toBe('200');
  });

  it('a newer request does not spoil an older link, and each link is its own', async () => {
    const u = await insertUser(t.db);
    const first = await requestReset(u.email);
    const second = await requestReset(u.email);
    expect(second).not.toBe(first);
    expect((await reset(first, 'First123')).body.ResponseCode).toBe('200');
    expect((await reset(second, 'Second123')).body.ResponseCode).toBe('200');
    expect((await checkUser(u.email, 'Second123')).body.ResponseCode).toBe('200');
  });
});

describe('expired links', () => {
  it('a token past its lifetime is refused', async () => {
    const peer = await startSmtp();
    const app = await startApp({ smtpUrl: peer.url, resetTokenMinutes: 0 });
    try {
      const u = await insertUser(app.db);
      await send(app, LOGIN_API.forgotPassword, { Email: u.email });
      const mail = await peer.waitForMail(0);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      const res = await send(app, LOGIN_API.resetPassword, {
        Token: token,
        NewPassword: 'After123',
        ConfirmPassword: 'After123',
      });
      expect(res.body.ResponseMessage).toBe(MSG.resetInvalid);
    } finally {
      await app.close();
      await peer.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('the mail is written to a file under DATA_DIR/mail with the link', async () => {
    const app = await startApp({ smtpUrl: undefined });
    try {
      const res = await send(app, LOGIN_API.forgotPassword, { Email: SEED_LOGINS.warehouse.email });
      expect(res.body.ResponseMessage).toBe(MSG.forgotSent);
      const dir = join(app.config.dataDir, 'mail');
      // The mail is written after the answer (the answer never waits for mail).
      const written = () =>
        existsSync(dir) && readdirSync(dir).some((f) => readFileSync(join(dir, f), 'utf8').includes('token='));
      for (let waited = 0; !written() && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      const text = readFileSync(join(dir, files[0]!), 'utf8');
      expect(text).toContain(`To: ${SEED_LOGINS.warehouse.email}`);
      const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
      const done = await send(app, LOGIN_API.resetPassword, {
        Token: token,
        NewPassword: 'Fresh123',
        ConfirmPassword: 'Fresh123',
      });
      expect(done.body.ResponseCode).toBe('200');
      expect(
        (await send(app, LOGIN_API.checkUser, { Email: SEED_LOGINS.warehouse.email, Password: 'Fresh123' })).body
          .ResponseCode,
      ).toBe('200');
    } finally {
      await app.close();
    }
  });
});
