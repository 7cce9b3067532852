// The REST binding's query parameters we serve (docs/epcis.md lists them): parsed and checked, then
// turned into the SQL that narrows the rows read and the test each event must pass. A parameter we
// do not serve is refused, not ignored: a partner's client must never take a wider answer for the
// one it asked.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/actor.js';
import { companyScope } from '../auth/scope.js';
import { events, recalls } from '../db/schema.js';
import type { EpcisEventBody } from './epcis-event.js';
import type { EpcisIds, EpcRef } from './identifiers.js';
import { EXPORTED_ACTIONS } from './mapper.js';
import type { Narrowing, SourceRow } from './source.js';

export const MAX_PER_PAGE = 1000;
export const DEFAULT_PER_PAGE = 100;

/** Which log actions can make an event of each bizStep; 'recall' for the recalls. */
const ACTIONS_OF_STEP: Record<string, readonly string[]> = {
  commissioning: ['map', 'replace'],
  decommissioning: ['demap', 'replace'],
  inspecting: ['damage', 'damage-carton'],
  destroying: ['damage', 'damage-carton'],
  packing: ['pack-secondary', 'pack-tertiary', 'replace'],
  shipping: ['dispatch'],
  receiving: ['receive', 'return'],
  void_shipping: ['return'],
  holding: ['recall'],
};

export interface EventQuery {
  geEventTime?: Date;
  ltEventTime?: Date;
  bizSteps?: string[];
  eventTypes?: string[];
  actions?: string[];
  epcs?: string[];
  /** MATCH_anyEPC: in epcList, childEPCs or parentID (GET /epcs/{epc}/events asks this). */
  anyEpcs?: string[];
  parentIDs?: string[];
  desadv?: string[];
  perPage: number;
  nextPageToken?: string;
  /** The parameters that choose events, normalised: what a page token is bound to. */
  key: string;
}

const LIST_PARAMS = {
  EQ_bizStep: 'bizSteps',
  eventType: 'eventTypes',
  EQ_action: 'actions',
  MATCH_epc: 'epcs',
  MATCH_anyEPC: 'anyEpcs',
  MATCH_parentID: 'parentIDs',
  EQ_bizTransaction_desadv: 'desadv',
} as const;
const SERVED = new Set(['GE_eventTime', 'LT_eventTime', 'perPage', 'nextPageToken', ...Object.keys(LIST_PARAMS)]);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export type Parsed = { query: EventQuery } | { problem: string };

/** The query string's parameters (repeated ones refused), checked as the binding says. */
export function parseEventQuery(raw: Record<string, unknown>): Parsed {
  const q: EventQuery = { perPage: DEFAULT_PER_PAGE, key: '' };
  const keyParts: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (!SERVED.has(name)) return { problem: `The query parameter ${name} is not supported.` };
    if (typeof value !== 'string') return { problem: `The query parameter ${name} is given more than once.` };
    if (name === 'perPage') {
      if (!/^\d{1,7}$/.test(value) || Number(value) < 1 || Number(value) > MAX_PER_PAGE)
        return { problem: `perPage must be a whole number from 1 to ${MAX_PER_PAGE}.` };
      q.perPage = Number(value);
      continue;
    }
    if (name === 'nextPageToken') {
      q.nextPageToken = value;
      continue;
    }
    keyParts.push(`${name}=${value}`);
    if (name === 'GE_eventTime' || name === 'LT_eventTime') {
      const t = new Date(value);
      if (!DATE_TIME.test(value) || Number.isNaN(t.getTime()))
        return { problem: `${name} must be a date and time as RFC 3339 writes it (2026-11-29T04:15:00Z).` };
      if (name === 'GE_eventTime') q.geEventTime = t;
      else q.ltEventTime = t;
      continue;
    }
    const values = value.split('|');
    if (values.some((v) => v === '' || v.length > 500)) return { problem: `${name} has an empty or over-long value.` };
    if (name === 'EQ_action' && values.some((v) => !['ADD', 'OBSERVE', 'DELETE'].includes(v)))
      return { problem: 'EQ_action takes ADD, OBSERVE or DELETE.' };
    q[LIST_PARAMS[name as keyof typeof LIST_PARAMS]] = values;
  }
  q.key = keyParts.sort().join('&');
  return { query: q };
}

const detailHas = (id: string) => sql`position(${JSON.stringify(id)} in ${events.detail}::text) > 0`;

