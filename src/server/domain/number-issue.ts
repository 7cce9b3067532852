// Issue and stock of the preprinted series (DESIGN section 4): the admin issues a range to a company,
// the company accepts it whole as stock. Each rule runs inside the caller's transaction, after the
// series lock, so two issues cannot both pass the overlap check; a refusal (thrown) writes nothing.
import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import { flagOn } from '../../shared/contracts/list.js';
import { acceptedNoDelete, alreadyIssued, ISSUE_MSG } from '../../shared/contracts/numbers/issue.js';
import { acceptWhole, alreadyAccepted, STOCK_MSG } from '../../shared/contracts/numbers/stock.js';
import type { Caller } from '../auth/actor.js';
import { companies, numberIssues } from '../db/schema.js';
import { routeIssue, unrouteIssue } from './code-routes.js';
import { logEvent } from './event-log.js';
import { lockSeries, type Tx } from './ranges.js';
import { refuse } from './refusal.js';

export const PREPRINTED: Series = { kind: 'P', prefix: '' };

/** List columns both screens show: the quantity and the 0/1 accepted flag the spec calls IsActive. */
export const issueQty = sql<number>`${numberIssues.toNo} - ${numberIssues.fromNo} + 1`.mapWith(Number);
export const acceptedFlag = sql<0 | 1>`case when ${numberIssues.acceptedAt} is null then 0 else 1 end`.mapWith(Number);

/** The list request's IsAccepted: accepted (1) or pending (0) issues only; absent, both. */
export function acceptedFilter(flag: boolean | number | string | null | undefined): SQL | undefined {
  return flag === null || flag === undefined
    ? undefined
    : sql`(${numberIssues.acceptedAt} is not null) = ${flagOn(flag)}`;
}

/** Who issues, deletes or accepts: issuing is the admin's; stock is the caller's company's. */
export type IssueActor = Pick<Caller, 'userId' | 'isAdmin' | 'companyId' | 'siteId'>;

export interface IssueInput {
  companyId: number;
  from: number;
  to: number;
  salesOrderNo: string;
}

/** The first number never issued: one past the highest issued (issues only grow), 1 when none. */
export async function nextIssueFrom(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${numberIssues.toNo}), 0) + 1`.mapWith(Number) })
    .from(numberIssues);
  return row?.n ?? 1;
}

/** The issued range overlapping from..to, if any: the one starting last at or before `to` (one index probe). */
async function issueClash(tx: Tx, from: number, to: number) {
  const [row] = await tx
    .select({
      fromNo: numberIssues.fromNo,
      toNo: numberIssues.toNo,
      salesOrderNo: numberIssues.salesOrderNo,
      company: companies.name,
    })
    .from(numberIssues)
    .innerJoin(companies, eq(companies.id, numberIssues.companyId))
    .where(lte(numberIssues.fromNo, to))
    .orderBy(desc(numberIssues.fromNo))
    .limit(1);
  return row && row.toNo >= from ? row : undefined;
}

/** Issues from..to to the company; answers the issue's id. */
export async function issueNumbers(tx: Tx, actor: IssueActor, input: IssueInput): Promise<number> {
  if (!actor.isAdmin) refuse(ISSUE_MSG.adminOnly);
  await lockSeries(tx, PREPRINTED);
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, input.companyId), eq(companies.isActive, true)));
  if (!company) refuse(ISSUE_MSG.companyNotFound);
  const hit = await issueClash(tx, input.from, input.to);
  if (hit) {
    refuse(
      alreadyIssued(
        Math.max(input.from, hit.fromNo),
        Math.min(input.to, hit.toNo),
        hit.company,
        hit.salesOrderNo,
        hit.fromNo,
        hit.toNo,
      ),
    );
  }
  const [row] = await tx
    .insert(numberIssues)
    .values({
      companyId: input.companyId,
      fromNo: input.from,
      toNo: input.to,
      salesOrderNo: input.salesOrderNo,
      createdBy: actor.userId,
    })
    .returning({ id: numberIssues.id });
  await routeIssue(tx, { from: input.from, to: input.to, companyId: input.companyId });
  await logEvent(tx, {
    action: 'issue',
    userId: actor.userId,
    companyId: input.companyId,
    series: PREPRINTED,
    fromNo: input.from,
    toNo: input.to,
    ref: String(row!.id),
    detail: { salesOrderNo: input.salesOrderNo },
  });
  return row!.id;
}

/** Deletes an issue the company has not accepted yet (accepted numbers may be mapped already). */
export async function deleteIssue(tx: Tx, actor: IssueActor, id: number): Promise<void> {
  if (!actor.isAdmin) refuse(ISSUE_MSG.adminOnly);
  await lockSeries(tx, PREPRINTED);
  const [issue] = await tx.select().from(numberIssues).where(eq(numberIssues.id, id));
  if (!issue) refuse(ISSUE_MSG.notFound);
  if (issue.acceptedAt) refuse(acceptedNoDelete(issue.fromNo, issue.toNo));
  await tx.delete(numberIssues).where(and(eq(numberIssues.id, id), eq(numberIssues.companyId, issue.companyId)));
  await unrouteIssue(tx, issue.fromNo);
  await logEvent(tx, {
    action: 'issue-delete',
    userId: actor.userId,
    companyId: issue.companyId,
    series: PREPRINTED,
    fromNo: issue.fromNo,
    toNo: issue.toNo,
    ref: String(id),
    detail: { salesOrderNo: issue.salesOrderNo },
  });
}

export interface AcceptInput {
  stockId: number;
  from: number;
  to: number;
}

/** Accepts an issued range as the company's stock: the whole range, once. The admin may accept for
 *  any company; a non-admin without a company has no stock at all. */
export async function acceptStock(tx: Tx, actor: IssueActor, input: AcceptInput): Promise<void> {
  if (!actor.isAdmin && actor.companyId === null) refuse(STOCK_MSG.notFound);
  await lockSeries(tx, PREPRINTED);
  const [issue] = await tx
    .select()
    .from(numberIssues)
    .where(
      and(eq(numberIssues.id, input.stockId), actor.isAdmin ? undefined : eq(numberIssues.companyId, actor.companyId!)),
    );
  if (!issue) refuse(STOCK_MSG.notFound);
  if (issue.acceptedAt) refuse(alreadyAccepted(issue.fromNo, issue.toNo));
  if (issue.fromNo !== input.from || issue.toNo !== input.to) refuse(acceptWhole(issue.fromNo, issue.toNo));
  await tx
    .update(numberIssues)
    .set({ acceptedAt: new Date(), acceptedBy: actor.userId })
    .where(eq(numberIssues.id, issue.id));
  await logEvent(tx, {
    action: 'accept',
    userId: actor.userId,
    companyId: issue.companyId,
    siteId: actor.siteId,
    series: PREPRINTED,
    fromNo: issue.fromNo,
    toNo: issue.toNo,
    ref: String(issue.id),
    detail: { salesOrderNo: issue.salesOrderNo },
  });
}
