// The file of a reserved block of slip ids: an A4 sheet of 4 x 8 QR labels, single 90 x 70 mm labels,
// or a CSV (spec 2 section 9). Built from exactly the block the server reserved, never from the form.
import { makeSlipId } from '@shared/codes.js';
import { toCsv } from '@shared/csv.js';
import { SLIP_TYPE_NAME, type ReservedIds } from '@shared/contracts/numbers/slip-ids.js';
import { labelSheet, type SheetLayout } from '../../../print/label-sheet.js';

export const CSV_COLUMNS = ['Carton Id', 'Type'] as const;

/** The ids FromNo..ToNo of a reservation, in order. */
export function reservedIds(r: ReservedIds): string[] {
  return Array.from({ length: r.ToNo - r.FromNo + 1 }, (_, i) => makeSlipId(r.Type, r.Year, r.Prefix, r.FromNo + i));
}

/** 'SID26KA00001-SID26KA00032.pdf' (one id alone when the block is one slip). */
export function slipFileName(r: ReservedIds, ext: 'pdf' | 'csv'): string {
  return `${r.FirstId === r.LastId ? r.FirstId : `${r.FirstId}-${r.LastId}`}.${ext}`;
}

/** Each label: the id as QR text, the id and the type name written under it. */
export function slipPdf(r: ReservedIds, layout: SheetLayout): Promise<ArrayBuffer> {
  const name = SLIP_TYPE_NAME[r.Type];
  return labelSheet(
    reservedIds(r).map((id) => ({ qr: id, lines: [id, name] })),
    layout,
  );
}

export function slipCsv(r: ReservedIds): string {
  const name = SLIP_TYPE_NAME[r.Type];
  return toCsv(
    reservedIds(r).map((id) => ({ id })),
    [
      { title: CSV_COLUMNS[0], key: 'id' },
      { title: CSV_COLUMNS[1], value: () => name },
    ],
  );
}
