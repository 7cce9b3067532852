// A fault-injecting HTTP proxy between the browser and the real server (issue 27, "Faults, proven"),
// where Linux netem is not to be had: the browser opens the app at the proxy's address, and each request
// the plan selects meets one fault, drawn from a seeded random so a failing run can be replayed
// (FAULT_SEED). Every decision is logged.
//
//   drop-before  the connection is cut before the request reaches the server (never applied)
//   drop-after   the server gets the request and answers; the answer is lost on the way back (applied,
//                and the sender does not know it: the dangerous case for exactly-once)
//   duplicate    the request reaches the server twice, a moment apart; the sender gets the first answer
//   delay        held for a while each way
//   reorder      held in a pen and sent on later, after requests that came behind it (the newest held
//                first); half the time the sender's connection is cut when it is penned, so that it
//                sends again and the old copy reaches the server after the new one
//
// Plain node:http; the request and the answer are read whole (the floor's calls are small JSON).
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mulberry32 } from './mulberry32.js';

export type Fault = 'pass' | 'drop-before' | 'drop-after' | 'duplicate' | 'delay' | 'reorder';
const FAULTS = ['drop-before', 'drop-after', 'duplicate', 'delay', 'reorder'] as const;

export interface FaultPlan {
  /** The chance of each fault for a request `applies` selects; the rest pass. */
  odds: Partial<Record<Exclude<Fault, 'pass'>, number>>;
  /** Which requests may meet a fault (method and path, e.g. 'POST /API/api/Outbox/push'). */
  applies: (method: string, path: string) => boolean;
  /** A delay, in ms, drawn between these. */
  delayMs?: [number, number];
  /** A penned request goes on after this many later requests have gone, or after holdMs. */
  releaseAfter?: number;
  holdMs?: number;
  /** The first selected requests `first.match` also selects meet these faults in this order, whatever
   *  the odds (a small run still meets each fault where it matters); then the odds again. */
  first?: { match: (method: string, path: string) => boolean; faults: Array<Exclude<Fault, 'pass'>> };
}

export const NO_FAULTS: FaultPlan = { odds: {}, applies: () => false };

export interface FaultLogLine {
  n: number;
  at: number;
  method: string;
  path: string;
  fault: Fault;
  /** What came of it: the server's status, 'cut', 'no server'... */
  note: string;
}

