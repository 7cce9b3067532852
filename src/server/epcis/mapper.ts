// A source row to its EPCIS events (docs/epcis.md has the table). Rows that speak of no physical
// object's life (issuing and accepting numbers, print files, slip ids, a code pairing, an expiry
// edit) make none; verifications are not in the log's export at all (farmers' personal data).
import type { Series } from '../../shared/codes.js';
import { isAction } from '../domain/event-log.js';
import type { EpcisEventBody, EventPlace } from './epcis-event.js';
import { commissioning, decommissioning, rangeDamage, type RangeFacts } from './map-numbers.js';
import { cartonDamage, packSecondary, packTertiary, replace } from './map-packing.js';
import { receiving, returned, shipping } from './map-dispatch.js';
import { batchPacks, recalled } from './map-recall.js';
import type { MapperContext } from './mapper-context.js';
import type { LogRow, SourceRow } from './source.js';
import type { Db } from '../db/connect.js';

/** The log's actions that make events, for narrowing a read by action. */
export const EXPORTED_ACTIONS = [
  'map',
  'demap',
  'damage',
  'pack-secondary',
  'pack-tertiary',
  'damage-carton',
  'replace',
  'dispatch',
  'receive',
  'return',
] as const;

/** A range row's facts; null for a row without its series (never written so). */
function rangeOf(row: LogRow, productId: number, batchNo: string): RangeFacts | null {
  const e = row.event;
  if (e.fromNo === null || e.toNo === null || !row.series) return null;
  return { series: row.series, fromNo: e.fromNo, toNo: e.toNo, productId, batchNo };
}

export interface RowScope {
  /** Only chunks of a range holding one of these serials (a download that names some packs). */
  chunk?: (series: Series, from: number, to: number) => boolean;
}

export async function* eventsOfRow(
  db: Pick<Db, 'select'>,
  c: MapperContext,
  row: SourceRow,
  scope: RowScope = {},
): AsyncGenerator<EpcisEventBody> {
  if (row.source === 1) {
    const place: EventPlace = { eventTime: row.at, recordTime: row.at };
    yield* recalled(c, place, row, await batchPacks(db, row));
    return;
  }
  const e = row.event;
  const place: EventPlace = {
    eventTime: row.deviceAt ?? e.at,
    recordTime: e.at,
    ...(e.siteId ? { site: c.ids.site(e.siteId) } : {}),
  };
  const only = (r: RangeFacts) => (scope.chunk ? (a: number, b: number) => scope.chunk!(r.series, a, b) : undefined);
  if (isAction(e, 'map') || isAction(e, 'demap') || isAction(e, 'damage')) {
    const r = rangeOf(row, e.detail.productId, e.detail.batchNo);
    if (!r) return;
    if (e.action === 'map') yield* commissioning(c, place, r, only(r));
    else if (e.action === 'demap') yield* decommissioning(c, place, r, only(r));
    else yield* rangeDamage(c, place, r, only(r));
  } else if (isAction(e, 'pack-secondary')) yield* packSecondary(c, place, e.detail);
  else if (isAction(e, 'pack-tertiary')) yield* packTertiary(c, place, e.detail);
  else if (isAction(e, 'damage-carton')) yield* cartonDamage(c, place, e.detail);
  else if (isAction(e, 'replace')) yield* replace(c, place, e.detail);
  else if (isAction(e, 'dispatch')) yield* shipping(c, place, e.detail, e.companyId ?? 0);
  else if (isAction(e, 'receive')) yield* receiving(c, place, e.detail);
  else if (isAction(e, 'return')) yield* returned(c, place, e.detail);
}
