// The print file of one static mapping of a million codes: printFileChunks streamed into a file (a
// Node stream sink, as the download route streams into the response), timed, with the process's
// memory sampled every 50 ms. The file is checked (header, line count, last code genuine) and deleted.
import { createReadStream, createWriteStream, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../src/server/db/connect.js';
import { callerById } from '../src/server/http/caller.js';
import type { CodeMac } from '../src/server/domain/code-mac.js';
import { mapRange } from '../src/server/domain/mapping.js';
import { PRINT_FILE_HEADER, printFileChunks, type PrintSource } from '../src/server/domain/print-file.js';
import { lockSeries } from '../src/server/domain/ranges.js';
import type { DownloadResult } from './download.js';
import { FACTORY_PREFIXES, type Plan, type Seeded } from './data.js';
import { fmtInt, log, now } from './stats.js';

export interface PrintResult {
  download?: DownloadResult | null;
  codes: number;
  fromNo: number;
  toNo: number;
  mapMs: number;
  seconds: number;
  bytes: number;
  lines: number;
  rssBaseline: number;
  rssPeak: number;
  heapPeak: number;
  maxRss: number;
  samples: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

export async function printBench(
  db: Db,
  plan: Plan,
  seeded: Seeded,
  codes: CodeMac,
  baseUrl: string,
  count: number,
): Promise<PrintResult> {
  const prefix = FACTORY_PREFIXES[0];
  const caller = (await callerById(db, seeded.userIds[0]!))!;
  // Far past the numbers map-and-resolve used, so the two benchmarks never meet.
  const fromNo = (plan.ends.get(`S:${prefix}`) ?? 0) + 100_001;
  const toNo = fromNo + count - 1;
  const t0 = now();
  // A refusal is thrown: the run stops with the rule's message.
  const m = await db.transaction(async (tx) => {
    await lockSeries(tx, { kind: 'S', prefix });
    return mapRange(tx, caller, {
      series: { kind: 'S', prefix },
      fromNo,
      toNo,
      productId: seeded.productIds[0]!,
      batchNo: 'PRINT-1M',
      mfgDate: '2026-03-01',
      expDate: '2028-03-01',
      mrp: '249.50',
      remark: 'bench print file',
    });
  });
  const mapMs = now() - t0;
  const src: PrintSource = {
    prefix,
    gtin: null,
    productName: seeded.productNames[0]!,
    batchNo: m.batchNo,
    mfgDate: m.mfgDate,
    expDate: m.expDate,
    mrp: m.mrp,
    registrationNo: 'CIR-123/2020',
    manufacturer: 'Bench Agro Pvt Ltd',
  };

  const file = join(tmpdir(), `ft-bench-print-${process.pid}.csv`);
  let bytes = 0;
  let lines = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      done(null, chunk);
    },
  });
  gc?.();
  const rssBaseline = process.memoryUsage.rss();
  let rssPeak = rssBaseline;
  let heapPeak = process.memoryUsage().heapUsed;
  let samples = 0;
  const sampler = setInterval(() => {
    const mem = process.memoryUsage();
    rssPeak = Math.max(rssPeak, mem.rss);
    heapPeak = Math.max(heapPeak, mem.heapUsed);
    samples++;
  }, 50);
  log(`writing the print file of ${fmtInt(count)} codes (${prefix}${fromNo}–${prefix}${toNo})`);
  const started = now();
  try {
    await pipeline(Readable.from(printFileChunks(codes, baseUrl, src, fromNo, toNo)), counter, createWriteStream(file));
  } finally {
    clearInterval(sampler);
  }
  const seconds = (now() - started) / 1000;
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  try {
    await checkFile(file, codes, bytes, count, toNo);
  } finally {
    unlinkSync(file);
  }
  return {
    codes: count,
    fromNo,
    toNo,
    mapMs,
    seconds,
    bytes,
    lines,
    rssBaseline,
    rssPeak,
    heapPeak,
    maxRss: process.resourceUsage().maxRSS * 1024,
    samples,
  };
}

/** The file on disk is what was counted: the header first, one line per code, the last code genuine. */
async function checkFile(file: string, codes: CodeMac, bytes: number, count: number, toNo: number): Promise<void> {
  if (statSync(file).size !== bytes) throw new Error('The print file size differs from the bytes streamed');
  let head = '';
  for await (const chunk of createReadStream(file, { start: 0, end: 300, encoding: 'utf8' })) head += chunk;
  if (!head.startsWith(PRINT_FILE_HEADER.join(','))) throw new Error(`Unexpected header: ${head.slice(0, 80)}`);
  let tail = '';
  for await (const chunk of createReadStream(file, { start: Math.max(0, bytes - 400), encoding: 'utf8' }))
    tail += chunk;
  const last = tail.trimEnd().split(/\r?\n/).pop()!;
  const [serial, , url] = last.split(',');
  const code = codes.check(url ?? '');
  if (Number(serial) !== toNo || !code || code.serial !== toNo) throw new Error(`Unexpected last line: ${last}`);
  if (count < 1) throw new Error('No codes');
}
