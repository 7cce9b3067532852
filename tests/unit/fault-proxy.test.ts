// The fault proxy the floor's fault drain runs through (tests/helpers/fault-proxy.ts) does what it
// says: in front of a small counting server, each fault reaches (or does not reach) the server as
// named, and one seed picks the same faults again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultPlan } from '../helpers/fault-proxy.js';
import { mulberry32 } from '../helpers/mulberry32.js';

let server: Server;
let target: string;
/** Bodies the server received, in order. */
const got: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      got.push(Buffer.concat(parts).toString());
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`ok ${got.length}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const only = (fault: keyof FaultPlan['odds'], extra: Partial<FaultPlan> = {}): FaultPlan => ({
  odds: { [fault]: 1 },
  applies: (_m, p) => p.startsWith('/API/'),
  delayMs: [10, 20],
  ...extra,
});

async function post(url: string, body: string): Promise<string | 'failed'> {
  try {
    const res = await fetch(url, { method: 'POST', body });
    return await res.text();
  } catch {
    return 'failed';
  }
}

describe('the fault proxy', () => {
  it('meets the scripted faults first, in order, on the requests the script selects', async () => {
    got.length = 0;
    const proxy = await startFaultProxy({
      target,
      seed: 1,
      plan: {
        ...only('delay'),
        odds: {},
        first: { match: (_m, p) => p === '/API/push', faults: ['drop-before', 'drop-after'] },
      },
    });
    try {
      expect(await post(`${proxy.url}/API/other`, 'a')).toMatch(/^ok /); // not the script's: the odds (none)
      expect(await post(`${proxy.url}/API/push`, 'b')).toBe('failed');
      expect(await post(`${proxy.url}/API/push`, 'c')).toBe('failed');
      expect(await post(`${proxy.url}/API/push`, 'd')).toMatch(/^ok /);
      expect(got).toEqual(['a', 'c', 'd']);
      expect(proxy.log.map((l) => l.fault)).toEqual(['pass', 'drop-before', 'drop-after', 'pass']);
    } finally {
      await proxy.close();
    }
  });

  it('passes what the plan does not select, and cuts, duplicates and delays what it does', async () => {
    got.length = 0;
    const proxy = await startFaultProxy({ target, seed: 1, plan: only('drop-before') });
    try {
      expect(await post(`${proxy.url}/static`, 'a')).toBe('ok 1');
      expect(await post(`${proxy.url}/API/x`, 'b')).toBe('failed');
      expect(got).toEqual(['a']); // never reached the server

      proxy.setPlan(only('drop-after'));
      expect(await post(`${proxy.url}/API/x`, 'c')).toBe('failed');
      expect(got).toEqual(['a', 'c']); // applied, the answer lost

      proxy.setPlan(only('duplicate'));
      expect(await post(`${proxy.url}/API/x`, 'd')).toMatch(/^ok /);
      await expect.poll(() => got.filter((g) => g === 'd').length).toBe(2);

      proxy.setPlan(only('delay'));
      const t = Date.now();
      expect(await post(`${proxy.url}/API/x`, 'e')).toMatch(/^ok /);
      expect(Date.now() - t).toBeGreaterThanOrEqual(20);

      expect(proxy.log.map((l) => l.fault)).toEqual(['drop-before', 'drop-after', 'duplicate', 'delay']);
    } finally {
      await proxy.close();
    }
  });

  it('holds a penned request until later ones have reached the server', async () => {
    got.length = 0;
    const proxy = await startFaultProxy({
      target,
      seed: 7,
      plan: only('reorder', { releaseAfter: 2, holdMs: 10_000 }),
    });
    try {
      const first = post(`${proxy.url}/API/x`, 'old');
      await expect.poll(() => proxy.held()).toBe(1);
      proxy.setPlan(only('delay', { delayMs: [0, 0] }));
      await post(`${proxy.url}/API/x`, 'new 1');
      await post(`${proxy.url}/API/x`, 'new 2');
      await first;
      await expect.poll(() => got).toEqual(['new 1', 'new 2', 'old']);
      // Found, not taken last: on a loaded machine its line may be written before new 2's.
      expect(proxy.log.find((l) => l.fault === 'reorder')?.note).toMatch(
        /penned, sent on after 2 later request\(s\): 200/,
      );
    } finally {
      await proxy.close();
    }
  });

  it('picks the same faults from the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(new Set(xs).size).toBe(5);
  });
});
