// Bulk mapping (DESIGN section 4): every row of a read sheet through the one mapping rule, in the
// caller's transaction. Every row is tried even after a failure, so the refusal names every bad row
// (ErrorList, the spec's shape); rows see the rows above them, so an overlap inside the sheet is
// refused like any other. One bad row and the transaction rolls back: nothing is mapped.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import { addDays } from '../../shared/contracts/numbers/fields.js';
import { SHEET_MSG, type SheetErrorRow, type SheetRefused } from '../../shared/contracts/numbers/mapping-upload.js';
import type { Caller } from '../auth/actor.js';
import { products } from '../db/schema.js';
import { labelNotice, mapRange, type LabelSetting, type MapInput } from './mapping.js';
import { checkRow, errorRow, type SheetRead, type SheetRow } from './mapping-sheet.js';
import { lockSeries, type Tx } from './ranges.js';
import { refuse, Refusal } from './refusal.js';

type Product = { id: number; code: string; life: number; gtin: string | null };

/** Product codes of the caller's company (case-insensitive, as they are unique), with their shelf life. */
async function productsByCode(tx: Tx, companyId: number, rows: SheetRow[]): Promise<Map<string, Product>> {
  const codes = [
    ...new Set(
      rows
        .map((r) => r.cells.productCode)
        .filter((c) => c !== null)
        .map((c) => String(c).toLowerCase()),
    ),
  ];
  const found =
    codes.length === 0
      ? []
      : await tx
          .select({ id: products.id, code: products.code, life: products.bestBeforeDays, gtin: products.gtin })
          .from(products)
          .where(and(eq(products.companyId, companyId), inArray(sql`lower(${products.code})`, codes)));
  return new Map(found.map((p) => [p.code.toLowerCase(), p]));
}

/** The row as the mapping rule's input, or its refusal. */
function rowInput(row: SheetRow, series: Series, byCode: Map<string, Product>, date1904: boolean): MapInput {
  const code = row.cells.productCode;
  if (row.refused) refuse(row.refused);
  if (code === null) refuse(SHEET_MSG.productRequired);
  const product = byCode.get(String(code).toLowerCase());
  if (!product) refuse(SHEET_MSG.unknownProduct(String(code)));
  const b = checkRow(row, product.id, series.kind === 'P', date1904);
  return {
    series,
    fromNo: b.FromNo,
    toNo: b.ToNo,
    productId: b.ProductId,
    batchNo: b.BatchNo,
    mfgDate: b.MFGDate,
    expDate: b.EXPDate ?? addDays(b.MFGDate, product.life),
    mrp: b.Mrp,
    remark: b.Remark,
  };
}

/** Maps every row of the sheet (the series already checked for the caller); answers the new mappings' ids
 *  and, once per batch, what to tell the user of batches a Digital Link cannot carry (mapping.ts labelNotice). */
export async function mapSheet(
  tx: Tx,
  caller: Caller,
  series: Series,
  sheet: SheetRead,
  labels: LabelSetting,
): Promise<{ ids: number[]; notices: string[] }> {
  const byCode = await productsByCode(tx, caller.companyId!, sheet.rows);
  await lockSeries(tx, series);
  const errors: SheetErrorRow[] = [];
  const ids: number[] = [];
  const notices = new Set<string>();
  for (const row of sheet.rows) {
    try {
      const input = rowInput(row, series, byCode, sheet.date1904);
      ids.push((await mapRange(tx, caller, input)).id);
      const gtin = byCode.get(String(row.cells.productCode).toLowerCase())?.gtin ?? null;
      const notice = labelNotice(labels, series, gtin, input.batchNo);
      if (notice) notices.add(notice);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      errors.push(errorRow(row, e.message));
    }
  }
  if (errors.length) throw new Refusal(SHEET_MSG.invalid, [], { ErrorList: errors } satisfies SheetRefused);
  return { ids, notices: [...notices] };
}
