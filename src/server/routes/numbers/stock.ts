// Stock Management (spec 2 section 7 'Stock'): the ranges issued to the caller's company (every
// company's for the admin) and their acceptance. Another company's stock answers as not found.
import { eq } from 'drizzle-orm';
import { ok } from '../../../shared/contracts/envelope.js';
import { STOCK_API, STOCK_LIST, STOCK_MSG } from '../../../shared/contracts/numbers/stock.js';
import { companyScope } from '../../auth/scope.js';
import { companies, numberIssues } from '../../db/schema.js';
import { acceptedFilter, acceptedFlag, acceptStock, issueQty } from '../../domain/number-issue.js';
import type { Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

const fields = {
  StockId: numberIssues.id,
  FrmNo: numberIssues.fromNo,
  ToNo: numberIssues.toNo,
  IssueQty: issueQty,
  IsActive: acceptedFlag,
  CreatedDate: numberIssues.createdAt,
  CompanyName: companies.name,
};

export function stockRoutes(r: Router) {
  serveList(r, STOCK_LIST, {
    fields,
    from: (db, f) =>
      db.select(f).from(numberIssues).innerJoin(companies, eq(companies.id, numberIssues.companyId)).$dynamic(),
    scope: (caller) => companyScope(caller, numberIssues.companyId),
    filter: (body) => acceptedFilter(body.IsAccepted),
    search: [numberIssues.fromNo, numberIssues.toNo, companies.name],
    key: numberIssues.id,
  });

  r.serve(STOCK_API.accept, ({ db, body, caller }) =>
    db.transaction(async (tx) => {
      await acceptStock(tx, caller, { stockId: body.StockId, from: body.FrmNo, to: body.ToNo });
      return ok(null, STOCK_MSG.accepted);
    }),
  );
}
