// The partner feed: a partner reads its company's events in the export's order from its cursor, a
// page of whole source rows at a time; the cursor moves only when the partner acknowledges the
// page with the token it was given, so a page lost on the way is read again, never skipped. Only
// rows older than FEED_SETTLE_MS are served: a row's time is its transaction's start, and a long
// transaction may commit after later ones, which a cursor past it would never see.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.js';
import { epcisPartners, events, recalls } from '../db/schema.js';
import type { EpcisEvent } from './epcis-event.js';
import { mapperContext } from './mapper-context.js';
import { EXPORTED_ACTIONS } from './mapper.js';
import { microsText, pastRow, type Position } from './order.js';
import { makeToken, readToken } from './page-token.js';
import type { CodeMac } from '../domain/code-mac.js';
import { placedEvents } from './stream.js';

export const FEED_SETTLE_MS = 60_000;
export const FEED_MAX_PER_PAGE = 1000;

export type Partner = typeof epcisPartners.$inferSelect;

const whose = (p: Partner) => `p${p.id}`;
const FEED_QUERY = 'feed';

export const ackedOf = (p: Partner): Position => ({
  micros: p.ackedMicros,
  source: p.ackedSource === 1 ? 1 : 0,
  id: p.ackedId,
  skip: 0,
});

export async function partnerOf(db: Db, userId: number): Promise<Partner | null> {
  const [p] = await db.select().from(epcisPartners).where(eq(epcisPartners.userId, userId));
  return p ?? null;
}

export interface FeedPage {
  events: EpcisEvent[];
  /** The token that acknowledges this page; null when the page is empty. */
  ack: string | null;
}

/** The next page: whole rows from just past the cursor, until perPage events are reached. */
export async function feedPage(
  db: Db,
  base: string,
  codes: CodeMac,
  partner: Partner,
  perPage: number,
  now = new Date(),
): Promise<FeedPage> {
  const c = mapperContext(db, base, codes);
  const until = new Date(now.getTime() - FEED_SETTLE_MS).toISOString();
  const n = {
    log: and(
      eq(events.companyId, partner.companyId),
      inArray(events.action, [...EXPORTED_ACTIONS]),
      sql`${events.at} < ${until}::timestamptz`,
    ),
    recall: and(eq(recalls.companyId, partner.companyId), sql`${recalls.createdAt} < ${until}::timestamptz`),
  };
  const out: EpcisEvent[] = [];
  let last: Position | null = null;
  for await (const p of placedEvents(db, c, n, pastRow(ackedOf(partner)))) {
    const sameRow =
      last && last.micros === p.position.micros && last.source === p.position.source && last.id === p.position.id;
    if (out.length >= perPage && !sameRow) break;
    out.push(p.event);
    last = p.position;
  }
  return { events: out, ack: last ? await makeToken(db, { ...last, skip: 0 }, whose(partner), FEED_QUERY) : null };
}

const later = (a: Position, b: Position) =>
  a.micros !== b.micros ? a.micros > b.micros : a.source !== b.source ? a.source > b.source : a.id > b.id;

/** Moves the cursor to the page's end; a token of another partner or altered is refused (null). An
 *  old page acknowledged again leaves the cursor where it is. */
export async function acknowledge(db: Db, partner: Partner, token: string): Promise<Position | null> {
  const p = await readToken(db, token, whose(partner), FEED_QUERY);
  if (!p) return null;
  if (!later(p, ackedOf(partner))) return ackedOf(partner);
  await db
    .update(epcisPartners)
    .set({ ackedMicros: p.micros, ackedSource: p.source, ackedId: p.id, updatedAt: new Date() })
    .where(eq(epcisPartners.id, partner.id));
  return p;
}

/** The cursor as a time for the partners' list ('' before the first acknowledgement). */
export const ackedText = (p: Partner) => (p.ackedMicros ? microsText(p.ackedMicros) : '');
