// The read side of the EPCIS 2.0 REST binding (gs1/EPCIS, REST Bindings/openapi.yaml): GET /events
// with the standard query parameters and paging (nextPageToken in a Link header, rel="next"),
// GET /events/{eventID} and GET /epcs/{epc}/events, each an EPCISQueryDocument of the caller's
// company's events; a refused query is the binding's 400 problem.
import type { FastifyRequest } from 'fastify';
import { EPCIS_API } from '../../../shared/contracts/epcis.js';
import type { Caller } from '../../auth/actor.js';
import { mapperContext, type MapperContext } from '../../epcis/mapper-context.js';
import { START } from '../../epcis/order.js';
import { findEvent, pageOf } from '../../epcis/page.js';
import { makeToken, readToken } from '../../epcis/page-token.js';
import { eventMatches, narrowing, parseEventQuery, rowMayMatch, type EventQuery } from '../../epcis/query.js';
import type { Router } from '../../http/route.js';
import type { Ctx } from '../../http/handler.js';
import { badQuery, listed, notFound, sendDocument } from './answer.js';

/** Whom a page token is bound to: the caller's company (an admin's reach is every company). */
const whoseQuery = (caller: Caller) => (caller.isAdmin ? 'all' : `c${caller.companyId ?? 0}`);

const rawQuery = (req: FastifyRequest) => ({ ...(req.query as Record<string, unknown>) });

/** Serves one page of the query, with the Link to the next. */
async function answerQuery(
  ctx: Ctx<undefined, Caller>,
  c: MapperContext,
  q: EventQuery,
  linkQuery: Record<string, string>,
): Promise<undefined> {
  const { db, caller, reply, req, config } = ctx;
  const whose = whoseQuery(caller);
  const from = q.nextPageToken ? await readToken(db, q.nextPageToken, whose, q.key) : START;
  if (!from) {
    await badQuery(reply, 'The nextPageToken is not one this query gave.');
    return;
  }
  const page = await pageOf(db, c, narrowing(caller, q, c.ids), from, q.perPage, {
    matches: (e) => eventMatches(q, e),
    rowMay: (row) => rowMayMatch(q, c.ids, row),
  });
  const headers: Record<string, string> = {};
  if (page.next) {
    const params = new URLSearchParams({ ...linkQuery, perPage: String(q.perPage) });
    params.set('nextPageToken', await makeToken(db, page.next, whose, q.key));
    const path = req.url.split('?')[0]!;
    headers.link = `<${config.publicBaseUrl}${path}?${params.toString()}>; rel="next"`;
  }
  await sendDocument(reply, 'EPCISQueryDocument', listed(page.events), { headers });
  return undefined;
}

export function epcisQueryRoutes(r: Router) {
  r.serve(EPCIS_API.events, async (ctx) => {
    const raw = rawQuery(ctx.req);
    const parsed = parseEventQuery(raw);
    if ('problem' in parsed) return void (await badQuery(ctx.reply, parsed.problem));
    const c = mapperContext(ctx.db, ctx.config.publicBaseUrl, ctx.codes);
    const { nextPageToken: _t, perPage: _p, ...chosen } = raw as Record<string, string>;
    return answerQuery(ctx, c, parsed.query, chosen);
  });

  r.serve(EPCIS_API.epcEvents, async (ctx) => {
    const epc = ctx.params.epc ?? '';
    const c = mapperContext(ctx.db, ctx.config.publicBaseUrl, ctx.codes);
    if (!c.ids.read(epc)) return void (await notFound(ctx.reply, 'No EPC of ours has this identifier.'));
    // The EPC's events: wherever it is named (MATCH_anyEPC), narrowed by any other parameter given.
    const raw = rawQuery(ctx.req);
    const given = raw.MATCH_anyEPC;
    const parsed = parseEventQuery({ ...raw, MATCH_anyEPC: given === undefined ? epc : [given, epc] });
    if ('problem' in parsed) return void (await badQuery(ctx.reply, parsed.problem));
    const { nextPageToken: _t, perPage: _p, ...chosen } = raw as Record<string, string>;
    return answerQuery(ctx, c, parsed.query, chosen);
  });

  r.serve(EPCIS_API.event, async (ctx) => {
    const eventID = ctx.params.eventID ?? '';
    const c = mapperContext(ctx.db, ctx.config.publicBaseUrl, ctx.codes);
    const found = /^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/.test(eventID)
      ? await findEvent(ctx.db, c, narrowing(ctx.caller, { perPage: 1, key: '' }, c.ids), eventID)
      : null;
    if (!found) return void (await notFound(ctx.reply, 'No event of yours has this eventID.'));
    await sendDocument(ctx.reply, 'EPCISQueryDocument', listed([found]));
    return undefined;
  });
}
