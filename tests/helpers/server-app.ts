// Builds the real app on a real database for server tests: PGlite in memory by default, or a fresh
// PostgreSQL database per call when DATABASE_URL is set (migrations use the public schema, so a
// database of its own is what keeps test files apart).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { Router } from '../../src/server/http/route.js';
import { checkData } from './endpoint-call.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type Database, type Db } from '../../src/server/db/connect.js';
import { inject } from 'vitest';
import { adminQuery, prepareDatabase } from './database-image.js';
import { dropShardDatabase, shardTestDatabase } from './fdw-layout.js';
import { LOGIN_API, type LoginResult } from '../../src/shared/contracts/auth.js';

export const INDEX_HTML =
  '<!doctype html><html><head><title>Fieldtrace test shell</title></head><body><div id="root"></div></body></html>';

export interface Envelope {
  ResponseCode: string;
  ResponseMessage: string;
  ResponseData: unknown;
}

export interface Answer {
  status: number;
  body: Envelope;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface Session {
  token: string;
  refreshToken: string;
  login: LoginResult;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  kind: Database['kind'];
  database: Database;
  /** The per-call PostgreSQL database, when running on PostgreSQL (for a second instance). */
  databaseUrl: string | undefined;
  post(path: string, body?: unknown, token?: string): Promise<Answer>;
  get(path: string, token?: string): Promise<Answer>;
  /** Any request; the path is used as given (no /API/api/ prefix added). */
  raw(opts: InjectOptions): Promise<Answer>;
  signIn(email: string, password: string): Promise<Session>;
  close(): Promise<void>;
}

export interface StartOptions extends Partial<Config> {
  /** Runs on the built app before it is ready (e.g. to add a test-only route). */
  beforeReady?: (app: FastifyInstance) => void;
  /** Test-only API routes declared through the Router, as the app's own are. */
  routes?: (r: Router) => void;
  /** Told every statement the app sends (tests/server/citus-schema.test.ts records them). */
  onQuery?: (query: string) => void;
  /** Pino options (a stream the test reads); no log when left out. */
  logger?: object;
}

const API = '/API/api/';

/** Parses a body as the envelope; anything else fails the test loudly. */
export function parseEnvelope(payload: string): Envelope {
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    throw new Error(`Not JSON: ${payload.slice(0, 200)}`);
  }
  if (typeof v !== 'object' || v === null) throw new Error(`Not an envelope: ${payload.slice(0, 200)}`);
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort().join(',');
  if (keys !== 'ResponseCode,ResponseData,ResponseMessage')
    throw new Error(`Not an envelope (keys ${keys}): ${payload.slice(0, 200)}`);
  if (typeof o.ResponseCode !== 'string' || typeof o.ResponseMessage !== 'string') {
    throw new Error(`Envelope with wrong types: ${payload.slice(0, 200)}`);
  }
  return { ResponseCode: o.ResponseCode, ResponseMessage: o.ResponseMessage, ResponseData: o.ResponseData };
}

interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop: () => Promise<void>;
}

/** A database of the test's own, holding the demo data: a copy of the prepared image when the
 *  server project's global setup made one (tests/helpers/database-image.ts), else prepared here. */
async function openTestDatabase(given?: string, onQuery?: (query: string) => void): Promise<TestDatabase> {
  const hook = onQuery ? { onQuery } : {};
  // A database the test made itself (its own cluster): migrated and seeded here, dropped with the cluster.
  if (given) {
    const database = await openDatabase({ databaseUrl: given, ...hook });
    await prepareDatabase(database);
    return { database, url: given, drop: async () => undefined };
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    const image = inject('pgliteImage');
    const database = await openDatabase({
      inMemory: true,
      ...hook,
      ...(image ? { image: new Blob([readFileSync(image)]) } : {}),
    });
    if (!image) await prepareDatabase(database);
    return { database, url: undefined, drop: async () => undefined };
  }
  const template = inject('databaseTemplate');
  const name = `ft_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const shardPort = template ? inject('shardPort') : undefined;
  if (shardPort) await shardTestDatabase(own.toString(), shardPort, template!, name);
  const database = await openDatabase({ databaseUrl: own.toString(), ...hook });
  if (!template) await prepareDatabase(database);
  // Plain DROP first: it makes an autovacuum worker on the database quit, which FORCE may not
  // (terminating it needs pg_signal_backend). FORCE only for a connection a test left open.
  const drop = async () => {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`).catch(() =>
      adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
    if (shardPort) await dropShardDatabase(shardPort, name);
  };
  return { database, url: own.toString(), drop };
}

export async function startApp(options: StartOptions = {}): Promise<TestApp> {
  const { beforeReady, routes, onQuery, logger, ...overrides } = options;
  const { database, url: databaseUrl, drop } = await openTestDatabase(overrides.databaseUrl, onQuery);
  const dataDir = mkdtempSync(join(tmpdir(), 'ft-data-'));
  const clientDir = mkdtempSync(join(tmpdir(), 'ft-client-'));
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
  const config = loadConfig(
    {},
    {
      dataDir,
      clientDir,
      loginLimitPerAddress: 10_000,
      loginLimitPerAccountAddress: 10_000,
      loginLimitPerAccount: 10_000,
      ...overrides,
    },
  );
  const app = await buildApp({ config, database, logger: logger ?? false, ...(routes ? { routes } : {}) });
  beforeReady?.(app);
  await app.ready();

  const raw = async (opts: InjectOptions): Promise<Answer> => {
    const res = await app.inject(opts);
    return { status: res.statusCode, body: parseEnvelope(res.payload), headers: res.headers };
  };
  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const post = (path: string, body?: unknown, token?: string) =>
    raw({
      method: 'POST',
      url: API + path,
      headers: auth(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const get = (path: string, token?: string) => raw({ method: 'GET', url: API + path, headers: auth(token) });

  const signIn = async (email: string, password: string): Promise<Session> => {
    const res = await post(LOGIN_API.checkUser.path, { Email: email, Password: password });
    if (res.status !== 200 || res.body.ResponseCode !== '200') {
      throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.body.ResponseMessage}`);
    }
    // Every test's sign-in checks the answer against its declared schema.
    checkData(LOGIN_API.checkUser, res.body.ResponseData);
    const login = (res.body.ResponseData as LoginResult[])[0]!;
    return { token: login.Token, refreshToken: login.RefreshToken, login };
  };

  const close = async () => {
    await app.close();
    // A test may have closed the database already (to see the app without it).
    await database.close().catch(() => undefined);
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  };

  return { app, db: database.db, config, kind: database.kind, database, databaseUrl, post, get, raw, signIn, close };
}
