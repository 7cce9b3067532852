// One server test app per file (or describe): set-up, sign-in and teardown in one place.
//
//   const t = useApp();                                  // registers beforeAll(startApp) / afterAll(close)
//   it('saves a carton', async () => {
//     const res = await t.send(CARTON_API.save, body, 'admin');      // POST; a '200' is checked against its schema
//     const gone = await t.fetch(USERS_API.remove, { id }, 'admin'); // GET with path/query params
//     const me = await t.fetch(ME_API.getUser, token);               // GET without params, as a token
//     await insertFactory(t, prefix);                                // t is a TestApp for the factories
//   });
//
// `as` is a seed role ('admin' | 'factory' | 'warehouse', signed in on first use and cached) or a
// token; left out, the call goes unauthenticated. `useApp(options)` passes start options through;
// a function is called in beforeAll, for options made there (a temporary folder, a mail peer).
import { afterAll, beforeAll } from 'vitest';
import type { Endpoint, Params } from '../../src/shared/endpoint.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { send } from './endpoint-call.js';
import { startApp, type Answer, type Session, type StartOptions, type TestApp } from './server-app.js';

export type Role = keyof typeof SEED_LOGINS;
/** A seed role, or a token. */
export type As = Role | (string & {});

export interface AppHandle extends TestApp {
  /** The started app itself (the handle forwards to it; this is for code that wants the plain object). */
  readonly started: TestApp;
  /** The seed user's session, signed in once per app. */
  session(role: Role): Promise<Session>;
  token(role: Role): Promise<string>;
  /** `e` called with `body` (path params in `params`); a '200' answer is checked against e's data schema. */
  send(e: Endpoint, body?: unknown, as?: As, params?: Params): Promise<Answer>;
  /** A GET endpoint, with its path/query params when it has any. */
  fetch(e: Endpoint, params: Params, as?: As): Promise<Answer>;
  fetch(e: Endpoint, as?: As): Promise<Answer>;
}

const isRole = (as: string): as is Role => Object.hasOwn(SEED_LOGINS, as);

export function useApp(options: StartOptions | (() => StartOptions | Promise<StartOptions>) = {}): AppHandle {
  let app: TestApp | undefined;
  let sessions = new Map<Role, Promise<Session>>();
  const started = (): TestApp => {
    if (!app) throw new Error('useApp: the app is not started yet (use the handle inside a test or a hook)');
    return app;
  };

  beforeAll(async () => {
    app = await startApp(typeof options === 'function' ? await options() : options);
    sessions = new Map();
  });
  afterAll(async () => {
    await app?.close();
    app = undefined;
  });

  const session = (role: Role): Promise<Session> => {
    let s = sessions.get(role);
    if (!s) {
      s = started().signIn(SEED_LOGINS[role].email, SEED_LOGINS[role].password);
      sessions.set(role, s);
    }
    return s;
  };
  const tokenOf = async (as?: As): Promise<string | undefined> =>
    as !== undefined && isRole(as) ? (await session(as)).token : as;

  return {
    get started() {
      return started();
    },
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get config() {
      return started().config;
    },
    get kind() {
      return started().kind;
    },
    get database() {
      return started().database;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
    post: (path, body, token) => started().post(path, body, token),
    get: (path, token) => started().get(path, token),
    raw: (opts) => started().raw(opts),
    signIn: (email, password) => started().signIn(email, password),
    close: () => started().close(),
    session,
    token: async (role) => (await session(role)).token,
    send: async (e, body, as, params) => send(started(), e, body, await tokenOf(as), params),
    fetch: async (e: Endpoint, params?: Params | As, as?: As) =>
      typeof params === 'object'
        ? send(started(), e, undefined, await tokenOf(as), params)
        : send(started(), e, undefined, await tokenOf(params)),
  };
}
