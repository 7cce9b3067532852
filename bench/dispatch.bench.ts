// `npx tsx bench/dispatch.bench.ts [--db pglite|postgres] [--runs 10] [--cartons 500] [--analyze|--no-analyze]`
// (issue 12 item 8): a dispatch of 500 tertiary cartons holding 10,000 items, saved and its invoice
// made, how long.
//
// The world is dispatch-data.ts's: the real app in this process on a fresh database, the demo factory
// (prefix KA) holding (runs + 1) x 500 tertiary cartons of two secondary cartons of ten items each,
// written directly in SQL for speed (the setup is not measured). Then, runs + 1 times, one dispatch of
// 500 of them to the demo warehouse (Pune Depot):
// - the save: Dispatch/save over HTTP with an Idempotency-Key, its body as the dispatch screen sends it
//   (the scanned rows with their product, batch, carton and packs; DispatchId omitted, so the server
//   takes the next DID), timed from the request to the parsed answer; the server's own share is
//   Fastify's elapsedTime, beside the CPU this process spent meanwhile (on PGlite the database runs in
//   it too). The answer must list the 500 cartons and 10,000 packs.
// - the invoice: the client's own code, invoiceOfSave(answer, logo) then dispatchInvoicePdf (jspdf, the
//   A4 pages with the DID's QR code), with a logo (tests/fixtures/uploads/sample.png) as a data URL, as the device caches the company's;
//   timed to the PDF's bytes. Afterwards (not timed) its pages are counted (pdfinfo) and the QR code
//   on its first page must read the DID (pdftoppm, zbarimg).
// The first run is reported alone (jspdf is loaded on first use, as on the device); median and p95
// are of the others.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { DISPATCH_API, type DispatchInvoice } from '../src/shared/contracts/floor/dispatch.js';
import { dispatchInvoicePdf } from '../src/client/floor/dispatch/invoice-pdf.js';
import { invoiceOfSave } from '../src/client/floor/dispatch/invoice-data.js';
import { rowsOf } from '../src/server/domain/sql-rows.js';
import { analyzeChoice, arg, call, databaseUrl, ITEMS_PER_TID, load, startWorld } from './dispatch-data.js';
import { fmtInt, fmtMs, log, now, table, Timings } from './stats.js';

const LOGO = resolve(import.meta.dirname, '../tests/fixtures/uploads/sample.png');

interface Run {
  saveMs: number;
  serverMs: number;
  saveCpuMs: number;
  invoiceMs: number;
  bytes: number;
  pages: number;
  did: string;
}

/** The PDF's page count (pdfinfo) and what its first page's QR code reads (pdftoppm, zbarimg). */
function readBack(pdf: Uint8Array, dir: string): { pages: number; qr: string } {
  const file = join(dir, 'invoice.pdf');
  writeFileSync(file, pdf);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1] ?? 0);
  execFileSync('pdftoppm', ['-r', '150', '-gray', '-singlefile', '-f', '1', '-l', '1', file, join(dir, 'page1')]);
  const qr = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, 'page1.pgm')], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .toString()
    .trim();
  return { pages, qr };
}