export interface FaultProxy {
  readonly url: string;
  readonly port: number;
  readonly seed: number;
  readonly log: FaultLogLine[];
  /** From now on. */
  setPlan(plan: FaultPlan): void;
  /** How many of the selected requests met each fault (or passed). */
  counts(): Record<Fault, number>;
  /** Resolves when the next request `match` selects has been handed to the server. */
  nextForwarded(match: (method: string, path: string) => boolean): Promise<void>;
  /** How many requests are penned now. */
  held(): number;
  /** Sends every penned request on now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Hop-by-hop headers, and the length the proxy sets itself (it answers with the whole body).
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.on('data', (c: Buffer) => parts.push(c));
    stream.on('end', () => resolve(Buffer.concat(parts)));
    stream.on('error', reject);
    stream.on('aborted', () => reject(new Error('aborted')));
  });
}

export async function startFaultProxy(o: {
  /** The server's address, e.g. http://127.0.0.1:41234. */
  target: string;
  seed: number;
  plan?: FaultPlan;
  port?: number;
  /** Each decision as it is taken (a test prints them to replay a failure). */
  onLog?: (line: FaultLogLine) => void;
}): Promise<FaultProxy> {
  const target = new URL(o.target);
  const random = mulberry32(o.seed);
  let plan = o.plan ?? NO_FAULTS;
  let scripted: Fault[] = [...(plan.first?.faults ?? [])];
  const log: FaultLogLine[] = [];
  const started = Date.now();
  let n = 0;
  let forwardedCount = 0;
  const waiters: Array<{ match: (m: string, p: string) => boolean; resolve: () => void }> = [];
  const pen: Array<{ release: () => Promise<void>; after: number; timer: NodeJS.Timeout }> = [];
  const sockets = new Set<Socket>();

  const note = (line: Omit<FaultLogLine, 'at'>) => {
    const l = { ...line, at: Date.now() - started };
    log.push(l);
    o.onLog?.(l);
  };

  /** The request to the server, its answer read whole; rejects when there is no server to answer. */
  const forward = (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Answer> => {
    forwardedCount += 1;
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (!waiters[i]!.match(method, path)) continue;
      waiters[i]!.resolve();
      waiters.splice(i, 1);
    }
    // Penned requests whose turn has come go just after this one (later ones have gone by): the newest first.
    const due = pen.filter((p) => forwardedCount >= p.after).reverse();
    due.forEach((p, i) => setTimeout(() => void p.release(), 20 * (i + 1)));
    return new Promise<Answer>((resolve, reject) => {
      const h: IncomingHttpHeaders = {};
      for (const [k, v] of Object.entries(headers)) if (!HOP.has(k)) h[k] = v;
      h.host = target.host;
      h['content-length'] = String(body.length);
      const req = request(
        { host: target.hostname, port: target.port, method, path, headers: h, agent: false },
        (res) => {
          readAll(res).then((b) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: b }), reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };

  const answer = (res: ServerResponse, a: Answer) => {
    if (res.destroyed || res.writableEnded) return;
    const h: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(a.headers)) if (v !== undefined && !HOP.has(k)) h[k] = v;
    h['content-length'] = String(a.body.length);
    res.writeHead(a.status, h);
    res.end(a.body);
  };
  /** The connection cut: the browser sees a network failure (net::ERR_EMPTY_RESPONSE / reset). */
  const cut = (res: ServerResponse) => res.socket?.destroy();

  const pick = (method: string, path: string): Fault => {
    const r = random();
    if (scripted.length > 0 && plan.first?.match(method, path)) return scripted.shift()!;
    let sum = 0;
    for (const f of FAULTS) {
      sum += plan.odds[f] ?? 0;
      if (r < sum) return f;
    }
    return 'pass';
  };
  const between = ([lo, hi]: [number, number]) => Math.round(lo + random() * (hi - lo));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    let body: Buffer;
    try {
      body = await readAll(req);
    } catch {
      return;
    }
    const selected = plan.applies(method, path);
    const id = ++n;
    const fault = selected ? pick(method, path) : 'pass';
    const line = (text: string) => note({ n: id, method, path, fault, note: text });
    const send = () => forward(method, path, req.headers, body);
    try {
      switch (fault) {
        case 'pass': {
          const a = await send();
          answer(res, a);
          if (selected) line(`${a.status}`);
          return;
        }
        case 'drop-before': {
          cut(res);
          line('cut before the server');
          return;
        }
        case 'drop-after': {
          const a = await send();
          cut(res);
          line(`server answered ${a.status}; answer lost`);
          return;
        }
        case 'duplicate': {
          const first = send();
          // It may fail (no server) while the copy waits: not unhandled, it is awaited below.
          first.catch(() => undefined);
          const gap = between([0, 50]);
          await sleep(gap);
          const second = send().then(
            (a) => `${a.status}`,
            () => 'no server',
          );
          const a = await first;
          answer(res, a);
          line(`sent twice ${gap} ms apart: ${a.status} (answered), ${await second}`);
          return;
        }
        case 'delay': {
          const [d1, d2] = [between(plan.delayMs ?? [100, 1500]), between(plan.delayMs ?? [100, 1500])];
          await sleep(d1);
          const a = await send();
          await sleep(d2);
          answer(res, a);
          line(`delayed ${d1} + ${d2} ms: ${a.status}`);
          return;
        }
        case 'reorder': {
          const cutNow = random() < 0.5;
          if (cutNow) cut(res);
          const penned = forwardedCount;
          await new Promise<void>((resolve) => {
            const entry = {
              after: penned + (plan.releaseAfter ?? 2),
              timer: setTimeout(() => void entry.release(), plan.holdMs ?? 3000),
              release: async () => {
                const i = pen.indexOf(entry);
                if (i < 0) return;
                pen.splice(i, 1);
                clearTimeout(entry.timer);
                const passed = forwardedCount - penned;
                try {
                  const a = await send();
                  answer(res, a);
                  line(`${cutNow ? 'sender cut, ' : ''}penned, sent on after ${passed} later request(s): ${a.status}`);
                } catch {
                  cut(res);
                  line(`${cutNow ? 'sender cut, ' : ''}penned, then no server`);
                }
                resolve();
              },
            };
            pen.push(entry);
          });
          return;
        }
      }
    } catch {
      // No server (killed, restarting): what the browser meets is a dead connection.
      cut(res);
      if (selected) line('no server');
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const flush = async () => {
    await Promise.all(pen.slice().map((p) => p.release()));
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seed: o.seed,
    log,
    setPlan: (p) => {
      plan = p;
      scripted = [...(p.first?.faults ?? [])];
    },
    counts: () => {
      const c = { pass: 0, 'drop-before': 0, 'drop-after': 0, duplicate: 0, delay: 0, reorder: 0 } as Record<
        Fault,
        number
      >;
      for (const l of log) c[l.fault] += 1;
      return c;
    },
    nextForwarded: (match) => new Promise<void>((resolve) => waiters.push({ match, resolve })),
    held: () => pen.length,
    flush,
    close: async () => {
      await flush().catch(() => undefined);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
