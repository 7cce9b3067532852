// Test data for Number Issued and Stock Management: request bodies, issues written straight to the
// database (accepted or not), and a signed-in user of a company with the pages given.
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import { numberIssues } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/connect.js';
import { insertCompany, insertUser, unique } from './factories.js';
import type { TestApp } from './server-app.js';

/** A CreateIssueNumber body for from..to (the quantity follows unless overridden). */
export function issueBody(
  companyId: number,
  from: number,
  to: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    CompanyId: companyId,
    FrmNo: from,
    ToNo: to,
    IssueQty: to - from + 1,
    SalesOrderNo: unique('SO-'),
    ...overrides,
  };
}

/** A CreateStockManagement body accepting from..to of the issue `stockId`. */
export function acceptBody(
  stockId: number,
  from: number,
  to: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { StockId: stockId, FrmNo: from, ToNo: to, IssueQty: to - from + 1, ...overrides };
}

export async function insertIssue(db: Db, companyId: number, from: number, to: number, accepted = false) {
  const [row] = await db
    .insert(numberIssues)
    .values({
      companyId,
      fromNo: from,
      toNo: to,
      salesOrderNo: unique('SO-'),
      ...(accepted ? { acceptedAt: new Date() } : {}),
    })
    .returning();
  return row!;
}

export interface CompanyUser {
  token: string;
  userId: number;
  companyId: number;
  companyName: string;
}

/** A new company and a factory user of it holding `pages`. */
export async function insertCompanyUser(t: TestApp, pages: string[]): Promise<CompanyUser> {
  const company = await insertCompany(t.db);
  const u = await insertUser(t.db, { companyId: company.id, userType: USER_TYPE.factory, pages });
  return {
    token: (await t.signIn(u.email, u.password)).token,
    userId: u.id,
    companyId: company.id,
    companyName: company.name,
  };
}
