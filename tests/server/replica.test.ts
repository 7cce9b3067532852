// Reads on a replica (issue 29 item 1) against a real PostgreSQL 15 primary and streaming standby on
// this machine (tests/helpers/pg-standby.ts): every route declared to read the standby answers from it
// with the data's time in x-data-as-of; with the standby's replay paused, the floor's own lookups see
// a packed carton at once while the report does not until replay resumes; a standby lagging beyond
// READ_MAX_LAG_SECONDS, a DATABASE_READ_URL pointing nowhere, at a primary or at another database, and
// a stopped standby leave the reports on the primary with one warning, never an error.
// PostgreSQL only (named skip): PGlite has no standby. It makes its own clusters, so it needs no
// DATABASE_URL's database, only the PostgreSQL stage's programs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_AS_OF_HEADER, type Endpoint } from '../../src/shared/endpoint.js';
import { DASHBOARD_API } from '../../src/shared/contracts/dashboard.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { RECALL_API } from '../../src/shared/contracts/recall.js';
import { REPORTS } from '../../src/shared/contracts/reports/index.js';
import { SAP_REPORT } from '../../src/shared/contracts/reports/dispatch.js';
import { TRACKING_API } from '../../src/shared/contracts/tracking.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../src/shared/today.js';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { send } from '../helpers/endpoint-call.js';
import { listBody } from '../helpers/factories.js';
import {
  cartonSize,
  codesOf,
  floorFactory,
  secondaryBody,
  slip,
  type FloorFactory,
} from '../helpers/factories-floor.js';
import { appCodes } from '../helpers/factories-pairs.js';
import { nextPrefix } from '../helpers/factories-sites.js';
import { startReplicated, type Replicated } from '../helpers/pg-standby.js';
import { startApp, type Answer, type TestApp } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const PORTS = { primary: 5461, standby: 5462, nowhere: 5469 };

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const WEEK = { FromDate: us(addDays(indiaDate(), -6)), ToDate: us(indiaDate()) };

