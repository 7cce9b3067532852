// What each download holds, as SQL over the event log and the recalls (so a download of any size is
// read in batches, never gathered first): a dispatch's document (the commissioning of its packs,
// the packing of its cartons, its legs), a batch's (the recall case: its ranges, the cartons its
// packs went into and their legs, the recall) and a date range's (every event in it).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import type { Caller } from '../auth/actor.js';
import { companyScope } from '../auth/scope.js';
import type { Db } from '../db/connect.js';
import { dispatchCartons, dispatches, events, items, mappings, recalls, secondaryCartons } from '../db/schema.js';
import { EXPORTED_ACTIONS, type RowScope } from './mapper.js';
import type { Narrowing } from './source.js';

export interface Download {
  narrowing: Narrowing;
  scope?: RowScope;
}

const ids = (q: SQL) => sql`(${q})`;

/** Rows about these cartons (their packing, their legs, their damage), the cartons given as SQL. */
function cartonRows(sids: SQL, tids: SQL): SQL {
  const cartons = sql`(${sids} union ${tids})`;
  return sql`(
    (${events.action} = 'pack-secondary' and ${events.ref} in ${ids(sids)})
    or (${events.action} = 'pack-tertiary' and ${events.ref} in ${ids(tids)})
    or (${events.action} in ('dispatch', 'receive')
        and ${events.ref} in (select ${dispatchCartons.did} from ${dispatchCartons} where ${dispatchCartons.cartonId} in ${cartons}))
    or (${events.action} in ('return', 'damage-carton')
        and exists (select 1 from jsonb_array_elements_text(coalesce(${events.detail}->'cartons', jsonb_build_array(${events.detail}->>'cartonId'))) x(id) where x.id in ${cartons}))
  )`;
}

/** A dispatch of the caller's company, or null (another company's is the same as none). */
export async function dispatchDownload(db: Db, caller: Caller, did: string): Promise<Download | null> {
  const [d] = await db
    .select({ did: dispatches.did, companyId: dispatches.companyId })
    .from(dispatches)
    .where(and(eq(dispatches.did, did), companyScope(caller, dispatches.companyId)));
  if (!d) return null;
  const onIt = sql`select ${dispatchCartons.cartonId} from ${dispatchCartons} where ${dispatchCartons.did} = ${did}`;
  const tids = sql`select c from (${onIt}) t(c) where c like 'TID%'`;
  const sids = sql`select ${secondaryCartons.sid} from ${secondaryCartons}
    where ${secondaryCartons.sid} in (${onIt}) or ${secondaryCartons.tid} in (${tids})`;
  // The dispatch's packs, by series: the commissioning chunks that hold one of them go in.
  const packs = await db
    .select({ kind: items.kind, prefix: items.prefix, serial: items.serialNo })
    .from(items)
    .where(sql`${items.secondaryId} in (${sids})`);
  const bySeries = new Map<string, Set<number>>();
  for (const p of packs) {
    const key = `${p.kind}:${p.prefix}`;
    if (!bySeries.has(key)) bySeries.set(key, new Set());
    bySeries.get(key)!.add(p.serial);
  }
  const chunk = (s: Series, a: number, b: number) => {
    const set = bySeries.get(`${s.kind}:${s.prefix}`);
    if (!set) return false;
    for (const n of set) if (n >= a && n <= b) return true;
    return false;
  };
  const log = and(
    eq(events.companyId, d.companyId),
    sql`(
      (${events.action} = 'map' and exists (select 1 from ${items} i where i.secondary_id in (${sids})
        and i.kind = ${events.kind} and i.prefix = ${events.prefix} and i.serial_no between ${events.fromNo} and ${events.toNo}))
      or ${cartonRows(sids, tids)}
    )`,
  );
  return { narrowing: { log, recall: false }, scope: { chunk } };
}

/** A batch of a product of the caller's company, or null when no pack of it was ever mapped. */
export async function batchDownload(
  db: Db,
  caller: Caller,
  productId: number,
  batchNo: string,
): Promise<Download | null> {
  const ofBatch = and(
    eq(mappings.productId, productId),
    sql`lower(${mappings.batchNo}) = lower(${batchNo})`,
    companyScope(caller, mappings.companyId),
  );
  const [any] = await db.select({ companyId: mappings.companyId }).from(mappings).where(ofBatch).limit(1);
  if (!any) return null;
  const sids = sql`select distinct i.secondary_id from ${items} i join ${mappings} on i.kind = ${mappings.kind}
    and i.prefix = ${mappings.prefix} and i.serial_no between ${mappings.fromNo} and ${mappings.toNo}
    where ${ofBatch} and i.secondary_id is not null`;
  const tids = sql`select ${secondaryCartons.tid} from ${secondaryCartons}
    where ${secondaryCartons.sid} in (${sids}) and ${secondaryCartons.tid} is not null`;
  const log = and(
    eq(events.companyId, any.companyId),
    sql`(
      (${events.action} in ('map', 'demap', 'damage') and ${events.detail}->>'productId' = ${String(productId)}
        and lower(${events.detail}->>'batchNo') = lower(${batchNo}))
      or ${cartonRows(sids, tids)}
    )`,
  );
  const recall = and(
    eq(recalls.companyId, any.companyId),
    eq(recalls.productId, productId),
    sql`lower(${recalls.batchNo}) = lower(${batchNo})`,
  );
  return { narrowing: { log, recall } };
}

/** Every event of the caller's company whose time is in [from, to). */
export function rangeDownload(caller: Caller, from: Date, to: Date): Download {
  const eventTime = sql`coalesce(${events.deviceAt}, ${events.at})`;
  return {
    narrowing: {
      log: and(
        companyScope(caller, events.companyId),
        inArray(events.action, [...EXPORTED_ACTIONS]),
        sql`${eventTime} >= ${from.toISOString()}::timestamptz and ${eventTime} < ${to.toISOString()}::timestamptz`,
      ),
      recall: and(
        companyScope(caller, recalls.companyId),
        sql`${recalls.createdAt} >= ${from.toISOString()}::timestamptz and ${recalls.createdAt} < ${to.toISOString()}::timestamptz`,
      ),
    },
  };
}
