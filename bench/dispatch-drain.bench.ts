// `npx tsx bench/dispatch-drain.bench.ts [--db pglite|postgres] [--dispatches 20] [--cartons 500]
// [--batch 50] [--analyze|--no-analyze]` (issue 12 item 8): 10,000 cartons dispatched and then
// received through the outbox after reconnect, cartons per second for each.
//
// The world is dispatch-data.ts's: the real app in this process on a fresh database, the demo factory
// (prefix KA) holding dispatches x cartons tertiary cartons (two secondary cartons of ten items each),
// written directly in SQL for speed (not measured). Two handhelds, each the app's own offline code
// under Node on fake-indexeddb (a FieldtraceDb of its own):
// 1. The factory's: while online it reserves its block of DIDs (topUpDids: Product/GetIds, then
//    Product/UpdateIds, DID_BLOCK = 20 at a time). Offline it makes `dispatches` dispatches of
//    `cartons` cartons to the demo warehouse, each queued as the dispatch screen queues it
//    (queueWithDid: the DID taken from the block and the Dispatch/save entry written in one
//    transaction, the scanned rows as the screen holds them). Reconnect: drainOutbox with
//    outboxTransport (pushes of up to PUSH_MAX entries to Outbox/push, each entry's id its key, the
//    tokens of a real sign-in), timed from the drain's start to an outbox with nothing pending.
// 2. The warehouse's: offline it receives each DID (all its cartons arrived), queued as the receive
//    screen queues it (queueWork, Dispatch/SaveDispatchReceive with the DID and the cartons), then
//    drained the same way.
// After each phase the server's rows must hold every dispatch sent (then received), every leg and
// every carton where it belongs. Each push is timed on its own, with the server's share of it
// (Fastify's elapsedTime); the rest of the drain is the device's own IndexedDB bookkeeping.
import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import { availableParallelism, cpus } from 'node:os';
import { endpointPath } from '../src/shared/endpoint.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import { DISPATCH_API } from '../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../src/shared/contracts/floor/dispatch-receive.js';
import { PUSH_API, PUSH_MAX } from '../src/shared/contracts/floor/push.js';
import { reserveArgs, SLIP_API, type LastIds, type ReservedIds } from '../src/shared/contracts/numbers/slip-ids.js';
import { FieldtraceDb } from '../src/client/offline/db.js';
import type { OutboxEntry } from '../src/client/offline/outbox-entry.js';
import { drainOutbox, type Send } from '../src/client/offline/outbox.js';
import { outboxTransport } from '../src/client/offline/outbox-transport.js';
import { queueWithDid, topUpDids, type DidFetch } from '../src/client/floor/dispatch/did-block.js';
import { queueWork } from '../src/client/floor/work/work-store.js';
import { rowsOf } from '../src/server/domain/sql-rows.js';
import {
  analyzeChoice,
  arg,
  call,
  databaseUrl,
  ITEMS_PER_TID,
  load,
  startWorld,
  type DispatchWorld,
} from './dispatch-data.js';
import type { Login } from './floor-drain-server.js';
import { fmtInt, fmtMs, log, now, table, Timings } from './stats.js';

interface Phase {
  name: string;
  seconds: number;
  entries: number;
  done: number;
  rejected: number;
  pending: number;
  rounds: number;
  pushes: ReturnType<Timings['summary']>;
  server: ReturnType<Timings['summary']>;
  answers: string;
}

/** Drains `db` for `who` as the device does on reconnect, timed to an outbox with nothing pending. */
async function drain(w: DispatchWorld, name: string, db: FieldtraceDb, who: Login, batch: number): Promise<Phase> {
  let pair = { Token: who.Token, RefreshToken: who.RefreshToken };
  const transport = outboxTransport({
    origin: w.baseUrl,
    store: {
      read: async () => pair,
      write: async (p) => {
        pair = p;
        return true;
      },
    },
  });
  const pushes = new Timings(64);
  const answers = new Map<string, number>();
  const send: Send = async (entries: OutboxEntry[]) => {
    const s = now();
    const outs = await transport(entries);
    pushes.add(now() - s);
    for (const out of outs) {
      const k = `${out.kind}:${out.answer.code}${out.answer.code === '200' ? '' : ` ${out.answer.message}`}`;
      answers.set(k, (answers.get(k) ?? 0) + 1);
    }
    return outs;
  };
  const entries = await db.outbox.where('status').equals('pending').count();
  w.serverMs.delete(PUSH_API.push.path);
  const start = now();
  let rounds = 0;
  let done = 0;
  let rejected = 0;
  for (;;) {
    rounds++;
    const r = await drainOutbox({ db, send, userId: who.UserId, batchSize: batch });
    done += r?.done ?? 0;
    rejected += r?.rejected ?? 0;
    if (!r?.stopped) break;
    if (rounds > 20)
      throw new Error(`${name}: the drain keeps stopping: ${r.stopped}; answers ${JSON.stringify([...answers])}`);
    // A retry (a 409 of a claim in flight, a 5xx): the backoff is the device's, waited here too.
    await db.outbox.where('status').equals('pending').modify({ notBefore: 0 });
  }
  const seconds = (now() - start) / 1000;
  const server = new Timings(64);
  for (const ms of w.serverMs.get(PUSH_API.push.path) ?? []) server.add(ms);
  return {
    name,
    seconds,
    entries,
    done,
    rejected,
    rounds,
    pushes: pushes.summary(),
    server: server.summary(),
    pending: await db.outbox.where('status').anyOf('pending', 'sending').count(),
    answers: [...answers].map(([k, v]) => `${k} x${v}`).join(', '),
  };
}

