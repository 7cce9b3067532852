// `node --expose-gc --import tsx bench/epcis-export.bench.ts [--db pglite|postgres] [--runs 10] [--cartons 500]
// [--range-packs 100000]` (issue 28 item 1): the EPCIS document of a dispatch of 500 tertiary cartons
// (1,000 secondary cartons, 10,000 packs), made and sent, how long.
//
// The world is dispatch-data.ts's: the real app in this process on a fresh database, the demo factory
// (prefix KA) mapping its codes through the API (so the log holds the `map` rows) and holding 500 TIDs
// of two SIDs of ten packs written in SQL. The packing rows that SQL leaves out are written here as
// the packing saves write them (logEvent, one per carton); then one Dispatch/save over HTTP sends the
// 500 TIDs to the demo warehouse. None of that is measured. Then, runs + 1 times, the Dispatch
// report's download (GET Epcis/DispatchDocument) over HTTP, timed from the request to the last byte
// of the answer, as the admin. The first run is reported alone (a cold start of the code paths);
// median and max are of the others. The document is checked once against GS1's EPCIS JSON schema
// (tests/fixtures/epcis-schema) and must hold the 10,000 packs' commissioning, 1,500 packing events
// and the shipping.
// Then the flat-memory check: a mapping of --range-packs more codes (100,000; its range and `map` row
// written directly) and the date-range download of today (GET Epcis/RangeDocument), read as a stream
// while this process's RSS and JS heap (the app's included) are sampled every 10 ms: their peaks
// against the level before the download (run with node --expose-gc for a settled start).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { EPCIS_API } from '../src/shared/contracts/epcis.js';
import { DISPATCH_API, type DispatchInvoice } from '../src/shared/contracts/floor/dispatch.js';
import { logEvent } from '../src/server/domain/event-log.js';
import { rowsOf } from '../src/server/domain/sql-rows.js';
import { analyzeChoice, arg, call, databaseUrl, ITEMS_PER_SID, load, startWorld } from './dispatch-data.js';
import { ADMIN, signIn } from './floor-drain-server.js';
import { fmtInt, fmtMs, log, now, Timings } from './stats.js';

const SCHEMA = resolve(import.meta.dirname, '../tests/fixtures/epcis-schema/EPCIS-JSON-Schema.json');

interface Carton {
  sid: string;
  tid: string;
  kind: string;
  prefix: string;
  first: number;
  last: number;
  company: number;
  site: number;
  product: number;
  user: number;
  size: number;
}

const MB = 1024 * 1024;

/** A mapping of `packs` more codes with its `map` row, then today's date-range document streamed,
 *  RSS sampled meanwhile. */