async function main() {
  const runs = arg('runs', 10);
  const cartons = arg('cartons', 500);
  const url = databaseUrl(process.argv, process.env);
  log(`starting the app on ${url ? 'PostgreSQL' : 'PGlite'}; load ${await load()}`);
  const loadBefore = await load();
  const w = await startWorld({
    url,
    analyze: analyzeChoice(process.argv, url),
    tids: (runs + 1) * cartons,
    from: 700_001,
  });
  const dir = mkdtempSync(join(tmpdir(), 'ft-dispatch-invoice-'));
  try {
    const logo = `data:image/png;base64,${readFileSync(LOGO).toString('base64')}`;
    const done: Run[] = [];
    for (let r = 0; r <= runs; r++) {
      const scanned = w.rows.slice(r * cartons, (r + 1) * cartons);
      const body = {
        WareHouseId: w.depotSiteId,
        SendTo: 0,
        scanned,
        TransportModeId: w.modeId,
        LR: `LR-BENCH-${r + 1}`,
        Remark: '',
      };
      const cpu0 = process.cpuUsage();
      const s0 = now();
      const res = await call<DispatchInvoice>(w.baseUrl, DISPATCH_API.save.path, w.factory.Token, body, {
        'idempotency-key': randomUUID(),
        'device-time': String(Date.now()),
      });
      const saveMs = now() - s0;
      const cpu = process.cpuUsage(cpu0);
      const saveCpuMs = (cpu.user + cpu.system) / 1000;
      const answer = res.env.ResponseData;
      if (res.env.ResponseCode !== '200') throw new Error(`run ${r}: ${res.status} ${res.env.ResponseMessage}`);
      const packs = answer.cartonList.reduce((n, c) => n + c.TotalQty, 0);
      if (answer.Qty !== cartons || answer.cartonList.length !== cartons || packs !== cartons * ITEMS_PER_TID) {
        throw new Error(`run ${r}: the answer holds ${answer.cartonList.length} cartons, ${packs} packs`);
      }
      const serverMs = w.serverMs.get(DISPATCH_API.save.path)!.at(-1)!;

      const i0 = now();
      const pdf = await dispatchInvoicePdf(invoiceOfSave(answer, logo));
      const invoiceMs = now() - i0;
      const back = readBack(pdf.bytes, dir);
      if (pdf.fileName !== `${answer.CartonId}.pdf` || back.qr !== answer.CartonId)
        throw new Error(`run ${r}: ${pdf.fileName}, its QR reads ${back.qr}`);
      done.push({
        saveMs,
        serverMs,
        saveCpuMs,
        invoiceMs,
        bytes: pdf.bytes.length,
        pages: back.pages,
        did: answer.CartonId,
      });
      log(
        `run ${r}: ${answer.CartonId} saved in ${fmtMs(saveMs)} (server ${fmtMs(serverMs)}), invoice ${fmtMs(invoiceMs)}, ${fmtInt(pdf.bytes.length)} bytes`,
      );
    }
    const [first, ...rest] = done;
    const sum = (f: (r: Run) => number) => {
      const t = new Timings(rest.length);
      for (const r of rest) t.add(f(r));
      return t.summary();
    };
    const save = sum((r) => r.saveMs);
    const server = sum((r) => r.serverMs);
    const saveCpu = sum((r) => r.saveCpuMs);
    const invoice = sum((r) => r.invoiceMs);
    const bytes = sum((r) => r.bytes);
    const [held] = rowsOf<{ d: number; l: number }>(
      await w.database.db.execute(
        sql`select count(*)::int as d, (select count(*)::int from dispatch_cartons where state = 'sent') as l from dispatches where state = 'sent'`,
      ),
    );

    console.log(
      `\nDispatch save and invoice, ${new Date().toISOString().slice(0, 10)}: ${w.dbKind} ${w.dbVersion} (${w.analyzed ? 'analyzed after the setup' : 'no statistics: not analyzed'}), Node ${process.version}, ` +
        `${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}); load average ${loadBefore} before, ${await load()} after`,
    );
    console.log(
      table([
        [
          `one dispatch of ${cartons} tertiary cartons (${fmtInt(cartons * ITEMS_PER_TID)} items), ${rest.length} runs after the first`,
          'median',
          'p95',
          'first run',
        ],
        ['Dispatch/save over HTTP, request to parsed answer', fmtMs(save.p50), fmtMs(save.p95), fmtMs(first!.saveMs)],
        [
          '  of which in the server (Fastify elapsedTime)',
          fmtMs(server.p50),
          fmtMs(server.p95),
          fmtMs(first!.serverMs),
        ],
        [
          `  CPU of this process meanwhile (app and client${w.dbKind === 'PGlite' ? ', and PGlite' : ''})`,
          fmtMs(saveCpu.p50),
          fmtMs(saveCpu.p95),
          fmtMs(first!.saveCpuMs),
        ],
        [
          'invoice: invoiceOfSave + dispatchInvoicePdf to the bytes',
          fmtMs(invoice.p50),
          fmtMs(invoice.p95),
          fmtMs(first!.invoiceMs),
        ],
        ['save + invoice', fmtMs(save.p50 + invoice.p50), '', fmtMs(first!.saveMs + first!.invoiceMs)],
        [
          'PDF size (A4 pages)',
          `${fmtInt(bytes.p50)} bytes (${first!.pages} pages)`,
          '',
          `${fmtInt(first!.bytes)} bytes`,
        ],
        ["dispatches saved / cartons on their way (the server's rows)", `${held!.d} / ${fmtInt(held!.l)}`, '', ''],
      ]),
    );
    if (held!.d !== runs + 1 || held!.l !== (runs + 1) * cartons) {
      console.log('NOT ALL THERE');
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await w.close();
  }
}

await main();
