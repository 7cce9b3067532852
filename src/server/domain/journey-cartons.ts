// The journey steps of cartons: a SID's packing, the TID it went into, the dispatch legs of either
// (dispatched, received, reported missing, taken back), a carton's damage and a replaced slip; and a
// DID's own steps. Read from the carton and dispatch tables (who packed, sent and received is on their
// rows) and the events about them (damage, replace and return are only there).
import { and, eq, inArray } from 'drizzle-orm';
import { dispatchCartons, products, secondaryCartons, tertiaryCartons } from '../db/schema.js';
import { eventsAbout, isAction, legsOf, returnOf, returnsAt, type LegRow, type LoggedEvent } from './journey-legs.js';
import { joined, pidOfRef, type Step } from './journey-steps.js';
import type { Tx } from './ranges.js';

export type SecondaryRow = typeof secondaryCartons.$inferSelect;
export type TertiaryRow = typeof tertiaryCartons.$inferSelect;

/** Whose journey the steps are told for: a pack in the SID, the SID itself, or the TID. */
export type View = 'pack' | 'sid' | 'tid';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function productNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map(
    (await tx.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, unique))).map(
      (p) => [p.id, p.name],
    ),
  );
}

function packingSteps(view: View, s: SecondaryRow | null, t: TertiaryRow | null, names: Map<number, string>): Step[] {
  const steps: Step[] = [];
  if (s) {
    steps.push({
      step: 'pack-secondary',
      at: s.createdAt,
      siteId: s.siteId,
      userId: s.createdBy,
      activity: view === 'pack' ? `Packed into ${s.sid}` : `Packed: ${plural(s.qty, 'pack')}`,
      detail: joined(names.get(s.productId), s.reason && `Not full: ${s.reason}`),
    });
  }
  if (t) {
    steps.push({
      step: 'pack-tertiary',
      at: t.createdAt,
      siteId: t.siteId,
      userId: t.createdBy,
      activity: view === 'tid' ? `Packed: ${plural(t.qty, 'carton')}` : `${s?.sid ?? 'Carton'} packed into ${t.tid}`,
      detail: joined(names.get(t.productId), t.reason && `Not full: ${t.reason}`, t.remark && `Remark: ${t.remark}`),
    });
  }
  return steps;
}

/** A leg's dispatch, receipt or missing report, and its return. */
function legSteps(view: View, l: LegRow, returned: LoggedEvent<'return'> | undefined, viewedId: string): Step[] {
  const { leg, d } = l;
  const travelling = leg.cartonId === viewedId ? '' : `In ${leg.cartonId}`;
  const atTarget = d.toSiteId !== null ? { siteId: d.toSiteId } : { place: l.toName };
  const steps: Step[] = [
    {
      step: 'dispatch',
      at: d.createdAt,
      siteId: d.fromSiteId,
      userId: d.createdBy,
      activity: `Dispatched on ${d.did} to ${l.toName}`,
      detail: joined(
        view === 'pack' ? `In ${leg.cartonId}` : travelling,
        `LR ${d.lr}`,
        d.remark && `Remark: ${d.remark}`,
      ),
    },
  ];
  const received =
    leg.state === 'received' || (leg.state === 'returned' && returned !== undefined && !returned.detail.transit);
  if (received && d.receivedAt) {
    steps.push({
      step: 'receive',
      at: d.receivedAt,
      ...atTarget,
      userId: d.receivedBy,
      activity: `Received at ${l.toName}`,
      detail: joined(`On ${d.did}`, travelling),
    });
  }
  if (leg.state === 'missing') {
    steps.push({
      step: 'missing',
      at: leg.endedAt ?? d.receivedAt ?? d.createdAt,
      ...atTarget,
      userId: d.receivedBy,
      activity: `Reported missing on ${d.did}`,
      detail: joined(`At ${l.toName}`, travelling),
    });
  }
  if (leg.state === 'returned') {
    steps.push({
      step: 'return',
      at: returned?.at ?? leg.endedAt ?? d.createdAt,
      siteId: returned?.siteId ?? d.fromSiteId,
      userId: returned?.userId ?? null,
      activity: `Taken back from ${d.did}${returned?.detail.transit ? ' in transit' : ''}`,
      detail: joined(travelling, returned && `Remark: ${returned.detail.remark}`),
    });
  }
  return steps;
}

/** Damage of the cartons, a replaced slip and, for the SID's own journey, its replaced pack codes. */
function eventSteps(view: View, all: readonly LoggedEvent[], ids: ReadonlySet<string>, viewedId: string): Step[] {
  const steps: Step[] = [];
  for (const e of all) {
    const where = { at: e.at, siteId: e.siteId, userId: e.userId };
    if (isAction(e, 'damage-carton') && ids.has(e.detail.cartonId)) {
      steps.push({
        ...where,
        step: 'damage-carton',
        activity: e.detail.cartonId === viewedId && view !== 'pack' ? 'Damaged' : `${e.detail.cartonId} damaged`,
        detail: joined(`Reason: ${e.detail.reason}`, view !== 'pack' && plural(e.detail.packs, 'pack')),
      });
    }
    if (isAction(e, 'replace') && e.detail.type === 'SID' && ids.has(e.detail.old)) {
      steps.push({ ...where, step: 'replace', activity: `Slip ${e.detail.old} replaced by ${e.detail.new}` });
    }
    if (isAction(e, 'replace') && e.detail.type === 'PID' && view === 'sid' && e.ref === viewedId) {
      steps.push({
        ...where,
        step: 'replace',
        activity: `Pack ${pidOfRef(e.detail.old)} replaced by ${pidOfRef(e.detail.new)}`,
      });
    }
  }
  return steps;
}

