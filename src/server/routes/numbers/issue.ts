// Number Issued (spec 2 section 7 'Issue number'): the admin's list of issued ranges, a new issue, the
// delete of one not yet accepted and the next From number. The page is hidden (admin only), and the
// writes check isAdmin too, in case a non-admin is ever given the page.
import { eq } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { ISSUE_API, ISSUE_LIST, ISSUE_MSG } from '../../../shared/contracts/numbers/issue.js';
import { companyScope } from '../../auth/scope.js';
import { companies, numberIssues } from '../../db/schema.js';
import {
  acceptedFilter,
  acceptedFlag,
  deleteIssue,
  issueNumbers,
  issueQty,
  nextIssueFrom,
} from '../../domain/number-issue.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

const fields = {
  IssueId: numberIssues.id,
  CompanyId: numberIssues.companyId,
  CompanyName: companies.name,
  FrmNo: numberIssues.fromNo,
  ToNo: numberIssues.toNo,
  IssueQty: issueQty,
  SalesOrderNo: numberIssues.salesOrderNo,
  CreatedDate: numberIssues.createdAt,
  IsActive: acceptedFlag,
};

export function issueNumberRoutes(r: Router) {
  // IsAccepted filters to accepted (1) or pending (0) issues when sent.
  serveList(r, ISSUE_LIST, {
    fields,
    from: (db, f) =>
      db.select(f).from(numberIssues).innerJoin(companies, eq(companies.id, numberIssues.companyId)).$dynamic(),
    scope: (caller) => companyScope(caller, numberIssues.companyId),
    filter: (body) => acceptedFilter(body.IsAccepted),
    search: [companies.name, numberIssues.salesOrderNo, numberIssues.fromNo, numberIssues.toNo],
    key: numberIssues.id,
  });

  r.serve(ISSUE_API.create, ({ db, body, caller }) =>
    db.transaction(async (tx) => {
      await issueNumbers(tx, caller, {
        companyId: body.CompanyId,
        from: body.FrmNo,
        to: body.ToNo,
        salesOrderNo: body.SalesOrderNo,
      });
      return ok(null, ISSUE_MSG.created);
    }),
  );

  r.serve(ISSUE_API.remove, async ({ db, params, caller }) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    await db.transaction((tx) => deleteIssue(tx, caller, id));
    return ok(null, ISSUE_MSG.deleted);
  });

  r.serve(ISSUE_API.fromNumber, async ({ db }) => ok({ FrmNo: await nextIssueFrom(db) }));
}
