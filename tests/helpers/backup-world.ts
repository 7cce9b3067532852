// Backup and restore tests: a store of the test's own (a PGlite DATA_DIR, or a PostgreSQL database of its
// own beside a DATA_DIR for the uploads) holding the demo data and a factory written before any server
// opens it, the real `npm run backup` / `npm run restore` as child processes, and HTTP calls to a real
// server process by the declared endpoints.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/connect.js';
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import { LOGIN_API } from '../../src/shared/contracts/auth.js';
import { endpointPath, type Endpoint } from '../../src/shared/endpoint.js';
import { PAGE } from '../../src/shared/pages.js';
import { adminQuery, prepareDatabase } from './database-image.js';
import { checkData } from './endpoint-call.js';
import { insertCarton, insertCompany, insertSite, insertUser } from './factories.js';
import { printSlips } from './factories-floor.js';
import { insertProduct, nextPrefix } from './factories-sites.js';
import { ROOT } from './server-process.js';

export const CODE_SECRET = 'backup-test-code-secret-0123456789';

export interface Store {
  root: string;
  dataDir: string;
  clientDir: string;
  /** PostgreSQL: the store's own database; PGlite: undefined (DATA_DIR/pglite). */
  databaseUrl: string | undefined;
  /** Opens the store's database in this process (PGlite: only while no server holds the folder). */
  open(): Promise<Database>;
  /** The data gone: DATA_DIR emptied; on PostgreSQL the database dropped and made again, empty. */
  wipe(): Promise<void>;
  remove(): Promise<void>;
}

export interface Factory {
  prefix: string;
  productId: number;
  cartonId: number;
  email: string;
  password: string;
}

/** A store holding the demo data, with the database already set up (no first-start set-up to wait for)
 *  and, with `factory`, a factory written in the same opening (PGlite's are slow on a busy machine);
 *  `empty`: nothing at all (an empty DATA_DIR, an empty PostgreSQL database), a target for a restore. */
export async function makeStore(opts: { empty: true }): Promise<Store>;
export async function makeStore(opts?: { factory?: false }): Promise<Store>;
export async function makeStore(opts: { factory: true }): Promise<Store & { factory: Factory }>;
export async function makeStore({ empty = false, factory = false } = {}): Promise<Store & { factory?: Factory }> {
  const root = mkdtempSync(join(tmpdir(), 'ft-backup-'));
  const dataDir = join(root, 'data');
  const clientDir = join(root, 'client');
  mkdirSync(clientDir);
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Fieldtrace</title>');
  const admin = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let name = '';
  if (admin) {
    name = `ft_bk_${randomBytes(6).toString('hex')}`;
    const template = inject('databaseTemplate');
    await adminQuery(admin, `CREATE DATABASE ${name}${template && !empty ? ` TEMPLATE ${template}` : ''}`);
    const own = new URL(admin);
    own.pathname = `/${name}`;
    databaseUrl = own.toString();
  }
  const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  let made: Factory | undefined;
  if (!empty) {
    const image = inject('pgliteImage');
    const database = databaseUrl
      ? await open()
      : await openDatabase({ dataDir, ...(image ? { image: new Blob([readFileSync(image)]) } : {}) });
    try {
      if ((databaseUrl && !inject('databaseTemplate')) || (!databaseUrl && !image)) await prepareDatabase(database);
      if (factory) made = await insertFactory(database.db);
    } finally {
      await database.close();
    }
  }
  const drop = () => adminQuery(admin!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return {
    ...(made ? { factory: made } : {}),
    root,
    dataDir,
    clientDir,
    databaseUrl,
    open,
    wipe: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (admin) {
        await drop();
        await adminQuery(admin, `CREATE DATABASE ${name}`);
      }
    },
    remove: async () => {
      rmSync(root, { recursive: true, force: true });
      if (admin) await drop();
    },
  };
}

/** A company with a factory (its prefix, a product, a carton size of 5, slips printed) and a user of it
 *  holding Mapping, Secondary Packing, Scheme Master and Product Master (uploads). */
async function insertFactory(db: Db): Promise<Factory> {
  const prefix = nextPrefix();
  const companyId = (await insertCompany(db)).id;
  const siteId = (await insertSite(db, companyId, { prefix })).id;
  const product = await insertProduct(db, companyId, { bestBeforeDays: 365 });
  const pages = [PAGE.mapping, PAGE.secondaryPacking, PAGE.schemeMaster, PAGE.productMaster].map((p) => p.key);
  const u = await insertUser(db, { companyId, siteId, userType: USER_TYPE.factory, pages });
  const cartonId = (await insertCarton(db, { size: 5 })).id;
  await printSlips(db, prefix, 50);
  return { prefix, productId: product.id, cartonId, email: u.email, password: u.password };
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> <args>` in the project, with the store's environment as `npm start` would have it. */
export function npmRun(store: Store, script: 'backup' | 'restore', args: string[]): Promise<Ran> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: store.dataDir, CODE_SECRET };
  delete env.DATABASE_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  delete env.npm_config_out;
  delete env.NODE_ENV;
  const child = spawn('npm', ['run', '--silent', script, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export interface Answer {
  status: number;
  body: { ResponseCode: string; ResponseMessage: string; ResponseData: unknown };
}

/** Calls `e` on the server at `origin`; a '200' answer's data is checked against the endpoint's schema. */
export async function call(origin: string, e: Endpoint, body?: unknown, token?: string): Promise<Answer> {
  const path = endpointPath(e);
  const res = await fetch(`${origin}/API/api/${path}`, {
    method: e.method,
    headers: {
      ...(e.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(e.method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const answer = { status: res.status, body: (await res.json()) as Answer['body'] };
  if (answer.body.ResponseCode === '200') checkData(e, answer.body.ResponseData, path);
  return answer;
}

export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await call(origin, LOGIN_API.checkUser, { Email: email, Password: password });
  if (res.body.ResponseCode !== '200') throw new Error(`sign-in of ${email} failed: ${res.body.ResponseMessage}`);
  return (res.body.ResponseData as Array<{ Token: string }>)[0]!.Token;
}