/** The rows that can make a matching event, in SQL: the caller's company, the times, the actions. */
export function narrowing(caller: Caller, q: EventQuery, ids: EpcisIds): Narrowing {
  const stepActions = q.bizSteps ? new Set(q.bizSteps.flatMap((s) => ACTIONS_OF_STEP[s] ?? [])) : null;
  const logActions = EXPORTED_ACTIONS.filter((a) => !stepActions || stepActions.has(a));
  const wantsRecall = (!stepActions || stepActions.has('recall')) && !q.epcs && !q.anyEpcs && !q.parentIDs && !q.desadv;
  const eventTime = sql`coalesce(${events.deviceAt}, ${events.at})`;
  const refs = (values: string[] | undefined) => values?.map((v) => ids.read(v)).filter((r): r is EpcRef => !!r);
  const epcs = refs(q.epcs);
  const anyEpcs = refs(q.anyEpcs);
  const log = and(
    companyScope(caller, events.companyId),
    logActions.length ? inArray(events.action, [...logActions]) : sql`false`,
    q.geEventTime ? sql`${eventTime} >= ${q.geEventTime.toISOString()}::timestamptz` : undefined,
    q.ltEventTime ? sql`${eventTime} < ${q.ltEventTime.toISOString()}::timestamptz` : undefined,
    epcs ? or(sql`false`, ...epcs.map(epcRows)) : undefined,
    anyEpcs ? or(sql`false`, ...anyEpcs.map(epcRows)) : undefined,
    q.parentIDs ? or(sql`false`, ...q.parentIDs.map((p) => detailHas(lastPart(p)))) : undefined,
    q.desadv ? or(sql`false`, ...q.desadv.map((d) => detailHas(lastPart(d)))) : undefined,
  );
  const recall = wantsRecall
    ? and(
        companyScope(caller, recalls.companyId),
        q.geEventTime ? sql`${recalls.createdAt} >= ${q.geEventTime.toISOString()}::timestamptz` : undefined,
        q.ltEventTime ? sql`${recalls.createdAt} < ${q.ltEventTime.toISOString()}::timestamptz` : undefined,
      )
    : false;
  return { log: log ?? undefined, recall };
}

/** The id at the end of one of our URIs (a carton's, a dispatch's), to find its rows by. */
const lastPart = (uri: string) => {
  try {
    return decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
  } catch {
    return uri;
  }
};

/** Rows that can list an EPC: a carton's rows name it in their detail; a pack is in its range rows,
 *  in a Replace row's codes, and in some SID's packing row, whose runs rowMayMatch checks in memory
 *  (a run holds the serial without naming it). */
function epcRows(r: EpcRef): SQL {
  if (r.kind === 'id') return detailHas(lastPart(r.uri));
  const inRange = and(
    inArray(events.action, ['map', 'demap', 'damage', 'replace']),
    eq(events.kind, r.series.kind),
    eq(events.prefix, r.series.prefix),
    sql`${events.fromNo} <= ${r.serial} and ${events.toNo} >= ${r.serial}`,
  );
  return or(
    inRange,
    eq(events.action, 'pack-secondary'),
    detailHas(`${r.series.kind}:${r.series.prefix}:${r.serial}`),
  )!;
}

/** The test an event must pass (the SQL only narrows). */
export function eventMatches(q: EventQuery, e: EpcisEventBody): boolean {
  const t = Date.parse(e.eventTime);
  if (q.geEventTime && t < q.geEventTime.getTime()) return false;
  if (q.ltEventTime && t >= q.ltEventTime.getTime()) return false;
  if (q.bizSteps && !q.bizSteps.includes(e.bizStep)) return false;
  if (q.eventTypes && !q.eventTypes.includes(e.type)) return false;
  if (q.actions && !q.actions.includes(e.action)) return false;
  if (q.epcs && ![...(e.epcList ?? []), ...(e.childEPCs ?? [])].some((x) => q.epcs!.includes(x))) return false;
  if (q.anyEpcs && ![...(e.epcList ?? []), ...(e.childEPCs ?? []), e.parentID].some((x) => x && q.anyEpcs!.includes(x)))
    return false;
  if (q.parentIDs && !(e.parentID && q.parentIDs.includes(e.parentID))) return false;
  if (
    q.desadv &&
    !(e.bizTransactionList ?? []).some((b) => b.type === 'desadv' && q.desadv!.includes(b.bizTransaction))
  )
    return false;
  return true;
}

/** A row whose events cannot match is not mapped at all (a pack-secondary row's runs are cheap to
 *  check; its EPCs are not). */
export function rowMayMatch(q: EventQuery, ids: EpcisIds, row: SourceRow): boolean {
  const wanted = q.epcs ?? q.anyEpcs;
  if (!wanted || row.source !== 0 || row.event.action !== 'pack-secondary') return true;
  const runs = (row.event.detail as { runs: Array<[string, string, number, number]> }).runs;
  const sid = (row.event.detail as { sid: string }).sid;
  if (q.anyEpcs?.includes(ids.carton(sid))) return true;
  return wanted.some((epc) => {
    const r = ids.read(epc);
    if (r?.kind !== 'pack') return false;
    return runs.some(([k, p, a, b]) => k === r.series.kind && p === r.series.prefix && a <= r.serial && r.serial <= b);
  });
}
