// EPCIS 2.0 documents (JSON-LD) written as the events come: the head, each event as it is made, the
// tail, in pieces of about 64 KB, so a download of any size holds one piece in memory at a time.
import type { EpcisEvent } from './epcis-event.js';

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
/** The @context every document carries, and the one each event's hash is computed in. */
export const DOCUMENT_CONTEXT = [EPCIS_CONTEXT];
export const LD_JSON = 'application/ld+json';
/** The binding's version headers on every answer (GS1-EPCIS-Version, GS1-CBV-Version). */
export const VERSION_HEADERS = { 'GS1-EPCIS-Version': '2.0.0', 'GS1-CBV-Version': '2.0.0' } as const;

const PIECE = 64 * 1024;

function head(type: 'EPCISDocument' | 'EPCISQueryDocument', id: string | undefined, now: Date): string {
  const top = {
    '@context': DOCUMENT_CONTEXT,
    ...(id ? { id } : {}),
    type,
    schemaVersion: '2.0',
    creationDate: now.toISOString(),
  };
  const open =
    type === 'EPCISDocument'
      ? '"epcisBody":{"eventList":['
      : '"epcisBody":{"queryResults":{"queryName":"SimpleEventQuery","resultsBody":{"eventList":[';
  return `${JSON.stringify(top).slice(0, -1)},${open}`;
}

/** The document's text in pieces, the events written one by one as they are read. */
export async function* documentText(
  type: 'EPCISDocument' | 'EPCISQueryDocument',
  events: AsyncIterable<EpcisEvent>,
  id?: string,
  now = new Date(),
): AsyncGenerator<string> {
  let piece = head(type, id, now);
  let first = true;
  for await (const e of events) {
    piece += (first ? '' : ',') + JSON.stringify(e);
    first = false;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  yield piece + (type === 'EPCISDocument' ? ']}}' : ']}}}}');
}

/** An RFC 7807 problem as the binding answers a refused query, a missing event or a refused call. */
export function problem(status: number, type: string, title: string, detail?: string) {
  return { type: `epcisException:${type}`, title, status, ...(detail ? { detail } : {}) };
}