/** The device's DID top-up over HTTP (Product/GetIds, Product/UpdateIds), as its api/call does it. */
const didFetch = (w: DispatchWorld, token: string): DidFetch => ({
  lastIds: async (prefix) =>
    (await call<LastIds>(w.baseUrl, endpointPath(SLIP_API.lastIds, { prefix }), token)).env as Envelope<LastIds>,
  reserve: async (prefix, to) =>
    (await call<ReservedIds>(w.baseUrl, endpointPath(SLIP_API.reserve, reserveArgs(prefix, 'DID', to)), token))
      .env as Envelope<ReservedIds>,
});

async function held(w: DispatchWorld) {
  const [row] = rowsOf<Record<string, number>>(
    await w.database.db.execute(sql`select
    (select count(*)::int from dispatches where state = 'sent') as "sent",
    (select count(*)::int from dispatches where state = 'received') as "received",
    (select count(*)::int from dispatch_cartons where state = 'sent') as "legsSent",
    (select count(*)::int from dispatch_cartons where state = 'received') as "legsReceived",
    (select count(*)::int from tertiary_cartons where dispatch_id is not null and location_site_id is null) as "travelling",
    (select count(*)::int from tertiary_cartons where location_site_id = ${w.depotSiteId} and dispatch_id is null) as "atDepot"`),
  );
  return row!;
}

