// A user's floor device cache as the device builds it: every part pulled through the FloorCache/*
// endpoints (paged parts page by page, each `Next` sent back as it came), packed as stored and indexed
// by the client's own pure lookup (client/floor/cache/lookup.ts). For server tests that hold a scan's
// device check to the server's answer. A test may pull again only the parts it knows changed.
import {
  CACHE_PARTS,
  FLOOR_CACHE_API,
  type CachePage,
  type CachePart,
} from '../../src/shared/contracts/floor/cache.js';
import type {
  CacheMasters,
  DamageSeries,
  MappingSeries,
  OpenCartons,
  PackedSeries,
  PairSeries,
} from '../../src/shared/contracts/floor/cache.js';
import type { DispatchCache } from '../../src/shared/contracts/floor/dispatch-cache.js';
import { buildFloorCache, type CacheContent, type FloorCache } from '../../src/client/floor/cache/lookup.js';
import { packSeries } from '../../src/client/floor/cache/rows.js';
import type { TestApp } from './server-app.js';

/** Each part as the device stores it. */
export interface DeviceParts {
  masters?: CacheMasters;
  open?: OpenCartons;
  dispatch?: DispatchCache;
  mappings?: CacheContent['mappings'];
  damages?: CacheContent['damages'];
  pairs?: CacheContent['pairs'];
  packed?: CacheContent['packed'];
  refreshedAt: Partial<Record<CachePart, number>>;
}

/** The answer's data, or a thrown error naming the part (a cache the device could not load). */
async function call<T>(t: TestApp, name: CachePart, token: string, body?: object): Promise<T> {
  const e = FLOOR_CACHE_API[name];
  const res = e.method === 'GET' ? await t.get(e.path, token) : await t.post(e.path, body, token);
  if (res.body.ResponseCode !== '200')
    throw new Error(`FloorCache ${name}: ${res.body.ResponseCode} ${res.body.ResponseMessage}`);
  return res.body.ResponseData as T;
}

/** Every page of a paged part. */
async function pages<S extends object>(
  t: TestApp,
  name: CachePart,
  token: string,
): Promise<{ series: S[]; asOf: number }> {
  const series: S[] = [];
  let after: unknown = null;
  for (;;) {
    const page = await call<CachePage<S, unknown>>(t, name, token, { After: after });
    series.push(...page.Series);
    if (!page.Next) return { series, asOf: Date.parse(page.AsOf) };
    after = page.Next;
  }
}

/** Pulls one part into `parts` (as a refresh does). */
export async function pullPart(t: TestApp, token: string, parts: DeviceParts, name: CachePart): Promise<void> {
  const whole = async <T extends { AsOf: string }>() => {
    const data = await call<T>(t, name, token);
    parts.refreshedAt[name] = Date.parse(data.AsOf);
    return data;
  };
  const paged = async <S extends object>() => {
    const p = await pages<S>(t, name, token);
    parts.refreshedAt[name] = p.asOf;
    return packSeries(p.series);
  };
  switch (name) {
    case 'masters':
      parts.masters = await whole<CacheMasters>();
      break;
    case 'open':
      parts.open = await whole<OpenCartons>();
      break;
    case 'dispatch':
      parts.dispatch = await whole<DispatchCache>();
      break;
    case 'mappings':
      parts.mappings = await paged<MappingSeries>();
      break;
    case 'damages':
      parts.damages = await paged<DamageSeries>();
      break;
    case 'pairs':
      parts.pairs = await paged<PairSeries>();
      break;
    case 'packed':
      parts.packed = await paged<PackedSeries>();
      break;
  }
}

/** The device's index over what it stores. */
export const deviceCacheFrom = (p: DeviceParts): FloorCache =>
  buildFloorCache({
    masters: p.masters,
    open: p.open,
    dispatch: p.dispatch,
    mappings: p.mappings ?? [],
    damages: p.damages ?? [],
    pairs: p.pairs ?? [],
    packed: p.packed ?? [],
    refreshedAt: p.refreshedAt,
  });

/** The cache `token`'s device would hold after a refresh now. */
export async function deviceCacheOf(t: TestApp, token: string): Promise<FloorCache> {
  const parts: DeviceParts = { refreshedAt: {} };
  for (const name of CACHE_PARTS) await pullPart(t, token, parts, name);
  return deviceCacheFrom(parts);
}