async function rangeDownload(w: Awaited<ReturnType<typeof startWorld>>, token: string, packs: number) {
  const db = w.database.db;
  const [m] = rowsOf<{ company: number; site: number; product: number; batch: string; user: number }>(
    await db.execute(sql`insert into mappings (kind, prefix, from_no, to_no, company_id, site_id, product_id, batch_no,
        mfg_date, exp_date, mrp, remark, created_by)
      select kind, prefix, 900001, ${900_000 + packs}, company_id, site_id, product_id, batch_no, mfg_date, exp_date,
        mrp, remark, created_by from mappings where kind = 'S' and prefix = 'KA' order by from_no limit 1
      returning company_id as company, site_id as site, product_id as product, batch_no as batch, created_by as "user"`),
  );
  await logEvent(db, {
    action: 'map',
    userId: m!.user,
    companyId: m!.company,
    siteId: m!.site,
    series: { kind: 'S', prefix: 'KA' },
    fromNo: 900_001,
    toNo: 900_000 + packs,
    detail: { productId: m!.product, batchNo: m!.batch },
  });
  global.gc?.();
  const mem = () => process.memoryUsage();
  const before = { rss: mem().rss / MB, heap: mem().heapUsed / MB };
  const peak = { ...before };
  const sampler = setInterval(() => {
    const m = mem();
    peak.rss = Math.max(peak.rss, m.rss / MB);
    peak.heap = Math.max(peak.heap, m.heapUsed / MB);
  }, 10);
  const today = new Date().toISOString().slice(0, 10);
  const s0 = now();
  const res = await fetch(`${w.baseUrl}/API/api/${EPCIS_API.rangeDocument.path}?FromDate=${today}&ToDate=${today}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let events = 0;
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    bytes += r.value.length;
    events += decoder.decode(r.value, { stream: true }).split('"eventID"').length - 1;
  }
  const ms = now() - s0;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`range: ${res.status}`);
  const round = (x: { rss: number; heap: number }) => ({ rss: Math.round(x.rss), heap: Math.round(x.heap) });
  return { packs, bytes, events, ms, before: round(before), peak: round(peak) };
}

async function main() {
  const runs = arg('runs', 10);
  const cartons = arg('cartons', 500);
  const url = databaseUrl(process.argv, process.env);
  log(`starting the app on ${url ? 'PostgreSQL' : 'PGlite'}; load ${await load()}`);
  const w = await startWorld({ url, analyze: analyzeChoice(process.argv, url), tids: cartons, from: 700_001 });
  try {
    const db = w.database.db;
    // The packing rows the SQL setup leaves out, as the packing saves write them.
    const sids = rowsOf<Carton>(
      await db.execute(sql`select s.sid, s.tid, min(i.kind) as kind, min(i.prefix) as prefix,
        min(i.serial_no)::int as first, max(i.serial_no)::int as last, s.company_id as company, s.site_id as site,
        s.product_id as product, s.created_by as "user", s.carton_size_id as size
        from secondary_cartons s join items i on i.secondary_id = s.sid group by s.sid order by s.sid`),
    );
    const t0 = now();
    await db.transaction(async (tx) => {
      for (const s of sids) {
        if (s.last - s.first + 1 !== ITEMS_PER_SID) throw new Error(`${s.sid}: packs not in one run`);
        await logEvent(tx, {
          action: 'pack-secondary',
          userId: s.user,
          companyId: s.company,
          siteId: s.site,
          ref: s.sid,
          detail: {
            sid: s.sid,
            productId: s.product,
            qty: ITEMS_PER_SID,
            cartonSizeId: s.size,
            runs: [[s.kind as 'S', s.prefix, s.first, s.last]],
          },
        });
      }
      const byTid = new Map<string, Carton[]>();
      for (const s of sids) byTid.set(s.tid, [...(byTid.get(s.tid) ?? []), s]);
      for (const [tid, inIt] of byTid) {
        const s = inIt[0]!;
        await logEvent(tx, {
          action: 'pack-tertiary',
          userId: s.user,
          companyId: s.company,
          siteId: s.site,
          ref: tid,
          detail: { tid, productId: s.product, qty: inIt.length, cartonSizeId: s.size, sids: inIt.map((x) => x.sid) },
        });
      }
    });
    const body = {
      WareHouseId: w.depotSiteId,
      SendTo: 0,
      scanned: w.rows,
      TransportModeId: w.modeId,
      LR: 'LR-EPCIS-1',
    };
    const sent = await call<DispatchInvoice>(w.baseUrl, DISPATCH_API.save.path, w.factory.Token, body, {
      'idempotency-key': randomUUID(),
      'device-time': String(Date.now()),
    });
    if (sent.env.ResponseCode !== '200') throw new Error(`dispatch: ${sent.env.ResponseMessage}`);
    const did = sent.env.ResponseData.CartonId;
    log(`packing rows and ${did} of ${cartons} TIDs written in ${((now() - t0) / 1000).toFixed(1)} s`);

    const admin = await signIn(w.baseUrl, ADMIN);
    const times = new Timings(runs);
    let first = 0;
    let text = '';
    for (let r = 0; r <= runs; r++) {
      const s0 = now();
      const res = await fetch(`${w.baseUrl}/API/api/${EPCIS_API.dispatchDocument.path}?DispatchId=${did}`, {
        headers: { authorization: `Bearer ${admin.Token}` },
      });
      text = await res.text();
      const ms = now() - s0;
      if (res.status !== 200) throw new Error(`run ${r}: ${res.status} ${text.slice(0, 200)}`);
      if (r === 0) first = ms;
      else times.add(ms);
      log(`run ${r}: ${fmtInt(text.length)} bytes in ${fmtMs(ms)}`);
    }
    const doc = JSON.parse(text) as { epcisBody: { eventList: Array<{ bizStep: string; epcList?: string[] }> } };
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    const valid = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
    if (!valid(doc)) throw new Error(`not valid: ${JSON.stringify(valid.errors?.slice(0, 3))}`);
    const events = doc.epcisBody.eventList;
    const count = (step: string) => events.filter((e) => e.bizStep === step).length;
    const packs = events.filter((e) => e.bizStep === 'commissioning').reduce((n, e) => n + e.epcList!.length, 0);
    if (count('packing') !== cartons * 3 || count('shipping') !== 1 || packs < cartons * 2 * ITEMS_PER_SID)
      throw new Error(`the document holds ${count('packing')} packing events, ${packs} packs commissioned`);
    const range = await rangeDownload(w, admin.Token, arg('range-packs', 100_000));
    const s = times.summary();
    log(
      `\nEPCIS dispatch document, ${new Date().toISOString().slice(0, 10)}: ${w.dbKind} ${w.dbVersion}, Node ${process.version}; ` +
        `${cartons} TIDs, ${cartons * 2} SIDs, ${fmtInt(packs)} packs commissioned in ${count('commissioning')} events, ` +
        `${fmtInt(events.length)} events, ${fmtInt(text.length)} bytes, valid against GS1's schema.\n` +
        `  first run ${fmtMs(first)}; then median ${fmtMs(s.p50)}, max ${fmtMs(s.max)} (${runs} runs); load ${await load()}\n` +
        `Date-range document with ${fmtInt(range.packs)} more packs mapped: ${fmtInt(range.bytes)} bytes, ${fmtInt(range.events)} events ` +
        `in ${fmtMs(range.ms)}; RSS ${range.before.rss} MB before, peak ${range.peak.rss} MB; ` +
        `JS heap ${range.before.heap} MB before, peak ${range.peak.heap} MB`,
    );
  } finally {
    await w.close();
  }
}

await main();