async function main() {
  const dispatches = arg('dispatches', 20);
  const cartons = arg('cartons', 500);
  const batch = arg('batch', PUSH_MAX);
  const total = dispatches * cartons;
  const url = databaseUrl(process.argv, process.env);
  const loadBefore = await load();
  log(`starting the app on ${url ? 'PostgreSQL' : 'PGlite'}; load ${loadBefore}`);
  const w = await startWorld({ url, analyze: analyzeChoice(process.argv, url), tids: total, from: 800_001 });
  const stamp = Date.now();
  const factoryDb = new FieldtraceDb(`bench-dispatch-factory-${stamp}`);
  const depotDb = new FieldtraceDb(`bench-dispatch-depot-${stamp}`);
  try {
    await factoryDb.open();
    await depotDb.open();
    const userId = w.factory.UserId;

    // 1. The factory's handheld: DIDs reserved while online, then the dispatches queued offline.
    const fetchIds = didFetch(w, w.factory.Token);
    await topUpDids(userId, 'KA', { db: factoryDb, fetch: fetchIds });
    const dids: string[] = [];
    for (let d = 0; d < dispatches; d++) {
      const scanned = w.rows.slice(d * cartons, (d + 1) * cartons);
      const work = (did: string) => ({
        endpoint: DISPATCH_API.save,
        userId,
        payload: {
          WareHouseId: w.depotSiteId,
          SendTo: 0,
          scanned,
          TransportModeId: w.modeId,
          LR: `LR-${did}`,
          Remark: '',
          DispatchId: did,
        },
        label: `Dispatch ${did}: ${scanned.length} cartons`,
      });
      let queued = await queueWithDid('dispatch', userId, 'KA', work, factoryDb);
      // More dispatches than a block holds: the device tops up when next online (here, at once).
      if (!queued) {
        await topUpDids(userId, 'KA', { db: factoryDb, fetch: fetchIds });
        queued = await queueWithDid('dispatch', userId, 'KA', work, factoryDb);
      }
      dids.push(queued!.did);
    }
    log(`${dispatches} dispatches of ${cartons} cartons queued on the factory's handheld (${dids[0]}..${dids.at(-1)})`);
    const sent = await drain(w, 'dispatch', factoryDb, w.factory, batch);
    const afterSend = await held(w);
    log(`dispatched in ${sent.seconds.toFixed(2)} s: ${JSON.stringify(afterSend)}`);

    // 2. The warehouse's handheld: each DID received whole, offline, then drained.
    for (const [d, did] of dids.entries()) {
      const ids = w.rows.slice(d * cartons, (d + 1) * cartons).map((r) => r.CartonId);
      await queueWork(
        'dispatch-receive',
        {
          endpoint: RECEIVE_API.save,
          payload: { DispatchId: did, Cartons: ids },
          label: `Receive ${did}: ${ids.length} arrived, 0 missing`,
          userId: w.warehouse.UserId,
        },
        depotDb,
      );
    }
    const received = await drain(w, 'receive', depotDb, w.warehouse, batch);
    const afterReceive = await held(w);
    log(`received in ${received.seconds.toFixed(2)} s: ${JSON.stringify(afterReceive)}`);

    const col = (f: (p: Phase) => string) => [f(sent), f(received)];
    console.log(
      `\nDispatch and receive through the outbox, ${new Date().toISOString().slice(0, 10)}: ${w.dbKind} ${w.dbVersion} (${w.analyzed ? 'analyzed after the setup' : 'no statistics: not analyzed'}), Node ${process.version}, ` +
        `${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}); load average ${loadBefore} before, ${await load()} after`,
    );
    console.log(
      table([
        [
          `${dispatches} dispatches of ${cartons} tertiary cartons (${fmtInt(total)} cartons, ${fmtInt(total * ITEMS_PER_TID)} items), drainOutbox + outboxTransport over HTTP`,
          'dispatch (factory)',
          'receive (warehouse)',
        ],
        ['time from reconnect to an empty outbox', ...col((p) => `${p.seconds.toFixed(2)} s`)],
        ['cartons per second', ...col((p) => fmtInt(total / p.seconds))],
        ['items per second', ...col((p) => fmtInt((total * ITEMS_PER_TID) / p.seconds))],
        ['entries done / rejected / still waiting', ...col((p) => `${p.done} / ${p.rejected} / ${p.pending}`)],
        ['answers', ...col((p) => p.answers)],
        [`pushes of up to ${batch} entries`, ...col((p) => String(p.pushes.count))],
        [
          'one push (HTTP round trip + server), p50 / max',
          ...col((p) => `${fmtMs(p.pushes.p50)} / ${fmtMs(p.pushes.max)}`),
        ],
        [
          '  of which in the server (Fastify elapsedTime), summed',
          ...col((p) => `${(p.server.totalMs / 1000).toFixed(2)} s`),
        ],
        [
          'per entry (one dispatch or receipt of a DID), in the pushes',
          ...col((p) => fmtMs(p.pushes.totalMs / p.entries)),
        ],
        ['per carton, in the pushes', ...col((p) => fmtMs(p.pushes.totalMs / total))],
        [
          "the rest: the outbox's own reads and writes (fake-indexeddb)",
          ...col((p) => `${((p.seconds * 1000 - p.pushes.totalMs) / 1000).toFixed(2)} s`),
        ],
        ['drain rounds (1 = no retry)', ...col((p) => String(p.rounds))],
        [
          'the server after: dispatches sent / received',
          `${afterSend.sent} / ${afterSend.received}`,
          `${afterReceive.sent} / ${afterReceive.received}`,
        ],
        [
          'the server after: legs sent / received',
          `${fmtInt(afterSend.legsSent!)} / ${fmtInt(afterSend.legsReceived!)}`,
          `${fmtInt(afterReceive.legsSent!)} / ${fmtInt(afterReceive.legsReceived!)}`,
        ],
        [
          'the server after: cartons travelling / at the warehouse',
          `${fmtInt(afterSend.travelling!)} / ${fmtInt(afterSend.atDepot!)}`,
          `${fmtInt(afterReceive.travelling!)} / ${fmtInt(afterReceive.atDepot!)}`,
        ],
      ]),
    );
    const ok =
      afterSend.sent === dispatches &&
      afterSend.legsSent === total &&
      afterSend.travelling === total &&
      afterReceive.received === dispatches &&
      afterReceive.legsReceived === total &&
      afterReceive.atDepot === total &&
      sent.rejected + received.rejected + sent.pending + received.pending === 0;
    if (!ok) {
      console.log('NOT ALL THERE');
      process.exitCode = 1;
    }
  } finally {
    factoryDb.close();
    depotDb.close();
    await w.close();
  }
}

await main();
