// Pick Lucky Users (spec 3 section 2): distinct verifiers (a mobile number is one person) of genuine
// packs of the product, in the state, between the dates (India's days, both included), drawn at
// random; each person at most once however often they verified.
import { sql } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { LUCKY_API, LUCKY_MSG, type LuckyRow } from '../../../shared/contracts/loyalty/lucky.js';
import { VERIFY_CODE } from '../../../shared/contracts/public/verify.js';
import { COMPANY_TIME_ZONE } from '../../../shared/today.js';
import { companyScope } from '../../auth/scope.js';
import { products, states, verifications } from '../../db/schema.js';
import { rowsOf } from '../../domain/sql-rows.js';
import type { Router } from '../../http/route.js';

export function luckyRoutes(r: Router) {
  r.serve(LUCKY_API.pick, async ({ db, caller, body }) => {
    const v = verifications;
    const from = sql`(${body.FromDate}::date)::timestamp at time zone ${COMPANY_TIME_ZONE}`;
    const to = sql`(${body.ToDate}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE}`;
    const rows = rowsOf<LuckyRow & { pool: number }>(
      await db.execute(sql`
      with people as (
        select ${v.mobile} as mobile, max(${v.name}) as name, max(${v.at}) as at,
          (array_agg(${v.feedback} order by ${v.at} desc) filter (where ${v.feedback} is not null))[1] as feedback
        from ${v}
        join ${states} st on st.id = ${body.Location} and lower(st.name) = lower(${v.state})
        where ${v.productId} = ${body.ProductId} and ${v.result} = ${VERIFY_CODE.genuine} and ${v.mobile} is not null
          and ${v.at} >= ${from} and ${v.at} < ${to} and ${companyScope(caller, v.companyId) ?? sql`true`}
        group by ${v.mobile}
      )
      select p.name as "ProductName", coalesce(people.name, '') as "Name", coalesce(people.feedback, '') as "Feedback",
        people.mobile as "MobileNo", people.at as "VerifiedDate", count(*) over () as pool
      from people join ${products} p on p.id = ${body.ProductId}
      order by random() limit ${body.Qty}`),
    );
    if (rows.length === 0) return warn(LUCKY_MSG.none);
    const pool = Number(rows[0]!.pool);
    return ok(
      rows.map(({ pool: _pool, VerifiedDate, ...row }) => ({
        ...row,
        VerifiedDate: new Date(VerifiedDate).toISOString(),
      })),
      LUCKY_MSG.picked(rows.length, pool),
    );
  });
}
