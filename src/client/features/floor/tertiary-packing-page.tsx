// Tertiary Packing (spec 2 sections 2, 4, 5, 7): loose secondary cartons of one product into a
// tertiary carton, closed by scanning its TID slip; newer stock before older needs an approval remark.
import { PACKING_API, PACKING_MSG, TERTIARY_LIST, type TertiaryRow } from '@shared/contracts/floor/packing.js';
import { PAGE } from '@shared/pages.js';
import { formatDate, listColumns } from '../../kit/columns.js';
import { REPORT_PAGE_SIZES } from '../../kit/paging.js';
import type { ResourceDef } from '../../kit/resource-section.js';
import { cartonProduct, checkCarton, type CartonRow } from '../../floor/packing/scan-rules.js';
import { tertiaryLabel } from '../../floor/packing/packing-work.js';
import { PackingScreen, type PackingDef } from './packing/packing-screen.js';

const history: ResourceDef<TertiaryRow> = {
  page: PAGE.tertiaryPacking,
  idField: 'TertiaryCartonId',
  list: {
    path: PACKING_API.tertiaryList.path,
    pageSizes: REPORT_PAGE_SIZES,
    defaultPageSize: 10,
    columns: listColumns<TertiaryRow>(TERTIARY_LIST),
  },
};

export const tertiaryPacking: PackingDef<CartonRow, typeof PACKING_API.tertiarySave> = {
  screen: 'tertiary-packing',
  page: PAGE.tertiaryPacking,
  slipType: 'TID',
  slipTitle: PACKING_MSG.tertiarySlipTitle,
  scanLabel: 'Scan cartons',
  endpoint: PACKING_API.tertiarySave,
  check: checkCarton,
  sizeKind: 'tertiary',
  productOf: cartonProduct,
  rowKey: (r) => r.CartonId,
  rowView: (r) => ({
    main: r.CartonId,
    detail: `${r.Qty} · MFG ${formatDate(r.MFGDate)} · EXP ${formatDate(r.EXPDate)}`,
  }),
  added: (r) => `${r.CartonId} added`,
  payload: (c, slip) => ({
    cartonMasterId: c.sizeId ?? 0,
    scanned: c.rows.map((r) => ({
      CartonId: r.CartonId,
      ProductName: r.ProductName,
      ProductId: r.ProductId,
      BatchNo: r.BatchNo,
      Qty: r.Qty,
      MFGDate: r.MFGDate,
      EXPDate: r.EXPDate,
    })),
    remark: c.remark,
    reason: c.reason,
    CartonName: slip,
  }),
  label: (slip, c) => tertiaryLabel(slip, c.rows.length),
  history: history as ResourceDef<never>,
};

export default function TertiaryPackingPage() {
  return <PackingScreen def={tertiaryPacking} />;
}
