// The EPCIS downloads: one EPCISDocument per dispatch (the Dispatch report's action), per batch (the
// Recall Trace's) and per date range, streamed as the events are read. Bad input and ids the caller
// cannot see answer the envelope's '400' with a message, as every other call of ours does.
import { warn } from '../../../shared/contracts/envelope.js';
import { EPCIS_API, EPCIS_MAX_RANGE_DAYS, EPCIS_MSG } from '../../../shared/contracts/epcis.js';
import { parseSlipId } from '../../../shared/codes.js';
import { batchDownload, dispatchDownload, rangeDownload, type Download } from '../../epcis/downloads.js';
import { mapperContext } from '../../epcis/mapper-context.js';
import { START } from '../../epcis/order.js';
import { placedEvents } from '../../epcis/stream.js';
import type { Ctx } from '../../http/handler.js';
import type { Caller } from '../../auth/actor.js';
import { INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { sendDocument } from './answer.js';

async function* eventsOf(ctx: Ctx<undefined, Caller>, d: Download) {
  const c = mapperContext(ctx.db, ctx.config.publicBaseUrl, ctx.codes);
  for await (const p of placedEvents(ctx.db, c, d.narrowing, START, { scope: d.scope })) yield p.event;
}

const DAY_MS = 86_400_000;
const isoDate = (s: string | undefined) => {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : d;
};
const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);

export function epcisDownloadRoutes(r: Router) {
  r.serve(EPCIS_API.dispatchDocument, async (ctx) => {
    const did = parseSlipId(ctx.query.DispatchId ?? '');
    if (!did || did.type !== 'DID') return warn(EPCIS_MSG.dispatch);
    const d = await dispatchDownload(ctx.db, ctx.caller, did.text);
    if (!d) return warn(EPCIS_MSG.dispatch);
    await sendDocument(ctx.reply, 'EPCISDocument', eventsOf(ctx, d), { file: `epcis-${did.text}` });
    return undefined;
  });

  r.serve(EPCIS_API.batchDocument, async (ctx) => {
    const productId = Number(ctx.query.ProductId);
    const batchNo = (ctx.query.BatchNo ?? '').trim();
    if (!Number.isSafeInteger(productId) || productId < 1 || !batchNo || batchNo.length > 50)
      return warn(INVALID_ARGUMENTS);
    const d = await batchDownload(ctx.db, ctx.caller, productId, batchNo);
    if (!d) return warn(EPCIS_MSG.batch);
    await sendDocument(ctx.reply, 'EPCISDocument', eventsOf(ctx, d), { file: `epcis-batch-${fileSafe(batchNo)}` });
    return undefined;
  });

  r.serve(EPCIS_API.rangeDocument, async (ctx) => {
    const from = isoDate(ctx.query.FromDate);
    const to = isoDate(ctx.query.ToDate);
    if (!from || !to || from > to) return warn(EPCIS_MSG.dates);
    if ((to.getTime() - from.getTime()) / DAY_MS + 1 > EPCIS_MAX_RANGE_DAYS) return warn(EPCIS_MSG.range);
    const d = rangeDownload(ctx.caller, from, new Date(to.getTime() + DAY_MS));
    const file = `epcis-${ctx.query.FromDate}-${ctx.query.ToDate}`;
    await sendDocument(ctx.reply, 'EPCISDocument', eventsOf(ctx, d), { file });
    return undefined;
  });
}
