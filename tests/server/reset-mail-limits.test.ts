// Reset mail cannot be used to flood a mailbox: a few mails per recipient an hour, however many
// addresses ask, and every caller gets the same answer (known, unknown or over the limit alike).
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../src/server/db/schema.js';
import { MSG, LOGIN_API } from '../../src/shared/contracts/auth.js';
import { insertUser } from '../helpers/factories.js';
import { startApp, type Answer } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';
import { startSmtp, type SmtpPeer } from '../helpers/smtp.js';
import { send } from '../helpers/endpoint-call.js';

const PER_HOUR = 3;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

// Started after the set-up above, closed before its clean-up.
const t = useApp(() => ({ smtpUrl: smtp.url, resetMailLimitPerHour: PER_HOUR }));

const forgotFrom = (remoteAddress: string, Email: string): Promise<Answer> =>
  t.raw({ method: 'POST', url: '/API/api/Login/ForgotPassword', payload: { Email }, remoteAddress });
const sent = { status: 200, body: { ResponseCode: '200', ResponseMessage: MSG.forgotSent, ResponseData: null } };
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Mails go out after the answer: waits for `expected` to `email` (5 s at most), then a little for any extra. */
async function mailCount(email: string, expected: number): Promise<number> {
  for (let waited = 0; mailsTo(email) < expected && waited < 5000; waited += 50) await sleep(50);
  await sleep(500);
  return mailsTo(email);
}

/** Six addresses asking `each` times at once for `email`; answers only what the caller saw. */
async function flood(email: string, each: number, net: number): Promise<Answer[]> {
  const calls = [];
  for (let a = 1; a <= 6; a++) for (let i = 0; i < each; i++) calls.push(forgotFrom(`10.${net}.0.${a}`, email));
  return Promise.all(calls);
}

describe('reset mail per recipient', () => {
  it(`sixty requests from six addresses at once send at most ${PER_HOUR} mails, and all answer alike`, async () => {
    const u = await insertUser(t.db);
    const answers = await flood(u.email, 10, 40);
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual(sent);
    expect(await mailCount(u.email, PER_HOUR)).toBe(PER_HOUR);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id))).toHaveLength(PER_HOUR);
    // The next one, later and in another spelling, is over the limit too, and answers the same.
    expect(await forgotFrom('10.41.0.1', u.email.toUpperCase())).toMatchObject(sent);
    expect(await mailCount(u.email, PER_HOUR)).toBe(PER_HOUR);
  });

  it('an unknown address answers exactly as a known one over its limit', async () => {
    const answers = await flood('nobody-known@example.com', 2, 42);
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual(sent);
    expect(await mailCount('nobody-known@example.com', 0)).toBe(0);
  });

  it('one mailbox over its limit does not stop mail to another', async () => {
    const flooded = await insertUser(t.db);
    const other = await insertUser(t.db);
    await flood(flooded.email, 1, 43);
    expect(await forgotFrom('10.43.0.1', other.email)).toMatchObject(sent);
    expect(await mailCount(flooded.email, PER_HOUR)).toBe(PER_HOUR);
    expect(await mailCount(other.email, 1)).toBe(1);
  });

  it('a mail older than an hour no longer counts', async () => {
    const u = await insertUser(t.db);
    await flood(u.email, 1, 44);
    expect(await mailCount(u.email, PER_HOUR)).toBe(PER_HOUR);
    await t.db
      .update(passwordResets)
      .set({ createdAt: new Date(Date.now() - 3_601_000) })
      .where(eq(passwordResets.userId, u.id));
    expect(await forgotFrom('10.44.1.1', u.email)).toMatchObject(sent);
    expect(await mailCount(u.email, PER_HOUR + 1)).toBe(PER_HOUR + 1);
  });
});

describe('timing', () => {
  it('a known address is answered without waiting for the mail server, as an unknown one is', async () => {
    // A mail server that accepts the connection and never says a word: a sender that waits for it hangs.
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const app = await startApp({ smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    try {
      const u = await insertUser(app.db);
      const answer = send(app, LOGIN_API.forgotPassword, { Email: u.email });
      const res = await Promise.race([
        answer,
        new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), 5000)),
      ]);
      expect(res).not.toBe('still waiting');
      const { status, body } = await answer;
      expect({ status, body }).toEqual(sent);
      expect(await app.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id))).toHaveLength(1);
    } finally {
      held.forEach((s) => s.destroy());
      silent.close();
      await app.close();
    }
  }, 60_000);
});