/** The server's log lines, as pino writes them. */
function logSink() {
  const lines: string[] = [];
  return {
    lines,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    warnings: (text: string) =>
      lines
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .filter((l) => l.level === 40 && l.msg.includes(text)),
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const asOf = (res: Answer) => {
  const h = res.headers[DATA_AS_OF_HEADER];
  return typeof h === 'string' ? new Date(h) : undefined;
};

describe.skipIf(!onPostgres)('reports on a streaming standby (PostgreSQL 15 primary and standby)', () => {
  let pg: Replicated;
  const log = logSink();
  beforeAll(async () => {
    pg = await startReplicated(PORTS);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });
  // Registered after the clusters' hooks, so it starts after them and closes before they stop.
  const t = useApp(() => ({
    databaseUrl: pg.primaryUrl,
    databaseReadUrl: pg.standbyUrl,
    readCheckSeconds: 1,
    logger: log.logger,
  }));

  let codes: CodeMac;
  let F: FloorFactory;
  let size5: number;
  let slipNo = 0;
  const pack = async (from: number) => {
    const sid = slip('SID', F.prefix, ++slipNo);
    const res = await t.send(
      PACKING_API.secondarySave,
      secondaryBody(size5, codesOf(codes, F.prefix, from, from + 4), sid),
      F.token,
    );
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    return sid;
  };
  /** The Secondary Packing report (the standby's when healthy), searched for one carton. */
  const reportOn = async (app: TestApp, token: string, sid: string) => {
    const res = await send(app, REPORTS.secondary.api.list, { ...listBody({ SearchValue: sid }), ...WEEK }, token);
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    return { res, ids: (res.body.ResponseData as { CartonId: string }[]).map((r) => r.CartonId) };
  };
  const report = async (sid: string) => reportOn(t.started, await t.token('admin'), sid);
  /** The floor's own lookup: the packing screen's history of the factory's cartons. */
  const history = async () =>
    ((await t.send(PACKING_API.secondaryList, listBody(), F.token)).body.ResponseData as { CartonId: string }[]).map(
      (r) => r.CartonId,
    );

  beforeAll(async () => {
    codes = await appCodes(t);
    F = await floorFactory(t, nextPrefix());
    size5 = await cartonSize(t.db, 5);
    await t.token('admin');
    // The standby has replayed the migrations, the seed and the factory once a report reads it.
    const first = await pack(1);
    await until('the standby to replay the first carton', async () => {
      const r = await report(first);
      return asOf(r.res) !== undefined && r.ids.includes(first);
    });
  }, 60_000);

  it('every route declared to read the standby answers from it, a 200 with the time its data is as of', async () => {
    const calls: [Endpoint, unknown, Record<string, string>?][] = [
      ...Object.values(REPORTS).flatMap((r) => {
        const body = { First: 1, PageSize: 10, IsActive: '1', ...(r.dated ? WEEK : {}) };
        return [[r.api.list, body] as [Endpoint, unknown], [r.api.export, body] as [Endpoint, unknown]];
      }),
      [DASHBOARD_API.data, { Id: F.siteId, isPreprinted: false }],
      [SAP_REPORT, undefined],
      [TRACKING_API.journey, undefined, { qr: codesOf(codes, F.prefix, 1, 1)[0]! }],
      [TRACKING_API.scanInfo, undefined, { qr: codesOf(codes, F.prefix, 1, 1)[0]! }],
      [RECALL_API.trace, { ProductId: F.productId, BatchNo: 'B-1' }],
    ];
    for (const [e, body, params] of calls) {
      const res = await t.send(e, body, 'admin', params);
      expect([res.status, res.body.ResponseCode], `${e.path}: ${res.body.ResponseMessage}`).toEqual([200, '200']);
      expect(asOf(res), e.path).toBeInstanceOf(Date);
    }
    // The floor, verification's neighbours and masters never carry it: they read the primary.
    expect(asOf(await t.send(PACKING_API.secondaryList, listBody(), F.token))).toBeUndefined();
  });

  it('replay paused: the floor sees its carton at once, the report only once replay resumes', async () => {
    // A second instance whose lag bound is 2 s: it leaves the standby once replay trails that far.
    const strictLog = logSink();
    const strict = await startApp({
      databaseUrl: pg.primaryUrl,
      databaseReadUrl: pg.standbyUrl,
      readCheckSeconds: 1,
      readMaxLagSeconds: 2,
      logger: strictLog.logger,
    });
    const strictToken = (await strict.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password)).token;
    await until('the strict instance to read the standby', async () =>
      asOf((await reportOn(strict, strictToken, 'none')).res),
    );
    await pg.query('standby', 'select pg_wal_replay_pause()');
    await until('replay to pause', async () => {
      const r = await pg.query<{ s: string }>('standby', 'select pg_get_wal_replay_pause_state() as s');
      return r?.s === 'paused';
    });
    const pausedAt = Date.now();
    await new Promise((r) => setTimeout(r, 2000)); // the data grows older than a check's interval
    const sid = await pack(6);
    const packedAt = Date.now();

    expect(await history()).toContain(sid);
    const paused = await report(sid);
    expect(paused.ids).toEqual([]);
    const stale = asOf(paused.res)!;
    expect(stale.getTime()).toBeLessThan(packedAt);
    expect(stale.getTime()).toBeGreaterThan(pausedAt - 3000);

    try {
      // Beyond its bound, the strict instance reads the primary: current, no "as of", one warning.
      const fallen = await until('the strict instance to leave the lagging standby', async () => {
        const r = await reportOn(strict, strictToken, sid);
        return asOf(r.res) === undefined && r;
      });
      expect(fallen.ids).toEqual([sid]);
      expect(strictLog.warnings('beyond READ_MAX_LAG_SECONDS=2')).toHaveLength(1);

      await pg.query('standby', 'select pg_wal_replay_resume()');
      const resumed = await until('the report to show the carton', async () => {
        const r = await report(sid);
        return r.ids.includes(sid) && r;
      });
      expect(asOf(resumed.res)!.getTime()).toBeGreaterThanOrEqual(stale.getTime());
      await until('the strict instance back on the standby', async () =>
        asOf((await reportOn(strict, strictToken, sid)).res),
      );
      expect(strictLog.warnings('DATABASE_READ_URL')).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });

  it('a DATABASE_READ_URL that is no standby of ours: the server starts, reports read the primary, one warning', async () => {
    const wrong = [
      [`postgres://postgres@127.0.0.1:${PORTS.nowhere}/postgres`, 'the standby does not answer'],
      [pg.primaryUrl, 'it is not in recovery'],
      [pg.standbyUrl.replace(/\/postgres$/, '/template1'), "it is not a standby of DATABASE_URL's database"],
      ['postgres://postgres@[::1', 'the standby does not answer (Invalid URL)'],
    ] as const;
    for (const [databaseReadUrl, why] of wrong) {
      const own = logSink();
      const other = await startApp({
        databaseUrl: pg.primaryUrl,
        databaseReadUrl,
        readCheckSeconds: 1,
        logger: own.logger,
      });
      try {
        await until(`the warning '${why}'`, async () => own.warnings(why).length > 0);
        const { token } = await other.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password);
        const res = await send(other, REPORTS.secondary.api.list, { ...listBody(), ...WEEK }, token);
        expect([res.status, res.body.ResponseCode], databaseReadUrl).toEqual([200, '200']);
        expect(asOf(res)).toBeUndefined();
        await new Promise((r) => setTimeout(r, 1500)); // another check finds the same, and says nothing
        expect(own.warnings('DATABASE_READ_URL'), databaseReadUrl).toHaveLength(1);
      } finally {
        await other.close();
      }
    }
  });

  it('the standby stopped: reports answer from the primary, current, with one warning and no error', async () => {
    await pg.stopStandby();
    const sid = await pack(11);
    for (let i = 0; i < 3; i++) {
      const r = await report(sid);
      expect(r.ids).toEqual([sid]);
      expect(asOf(r.res)).toBeUndefined();
    }
    const exported = await t.send(
      REPORTS.secondary.api.export,
      { ...listBody({ SearchValue: sid }), ...WEEK },
      'admin',
    );
    expect([exported.status, exported.body.ResponseCode]).toEqual([200, '200']);
    expect((exported.body.ResponseData as { CartonId: string }[]).map((r) => r.CartonId)).toEqual([sid]);
    await new Promise((r) => setTimeout(r, 2500)); // two more checks find it still gone, and say nothing
    expect(log.warnings('reports read the primary: the standby does not answer')).toHaveLength(1);
  });
});
