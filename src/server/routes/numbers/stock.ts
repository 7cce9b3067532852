// Stock Management (spec 2 section 7 'Stock'): the ranges issued to the caller's company (every
// company's for the admin) and their acceptance. Another company's stock answers as not found.
import { eq } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { STOCK_API, STOCK_MSG } from '../../../shared/contracts/numbers/stock.js';
import { companyScope } from '../../auth/scope.js';
import { companies, numberIssues } from '../../db/schema.js';
import { acceptedFilter, acceptedFlag, acceptStock, issueQty } from '../../domain/number-issue.js';
import type { Router } from '../../http/route.js';
import { applyList, ListError, totalRows, type ListDef } from '../../list/list-query.js';

const fields = {
  StockId: numberIssues.id,
  FrmNo: numberIssues.fromNo,
  ToNo: numberIssues.toNo,
  IssueQty: issueQty,
  IsActive: acceptedFlag,
  CreatedDate: numberIssues.createdAt,
  CompanyName: companies.name,
};

const listDef: ListDef = {
  sort: fields,
  search: [numberIssues.fromNo, numberIssues.toNo, companies.name],
  defaultSort: 'CreatedDate',
  tiebreak: numberIssues.id,
};

export function stockRoutes(r: Router) {
  r.serve(STOCK_API.list, async ({ db, body, caller }) => {
    const q = db.select({ ...fields, TotalRows: totalRows() }).from(numberIssues)
      .innerJoin(companies, eq(companies.id, numberIssues.companyId)).$dynamic();
    try {
      return ok(await applyList(q, listDef, body, [companyScope(caller, numberIssues.companyId), acceptedFilter(body.IsAccepted)]));
    } catch (e) {
      if (e instanceof ListError) return warn(e.message);
      throw e;
    }
  });

  r.serve(STOCK_API.accept, ({ db, body, caller }) => db.transaction(async (tx) => {
    await acceptStock(tx, caller, { stockId: body.StockId, from: body.FrmNo, to: body.ToNo });
    return ok(null, STOCK_MSG.accepted);
  }));
}
