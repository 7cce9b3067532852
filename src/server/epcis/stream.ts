// Events in the export's order, each with its eventID (the CBV event hash) and its place in that
// order, made as they are read: the one path every query, download and feed page goes through.
import type { Db } from '../db/connect.js';
import type { EpcisEvent, EpcisEventBody } from './epcis-event.js';
import { DOCUMENT_CONTEXT } from './document.js';
import { eventHash } from './event-hash.js';
import { eventsOfRow, type RowScope } from './mapper.js';
import type { MapperContext } from './mapper-context.js';
import type { Position } from './order.js';
import { sourceRows, type Narrowing, type SourceRow } from './source.js';

export interface Placed {
  event: EpcisEvent;
  position: Position;
}

export interface StreamOptions {
  /** The test each event must pass; the SQL only narrows. */
  matches?: (e: EpcisEventBody) => boolean;
  /** Rows not worth mapping (their events cannot match). */
  rowMay?: (row: SourceRow) => boolean;
  scope?: RowScope;
}

/** The event with its eventID first, as a reader expects to find it. */
export const identified = (e: EpcisEventBody): EpcisEvent => ({ eventID: eventHash({ ...e }, DOCUMENT_CONTEXT), ...e });

export async function* placedEvents(
  db: Db,
  c: MapperContext,
  n: Narrowing,
  from: Position,
  o: StreamOptions = {},
): AsyncGenerator<Placed> {
  for await (const row of sourceRows(db, n, from)) {
    if (o.rowMay && !o.rowMay(row)) continue;
    const resumes = row.source === from.source && row.id === from.id && row.micros === from.micros;
    let k = 0;
    for await (const e of eventsOfRow(db, c, row, o.scope)) {
      const at = k++;
      if (resumes && at < from.skip) continue;
      if (o.matches && !o.matches(e)) continue;
      yield { event: identified(e), position: { micros: row.micros, source: row.source, id: row.id, skip: at } };
    }
  }
}
