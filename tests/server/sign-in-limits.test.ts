// Sign-in failures are counted per account and address pair, so someone else's guesses do not lock
// the owner out; an account-wide ceiling, much higher, still stops guessing spread over many addresses.
import { describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { MSG } from '../../src/shared/contracts/auth.js';
import { insertUser } from '../helpers/factories.js';
import { freshWindow } from '../helpers/rate-window.js';
import type { Answer } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const PER_PAIR = 10;
const ACCOUNT_WIDE = 25;

const t = useApp({ loginLimitPerAccountAddress: PER_PAIR, loginLimitPerAccount: ACCOUNT_WIDE });

const tooMany = { status: 429, body: { ResponseCode: '429', ResponseMessage: MSG.tooMany, ResponseData: null } };
const signInFrom = (remoteAddress: string, Email: string, Password: string): Promise<Answer> =>
  t.raw({ method: 'POST', url: '/API/api/Login/CheckUser', payload: { Email, Password }, remoteAddress });

async function failFrom(address: string, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    expect((await signInFrom(address, email, 'Wrong123')).body.ResponseMessage).toBe(MSG.badLogin);
  }
}

describe('per account and address', () => {
  it(`${PER_PAIR} wrong passwords from one address do not lock the owner out at another`, async () => {
    await freshWindow(900, 20);
    const { email, password } = SEED_LOGINS.admin;
    await failFrom('10.20.0.1', email, PER_PAIR);
    // The guessing address is stopped, the right password included, in any spelling of the e-mail...
    expect(await signInFrom('10.20.0.1', email, password)).toMatchObject(tooMany);
    expect(await signInFrom('10.20.0.1', email.toUpperCase(), password)).toMatchObject(tooMany);
    // ...while the owner at their own address signs in.
    const owner = await signInFrom('10.20.0.2', email, password);
    expect(owner.status).toBe(200);
    expect(owner.body.ResponseCode).toBe('200');
    // And the guessing address is still stopped afterwards.
    expect(await signInFrom('10.20.0.1', email, password)).toMatchObject(tooMany);
  });

  it('the stopped address may still sign in to other accounts', async () => {
    await freshWindow(900, 20);
    const u = await insertUser(t.db, { password: 'Right123' });
    await failFrom('10.21.0.1', u.email, PER_PAIR);
    expect(await signInFrom('10.21.0.1', u.email, 'Right123')).toMatchObject(tooMany);
    const other = await signInFrom('10.21.0.1', SEED_LOGINS.warehouse.email, SEED_LOGINS.warehouse.password);
    expect(other.body.ResponseCode).toBe('200');
  });

  it('an unknown account is limited the same way (the limit does not tell which accounts exist)', async () => {
    await freshWindow(900, 20);
    await failFrom('10.22.0.1', 'nobody-at-all@example.com', PER_PAIR);
    expect(await signInFrom('10.22.0.1', 'nobody-at-all@example.com', 'Wrong123')).toMatchObject(tooMany);
  });

  it('successful sign-ins do not use up any budget', async () => {
    const { email, password } = SEED_LOGINS.warehouse;
    for (let i = 0; i <= PER_PAIR; i++) {
      expect((await signInFrom('10.23.0.1', email, password)).body.ResponseCode).toBe('200');
    }
  });
});

describe('IPv6', () => {
  it('counts an IPv6 client by its /64, the block one subscriber usually holds', async () => {
    await freshWindow(900, 20);
    const u = await insertUser(t.db, { password: 'Right123' });
    await failFrom('2001:db8:5:6::1', u.email, PER_PAIR / 2);
    await failFrom('2001:db8:5:6:ffff:1:2:3', u.email, PER_PAIR / 2);
    expect(await signInFrom('2001:0db8:0005:0006::beef', u.email, 'Right123')).toMatchObject(tooMany);
    expect((await signInFrom('2001:db8:5:7::1', u.email, 'Right123')).body.ResponseCode).toBe('200');
  });

  it('an IPv4 client seen through an IPv6 socket is the same address', async () => {
    await freshWindow(900, 20);
    const u = await insertUser(t.db, { password: 'Right123' });
    await failFrom('::ffff:10.24.0.1', u.email, PER_PAIR);
    expect(await signInFrom('10.24.0.1', u.email, 'Right123')).toMatchObject(tooMany);
  });
});

describe('account-wide ceiling', () => {
  it(`${ACCOUNT_WIDE} failures spread over many addresses stop the account from any address`, async () => {
    await freshWindow(900, 30);
    const u = await insertUser(t.db, { password: 'Right123' });
    // Five addresses, five wrong each: no pair reaches its limit, the account does.
    for (let a = 1; a <= ACCOUNT_WIDE / 5; a++) await failFrom(`10.30.0.${a}`, u.email, 5);
    expect(await signInFrom('10.30.1.1', u.email, 'Right123')).toMatchObject(tooMany);
    // Other accounts are unaffected.
    const other = await signInFrom('10.30.1.1', SEED_LOGINS.factory.email, SEED_LOGINS.factory.password);
    expect(other.body.ResponseCode).toBe('200');
  });
});
