// `npx tsx bench/floor-drain.bench.ts [--cartons 1000] [--size 20]` (DATABASE_URL for PostgreSQL,
// else PGlite): a handheld's outbox after a shift offline, drained when the network comes back.
//
// The real server (`tsx src/server/main.ts`, floor-drain-server.ts) on a fresh database with the demo
// seed; through its API the factory user (prefix KA) maps cartons x size static KA codes, makes a
// carton size and reserves the SID slips. Then, under Node, the device's own outbox code: a
// FieldtraceDb on fake-indexeddb holding `cartons` pending SecondaryPacking/save entries (queued while
// offline, as queueWork writes them, each 20 genuine uids and its slip), drained by drainOutbox with
// outboxTransport (each entry's id as its Idempotency-Key, the token pair of a real sign-in) over
// HTTP to the server, timed from the drain's start ("reconnect") until the outbox holds no pending
// entry; then the server's own count of the factory's cartons must be `cartons`.
// The drainer sends the queue in pushes of up to PUSH_MAX entries (`--batch` to change it; 1 is one
// entry per request, as before the push). Each push is timed on its own (a round trip: HTTP, auth,
// the idempotency claims and the packing saves in one transaction), so what the device's IndexedDB
// bookkeeping adds is the rest.
import 'fake-indexeddb/auto';
import { codeUrl, scannedUid, visibleNumber } from '../src/shared/codes.js';
import { codeMac } from '../src/server/domain/code-mac.js';
import { FieldtraceDb } from '../src/client/offline/db.js';
import { newEntry, type OutboxEntry } from '../src/client/offline/outbox-entry.js';
import { drainOutbox, type Send } from '../src/client/offline/outbox.js';
import { PUSH_MAX } from '../src/shared/contracts/floor/push.js';
import { outboxTransport } from '../src/client/offline/outbox-transport.js';
import type { SecondarySave } from '../src/shared/contracts/floor/packing.js';
import { BENCH_CODE_SECRET, floorData, secondaryCount, startServer } from './floor-drain-server.js';
import { fmtInt, fmtMs, log, now, table, Timings } from './stats.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main() {
  const cartons = arg('cartons', 1000);
  const size = arg('size', 20);
  const batch = arg('batch', PUSH_MAX);
  const FROM = 500_001;
  const dbKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  log(`starting the server on ${dbKind}...`);
  const server = await startServer(process.env.DATABASE_URL);
  try {
    const t0 = now();
    const floor = await floorData(server.baseUrl, { from: FROM, to: FROM + cartons * size - 1, size, slips: cartons });
    log(
      `set up in ${((now() - t0) / 1000).toFixed(1)} s: KA${FROM}..KA${FROM + cartons * size - 1} mapped, size ${size}, ${cartons} SIDs from ${floor.sid(0)}`,
    );
    const version = await (async () => {
      const h = (await fetch(`${server.baseUrl}/API/health`)
        .then((r) => r.json())
        .catch(() => null)) as Record<string, unknown> | null;
      return h ? JSON.stringify(h).slice(0, 120) : '?';
    })();

    // The device: its outbox filled offline, one entry per closed carton, as the packing screen queues them.
    const codes = codeMac(BENCH_CODE_SECRET);
    const db = new FieldtraceDb(`bench-drain-${Date.now()}`);
    await db.open();
    const entries: OutboxEntry[] = [];
    for (let c = 0; c < cartons; c++) {
      const scanned: SecondarySave['scanned'] = [];
      for (let i = 0; i < size; i++) {
        const serial = FROM + c * size + i;
        const uid = scannedUid(codeUrl(server.baseUrl, codes.make({ kind: 'S', prefix: 'KA' }, serial)));
        scanned.push({
          UID: uid,
          VisibleNo: visibleNumber({ kind: 'S', prefix: 'KA' }, serial),
          BatchNo: floor.batchNo,
          ProductName: floor.productName,
          MFGDate: floor.mfgDate,
          EXPDate: '',
          SeqNo: serial,
        });
      }
      const payload: SecondarySave = { cartonMasterId: floor.sizeId, scanned, reason: '', CartonName: floor.sid(c) };
      entries.push(
        newEntry(
          {
            endpoint: 'SecondaryPacking/save',
            payload,
            label: `Secondary carton ${floor.sid(c)}, ${size} items`,
            userId: floor.factory.UserId,
          },
          Date.now() + c,
        ),
      );
    }
    // queueWork adds one entry per transaction; here in one go (the queue's content is the same).
    await db.transaction('rw', db.outbox, async () => {
      for (const e of entries) e.seq = await db.outbox.add(e);
    });
    log(`${fmtInt(await db.outbox.where('status').equals('pending').count())} entries pending on the device`);

    let pair = { Token: floor.factory.Token, RefreshToken: floor.factory.RefreshToken };
    const transport = outboxTransport({
      origin: server.baseUrl,
      store: {
        read: async () => pair,
        write: async (p) => {
          pair = p;
          return true;
        },
      },
    });
    const sends = new Timings(cartons);
    const answers = new Map<string, number>();
    const send: Send = async (batch: OutboxEntry[]) => {
      const s = now();
      const outs = await transport(batch);
      sends.add(now() - s);
      for (const out of outs) {
        const k = `${out.kind}:${out.answer.code}${out.answer.code === '200' ? '' : ` ${out.answer.message}`}`;
        answers.set(k, (answers.get(k) ?? 0) + 1);
      }
      return outs;
    };

    const start = now();
    let rounds = 0;
    let done = 0;
    let rejected = 0;
    for (;;) {
      rounds++;
      const r = await drainOutbox({ db, send, userId: floor.factory.UserId, batchSize: batch });
      done += r?.done ?? 0;
      rejected += r?.rejected ?? 0;
      if (!r?.stopped) break;
      if (rounds > 20)
        throw new Error(`the drain keeps stopping: ${r.stopped}; answers ${JSON.stringify([...answers])}`);
      // A retry (a 409 of a claim in flight, a 5xx): the backoff is the device's, waited here too.
      await db.outbox.where('status').equals('pending').modify({ notBefore: 0 });
    }
    const drained = now() - start;
    const pending = await db.outbox.where('status').anyOf('pending', 'sending').count();
    const onServer = await secondaryCount(server.baseUrl, floor.factory.Token);
    const s = sends.summary();
    const seconds = drained / 1000;

    console.log(
      `\nFloor outbox drain, ${new Date().toISOString().slice(0, 10)}: ${dbKind} (${server.target.kind === 'postgres' ? process.env.DATABASE_URL!.replace(/:[^:@/]*@/, ':***@') : 'temp folder'}), Node ${process.version}; health ${version}`,
    );
    console.log(
      table([
        [
          `${fmtInt(cartons)} cartons of ${size} (${fmtInt(cartons * size)} codes), drainOutbox + outboxTransport on fake-indexeddb over HTTP`,
          'value',
        ],
        ['time from reconnect to an empty outbox', `${seconds.toFixed(2)} s`],
        ['cartons per second', (cartons / seconds).toFixed(1)],
        ['items per second', fmtInt((cartons * size) / seconds)],
        ['answers', [...answers].map(([k, v]) => `${k} x${v}`).join(', ')],
        ['entries done / rejected / still waiting', `${done} / ${rejected} / ${pending}`],
        ['secondary cartons the server holds (its list count)', fmtInt(onServer)],
        [`pushes of up to ${batch} entries`, fmtInt(s.count)],
        [
          'one push (HTTP round trip + server), p50 / p95 / p99 / max',
          [s.p50, s.p95, s.p99, s.max].map(fmtMs).join(' / '),
        ],
        ['per entry, in the pushes', fmtMs(s.totalMs / cartons)],
        [
          'sum of the pushes',
          `${(s.totalMs / 1000).toFixed(2)} s (${((s.totalMs / drained) * 100).toFixed(0)}% of the drain)`,
        ],
        [
          "the rest: the outbox's own reads and writes (fake-indexeddb)",
          `${((drained - s.totalMs) / 1000).toFixed(2)} s, ${fmtMs((drained - s.totalMs) / cartons)} per entry`,
        ],
        ['drain rounds (1 = no retry)', String(rounds)],
      ]),
    );
    if (onServer !== cartons || pending !== 0 || rejected !== 0) {
      console.log(`NOT ALL THERE: server ${onServer}, pending ${pending}, rejected ${rejected}`);
      process.exitCode = 1;
    }
    db.close();
  } finally {
    await server.stop();
  }
}

await main();
