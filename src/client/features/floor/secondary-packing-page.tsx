// Secondary Packing (spec 2 sections 2, 4, 5, 7): packs of one product into a secondary carton, closed
// by scanning its SID slip. A declaration on the packing screen machinery.
import { PACKING_API, PACKING_MSG, SECONDARY_LIST, type SecondaryRow } from '@shared/contracts/floor/packing.js';
import { PAGE } from '@shared/pages.js';
import { formatDate, listColumns } from '../../kit/columns.js';
import { REPORT_PAGE_SIZES } from '../../kit/paging.js';
import type { ResourceDef } from '../../kit/resource-section.js';
import { checkPack, packProduct, type PackRow } from '../../floor/packing/scan-rules.js';
import { secondaryLabel } from '../../floor/packing/packing-work.js';
import { PackingScreen, type PackingDef } from './packing/packing-screen.js';

const history: ResourceDef<SecondaryRow> = {
  page: PAGE.secondaryPacking,
  idField: 'CartonId',
  list: {
    path: PACKING_API.secondaryList.path,
    pageSizes: REPORT_PAGE_SIZES,
    defaultPageSize: 10,
    columns: listColumns<SecondaryRow>(SECONDARY_LIST),
  },
};

export const secondaryPacking: PackingDef<PackRow, typeof PACKING_API.secondarySave> = {
  screen: 'secondary-packing',
  page: PAGE.secondaryPacking,
  slipType: 'SID',
  slipTitle: PACKING_MSG.secondarySlipTitle,
  scanLabel: 'Scan items',
  endpoint: PACKING_API.secondarySave,
  check: checkPack,
  sizeKind: 'secondary',
  productOf: packProduct,
  rowKey: (r) => r.key,
  rowView: (r) => ({ main: r.VisibleNo, detail: `${r.ProductName} · ${r.BatchNo} · ${formatDate(r.MFGDate)}` }),
  added: (r) => `${r.VisibleNo} added`,
  payload: (c, slip) => ({
    cartonMasterId: c.sizeId ?? 0,
    scanned: c.rows.map(({ UID, VisibleNo, BatchNo, ProductName, MFGDate, EXPDate, SeqNo }) => ({
      UID,
      VisibleNo,
      BatchNo,
      ProductName,
      MFGDate,
      EXPDate,
      SeqNo,
    })),
    reason: c.reason,
    CartonName: slip,
  }),
  label: (slip, c) => secondaryLabel(slip, c.rows.length),
  history: history as ResourceDef<never>,
};

export default function SecondaryPackingPage() {
  return <PackingScreen def={secondaryPacking} />;
}
