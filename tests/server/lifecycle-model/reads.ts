// The read surfaces beyond scan info and the trace, each held to the model: a carton's journey (QR Code
// Tracking), a dispatch's rows of the Item Ledger, the stock reports of each site, and the dashboard's
// totals of each site. The world is shared by every namespace, so the dashboard is compared as the
// change since the namespace began; the stock reports are read for the namespace's own batches.
import { isDeepStrictEqual } from 'node:util';
import { DASHBOARD_API, type DashboardCount } from '../../../src/shared/contracts/dashboard.js';
import { ITEM_LEDGER_REPORT } from '../../../src/shared/contracts/reports/dispatch.js';
import type { ReportContract } from '../../../src/shared/contracts/reports/report.js';
import { AVAILABLE_STOCK_REPORT, NEW_STOCK_REPORT } from '../../../src/shared/contracts/reports/stock.js';
import { TRACKING_API, statusText, type JourneyItem } from '../../../src/shared/contracts/tracking.js';
import { indiaDate } from '../../../src/shared/today.js';
import { send } from '../../helpers/endpoint-call.js';
import { type Model, type SidM, type TidM } from './model.js';
import { refKey, type CartonRef, type SiteName } from './ops.js';
import type { Names } from './world.js';

const SITES: readonly SiteName[] = ['F', 'W'];
const plural = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
const differ = (what: string, want: unknown, got: unknown): string[] =>
  isDeepStrictEqual(want, got) ? [] : [`${what}: model ${JSON.stringify(want)}, product ${JSON.stringify(got)}`];
const didOf = (n: Names, key: string) => n.slip('DID', key.slice(3, 4) as SiteName, Number(key.slice(4)));

// --- the journey of a carton ---

/** The activities a carton's journey must list (in any order: steps of one millisecond may tie). */
export function modelJourney(m: Model, n: Names, ref: CartonRef): string[] {
  const c = m.carton(ref)!;
  const sid = ref.t === 'SID' ? (c as SidM) : null;
  const tid = ref.t === 'TID' ? (c as TidM) : sid?.tid ? m.tids.get(sid.tid)! : null;
  const out: string[] = [];
  if (sid) out.push(`Packed: ${plural(sid.packs.length, 'pack')}`);
  if (tid)
    out.push(
      sid ? `${n.carton(sid.ref)} packed into ${n.carton(tid.ref)}` : `Packed: ${plural(tid.sids.length, 'carton')}`,
    );
  const mine = [sid, tid].filter((x): x is SidM | TidM => x !== null).map((x) => refKey(x.ref));
  for (const d of m.dids.values()) {
    const did = didOf(n, d.key);
    const to = n.w.name[d.to];
    for (const k of mine.filter((x) => d.legs.has(x))) {
      out.push(`Dispatched on ${did} to ${to}`);
      if (d.received.has(k)) out.push(`Received at ${to}`);
      if (d.legs.get(k) === 'missing') out.push(`Reported missing on ${did}`);
      if (d.legs.get(k) === 'returned') out.push(`Taken back from ${did}${d.transit.has(k) ? ' in transit' : ''}`);
    }
  }
  if (sid?.own) out.push('Damaged');
  if (tid?.own) out.push(sid ? `${n.carton(tid.ref)} damaged` : 'Damaged');
  for (const [o, x] of sid?.swaps ?? []) out.push(`Pack ${n.pid(o)} replaced by ${n.pid(x)}`);
  return out.sort();
}

export async function checkJourney(m: Model, n: Names, ref: CartonRef): Promise<string[]> {
  if (!m.carton(ref)) return [];
  const id = n.carton(ref);
  const res = await send(n.w.t, TRACKING_API.journey, undefined, n.w.token.F, { qr: id });
  if (res.body.ResponseCode !== '200') return [`journey ${id}: ${res.status} ${res.body.ResponseMessage}`];
  return differ(
    `journey ${id}`,
    modelJourney(m, n, ref),
    (res.body.ResponseData as JourneyItem[]).map((j) => j.activity).sort(),
  );
}

// --- the Item Ledger's rows of a dispatch ---

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function reportRows(
  n: Names,
  r: ReportContract,
  token: string,
  extra: Record<string, unknown>,
): Promise<Array<Record<string, unknown>> | string> {
  const today = us(indiaDate());
  const res = await send(
    n.w.t,
    r.api.list,
    { First: 1, PageSize: 500, IsActive: '1', ...(r.dated ? { FromDate: today, ToDate: today } : {}), ...extra },
    token,
  );
  if (res.body.ResponseCode !== '200') return `${res.status} ${res.body.ResponseMessage}`;
  return res.body.ResponseData as Array<Record<string, unknown>>;
}

/** Each carton of the dispatch: its packs when sent, its leg's state in the scan info's words, received
 *  or not (a leg received and then taken back was received), from and to whom. */
export async function checkLedger(m: Model, n: Names, key: string): Promise<string[]> {
  const d = m.dids.get(key);
  if (!d) return [];
  const did = didOf(n, key);
  const rows = await reportRows(n, ITEM_LEDGER_REPORT, n.w.token.F, { SearchValue: did });
  if (typeof rows === 'string') return [`item ledger ${did}: ${rows}`];
  const want = d.order
    .map((r) => {
      const k = refKey(r);
      return `${n.carton(r)} ${d.packs.get(k)} ${statusText(d.legs.get(k)!)} ${d.received.has(k) ? 'received' : '-'} ${n.w.name[d.from]} -> ${n.w.name[d.to]}`;
    })
    .sort();
  const got = rows
    .filter((r) => String(r.TertiaryCartonId) !== did)
    .map(
      (r) =>
        `${r.TertiaryCartonId} ${r.TotalQty} ${r.CurrentStatus} ${r.ReceivedDt ? 'received' : '-'} ${r.Cfrom} -> ${r.CTo}`,
    )
    .sort();
  return differ(`item ledger ${did}`, want, got);
}