/** The journey of cartons: `s` and the TID it is in (`t`), or a TID alone, told for `view`. */
export async function cartonSteps(tx: Tx, view: View, s: SecondaryRow | null, t: TertiaryRow | null): Promise<Step[]> {
  const viewedId = view === 'tid' ? t!.tid : s!.sid;
  const ids = [s?.sid, t?.tid].filter((id): id is string => !!id);
  const companyId = (s ?? t)!.companyId;
  const legs = await legsOf(tx, companyId, ids);
  const logged = await eventsAbout(tx, companyId, [...ids, ...legs.map((l) => l.d.did)]);
  // A return from several dispatches has no ref: found by the time its legs ended.
  const unmatched = legs.filter(
    (l) => l.leg.state === 'returned' && l.leg.endedAt && !returnOf(logged, l.leg.cartonId, l.leg.did),
  );
  const all = [
    ...logged,
    ...(await returnsAt(
      tx,
      companyId,
      unmatched.map((l) => l.leg.endedAt!),
    )),
  ];
  const names = await productNames(
    tx,
    [s?.productId, t?.productId].filter((id): id is number => id !== undefined),
  );
  return [
    ...packingSteps(view, s, t, names),
    ...legs.flatMap((l) => legSteps(view, l, returnOf(all, l.leg.cartonId, l.leg.did), viewedId)),
    ...eventSteps(view, all, new Set(ids), viewedId),
  ];
}

/** The rows of the company's SID and the TID it is in. */
export async function secondaryChain(
  tx: Tx,
  companyId: number,
  sid: string,
): Promise<{ s: SecondaryRow | null; t: TertiaryRow | null }> {
  const [s] = await tx
    .select()
    .from(secondaryCartons)
    .where(and(eq(secondaryCartons.sid, sid), eq(secondaryCartons.companyId, companyId)));
  if (!s?.tid) return { s: s ?? null, t: null };
  const [t] = await tx
    .select()
    .from(tertiaryCartons)
    .where(and(eq(tertiaryCartons.tid, s.tid), eq(tertiaryCartons.companyId, companyId)));
  return { s, t: t ?? null };
}

/** A DID's own steps: sent (what, where), received (how many arrived and went missing), cartons taken back. */
export async function dispatchSteps(
  tx: Tx,
  d: LegRow['d'],
  names: { fromName: string; toName: string },
): Promise<Step[]> {
  const atTarget = d.toSiteId !== null ? { siteId: d.toSiteId } : { place: names.toName };
  const steps: Step[] = [
    {
      step: 'dispatch',
      at: d.createdAt,
      siteId: d.fromSiteId,
      userId: d.createdBy,
      activity: `Dispatched to ${names.toName}`,
      detail: joined(
        `${plural(d.cartons, 'carton')}, ${plural(d.packs, 'pack')}`,
        `LR ${d.lr}`,
        d.remark && `Remark: ${d.remark}`,
      ),
    },
  ];
  const logged = await eventsAbout(tx, d.companyId, [d.did]);
  const receipt = logged.find((e): e is LoggedEvent<'receive'> => isAction(e, 'receive'));
  if (d.receivedAt) {
    steps.push({
      step: 'receive',
      at: d.receivedAt,
      ...atTarget,
      userId: d.receivedBy,
      activity: `Received at ${names.toName}`,
      detail: receipt
        ? joined(
            `${plural(receipt.detail.received.length, 'carton')} arrived`,
            receipt.detail.missing.length > 0 && `${receipt.detail.missing.join(', ')} missing`,
          )
        : '',
    });
  }
  const returnedLegs = await tx
    .select({ endedAt: dispatchCartons.endedAt, cartonId: dispatchCartons.cartonId })
    .from(dispatchCartons)
    .where(
      and(
        eq(dispatchCartons.did, d.did),
        eq(dispatchCartons.companyId, d.companyId),
        eq(dispatchCartons.state, 'returned'),
      ),
    );
  // A return from several dispatches has no ref: found by the time its legs ended.
  const ended = returnedLegs.filter(
    (l) => l.endedAt && !logged.some((e) => isAction(e, 'return') && e.detail.cartons.includes(l.cartonId)),
  );
  const returns = [
    ...logged.filter((e): e is LoggedEvent<'return'> => isAction(e, 'return')),
    ...(await returnsAt(
      tx,
      d.companyId,
      ended.map((l) => l.endedAt!),
    )),
  ].filter((e) => e.detail.dids.includes(d.did));
  for (const r of returns) {
    const mine = r.detail.cartons.filter((c) => returnedLegs.some((l) => l.cartonId === c));
    steps.push({
      step: 'return',
      at: r.at,
      siteId: r.siteId,
      userId: r.userId,
      activity: `${plural(mine.length, 'carton')} taken back${r.detail.transit ? ' in transit' : ''}`,
      detail: joined(mine.join(', '), `Remark: ${r.detail.remark}`),
    });
  }
  return steps;
}
