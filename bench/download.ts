// The same million-code print file through the real app: GET NumberGeneration/File/<signed link>,
// read with fetch as a stream (the browser's download), over loopback in the same process. Measures
// time to first byte, total time and the process's memory while both sides run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/connect.js';
import { signFileLink } from '../src/server/domain/number-file-link.js';
import type { CodeMac } from '../src/server/domain/code-mac.js';
import { now } from './stats.js';

export interface DownloadResult {
  status: number;
  firstByteMs: number;
  seconds: number;
  bytes: number;
  lines: number;
  rssBaseline: number;
  rssPeak: number;
  lastLineGenuine: boolean;
}

const gc = (globalThis as { gc?: () => void }).gc;

export async function downloadBench(
  database: Database,
  codes: CodeMac,
  opts: { codeSecret: string; publicBaseUrl: string; prefix: string; fromNo: number; toNo: number },
): Promise<DownloadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'ft-bench-app-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  const config = loadConfig(
    {},
    {
      dataDir: dir,
      clientDir: dir,
      codeSecret: opts.codeSecret,
      publicBaseUrl: opts.publicBaseUrl,
      host: '127.0.0.1',
      port: 0,
      logLevel: 'warn',
    },
  );
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // ref 0: the link is signed here rather than by NumberGeneration/CreateGeneratedNumber; a static
    // link is served from the mapping that holds its range.
    const path = await signFileLink(database.db, {
      kind: 'S',
      prefix: opts.prefix,
      fromNo: opts.fromNo,
      toNo: opts.toNo,
      ref: 0,
    });
    gc?.();
    const rssBaseline = process.memoryUsage.rss();
    let rssPeak = rssBaseline;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 50);
    const started = now();
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    let tail = '';
    let status = 0;
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      status = res.status;
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (bytes === 0) firstByteMs = now() - started;
        bytes += value.length;
        for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines++;
        tail = (tail + Buffer.from(value.subarray(Math.max(0, value.length - 400))).toString('utf8')).slice(-400);
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (now() - started) / 1000;
    const [serial, , url] = tail.trimEnd().split(/\r?\n/).pop()!.split(',');
    const code = codes.check(url ?? '');
    return {
      status,
      firstByteMs,
      seconds,
      bytes,
      lines,
      rssBaseline,
      rssPeak,
      lastLineGenuine: Number(serial) === opts.toNo && code?.serial === opts.toNo,
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