// --- the stock reports of each site ---

/** The namespace's figures at a site: mapped there, packed there, dispatched from there, in stock there. */
export function modelStock(m: Model, s: SiteName) {
  const sids = [...m.sids.values()];
  const at = (c: SidM) => {
    const p = m.outer(c).place;
    return p.k === 'site' && p.s === s;
  };
  return {
    TotalQty: s === 'F' ? m.codes.filter((c) => c.mapping !== null).length : 0,
    PackedStock: sids.filter((c) => c.ref.s === s).reduce((k, c) => k + c.packs.length, 0),
    DisptachQty: [...m.dids.values()]
      .filter((d) => d.from === s)
      .reduce((k, d) => k + [...d.packs.values()].reduce((a, b) => a + b, 0), 0),
    stock: sids.filter((c) => !c.damaged && at(c)).reduce((k, c) => k + c.packs.length, 0),
  };
}

/** Both reports as each site's user sees them, summed over the namespace's two batches (a SID may hold
 *  packs of both, and the reports name a carton by one batch). */
export async function checkStock(m: Model, n: Names): Promise<string[]> {
  const out: string[] = [];
  const ours = new Set([n.batch('A'), n.batch('B')]);
  for (const s of SITES) {
    const token = n.w.token[s];
    const stock = await reportRows(n, NEW_STOCK_REPORT, token, { SearchValue: `-${n.ns}` });
    const avail = await reportRows(n, AVAILABLE_STOCK_REPORT, token, { SearchValue: `-${n.ns}` });
    if (typeof stock === 'string' || typeof avail === 'string') {
      out.push(`stock reports of ${s}: ${stock} ${avail}`);
      continue;
    }
    const sum = (rows: Array<Record<string, unknown>>, k: string) =>
      rows.filter((r) => ours.has(String(r.DDName))).reduce((a, r) => a + Number(r[k]), 0);
    const got = {
      TotalQty: sum(stock, 'TotalQty'),
      PackedStock: sum(stock, 'PackedStock'),
      DisptachQty: sum(stock, 'DisptachQty'),
      stock: sum(stock, 'stock'),
    };
    const want = modelStock(m, s);
    out.push(...differ(`stock report of ${s}`, want, got));
    out.push(...differ(`available stock of ${s}`, want.stock, sum(avail, 'stock')));
  }
  return out;
}

// --- the dashboard of each site ---

export type Dashboards = Record<SiteName, DashboardCount>;

export async function dashboards(n: Names): Promise<Dashboards | string> {
  const out: Partial<Dashboards> = {};
  for (const s of SITES) {
    const res = await send(n.w.t, DASHBOARD_API.data, { Id: 0, isPreprinted: false }, n.w.token[s]);
    if (res.body.ResponseCode !== '200') return `dashboard of ${s}: ${res.body.ResponseMessage}`;
    out[s] = (res.body.ResponseData as { DashboardCount: DashboardCount }).DashboardCount;
  }
  return out as Dashboards;
}

/** What the namespace added to a site's totals. Ranges count their numbers at the factory whose series
 *  they are (all of the model's codes are the factory's); packing counts the site that packed (a SID in a
 *  TID counts as a carton once, in its TID); a dispatch counts its packs and cartons when sent, and at
 *  the receiving site what arrived (as an admin reads 'Received'). */
export function modelDashboard(m: Model, s: SiteName): Partial<DashboardCount> {
  const f = s === 'F';
  const dids = [...m.dids.values()];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const arrived = dids.filter((d) => d.to === s).flatMap((d) => [...d.received].map((k) => d.packs.get(k)!));
  return {
    TotalMapping: f ? m.codes.filter((c) => c.mapping !== null).length : 0,
    TotalDeMapping: f ? m.demappedNumbers : 0,
    TotalDamage: f ? m.codes.filter((c) => c.damaged !== null).length : 0,
    TotalPacked: sum([...m.sids.values()].filter((c) => c.ref.s === s).map((c) => c.packs.length)),
    // A SID counts as a carton unless a TID of the same site holds it (a warehouse repacking a
    // factory's carton takes nothing from the factory's count).
    TotalCartonsPacked:
      [...m.sids.values()].filter((c) => c.ref.s === s && !(c.tid && m.tids.get(c.tid)!.ref.s === s)).length +
      [...m.tids.values()].filter((c) => c.ref.s === s).length,
    TotalDispatched: sum(dids.filter((d) => d.from === s).flatMap((d) => [...d.packs.values()])),
    TotalCartonsDispatched: sum(dids.filter((d) => d.from === s).map((d) => d.order.length)),
    // Only the cartons that arrived: one reported missing or taken back from transit never did.
    TotalReceived: sum(arrived),
    TotalCartonsReceived: arrived.length,
  };
}

export async function checkDashboards(m: Model, n: Names, base: Dashboards): Promise<string[]> {
  const now = await dashboards(n);
  if (typeof now === 'string') return [now];
  return SITES.flatMap((s) => {
    const want = modelDashboard(m, s);
    const got = Object.fromEntries(
      Object.keys(want).map((k) => [k, now[s][k as keyof DashboardCount] - base[s][k as keyof DashboardCount]]),
    );
    return differ(`dashboard of ${s}`, want, got);
  });
}
