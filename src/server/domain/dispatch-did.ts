// The dispatch's DID (DESIGN section 4): one the device took from a block it reserved beforehand
// (Product/UpdateIds, type DID), or, for a client that sends none, the next one of the caller's prefix,
// taken here. Either way under the lock of the prefix's DID counter, so two saves cannot both take or
// use one number, whatever its year.
import { and, eq, sql } from 'drizzle-orm';
import { makeSlipId, MAX_SLIP_NUMBER } from '../../shared/codes.js';
import { DISPATCH_MSG, didProblem } from '../../shared/contracts/floor/dispatch.js';
import { dispatches, idCounters } from '../db/schema.js';
import type { FloorSite } from './packing-common.js';
import type { Tx } from './ranges.js';
import { refuse } from './refusal.js';
import { slipYear } from './slip-ids.js';

export async function takeDid(tx: Tx, site: FloorSite, given: string): Promise<string> {
  const counter = and(
    eq(idCounters.prefix, site.prefix),
    eq(idCounters.type, 'DID'),
    eq(idCounters.companyId, site.companyId),
  );
  await tx
    .insert(idCounters)
    .values({ companyId: site.companyId, prefix: site.prefix, type: 'DID', last: 0 })
    .onConflictDoNothing();
  const [row] = await tx.select({ last: idCounters.last }).from(idCounters).where(counter).for('update');
  const last = row?.last ?? 0;
  if (!given) {
    if (last >= MAX_SLIP_NUMBER) refuse(DISPATCH_MSG.didExhausted);
    await tx
      .update(idCounters)
      .set({ last: last + 1, updatedAt: new Date() })
      .where(counter);
    return makeSlipId('DID', slipYear(), site.prefix, last + 1);
  }
  const did = didProblem(given, site.prefix, last);
  if ('message' in did) refuse(did.message);
  // A number is handed out once for every year: DID25KA00007 and DID26KA00007 are the same number.
  const [used] = await tx
    .select({ did: dispatches.did })
    .from(dispatches)
    .where(
      and(
        sql`${dispatches.did} like ${`DID__${site.prefix}%`}`,
        sql`cast(substring(${dispatches.did} from 8) as bigint) = ${did.number}`,
        eq(dispatches.companyId, site.companyId),
      ),
    )
    .limit(1);
  if (used) refuse(DISPATCH_MSG.didUsed(used.did));
  return did.did;
}
