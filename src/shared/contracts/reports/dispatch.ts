// The dispatch reports (spec 3): Dispatch (with the invoice to print), Dispatch Receive, Missing
// Carton, Return and the Item Ledger. The Return report's paths are not shown in the spec; ours
// follow the same style (docs/api.md).
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { dateText } from '../answer.js';
import { rowTable } from '../list-contract.js';
import { col, reportContract } from './report.js';

const text = z.string().nullable();

export const DISPATCH_REPORT = reportContract({
  page: PAGE.dispatchReport,
  list: 'DispatchReport/GetDispatchReport',
  export: 'DispatchReport/GetReportExportDispatch',
  // CartonId: the dispatch's id again, as the spec's dispatch rows and invoice name it (its default sort).
  row: z.object({
    DispatchId: z.string(),
    CreatedDt: dateText,
    FromWareHouse: z.string(),
    Name: z.string(),
    CartonId: z.string(),
  }),
  columns: [
    col('DispatchId', 'Dispatch No'),
    col('CreatedDt', 'Date', { format: 'datetime' }),
    col('FromWareHouse', 'By Factory/Warehouse', { sortable: false }),
    col('Name', 'To Customer'),
  ],
  defaultSort: 'DispatchId',
  // Spec 3 section 9 sorts Dispatch by CartonId, which its rows fill with the dispatch's id.
  sortAliases: { CartonId: 'DispatchId' },
  file: 'Dispatch Packing report',
});

/** GetDispatchToPrint: the row's dispatch invoice (the floor's invoice data), for the PDF. */
export const dispatchPrintRequest = z
  .object({ DispatchId: z.string().trim().min(1, 'Invalid Arguments').max(20, 'Invalid Arguments') })
  .loose();
export const DISPATCH_PRINT = postEndpoint(
  'DispatchReport/GetDispatchToPrint',
  { pages: [PAGE.dispatchReport] },
  dispatchPrintRequest,
  z.unknown(),
);

/** A received dispatch, one row per product it carried. */
export const DISPATCH_RECEIVE_REPORT = reportContract({
  page: PAGE.dispatchReceiveReport,
  list: 'DispatchReport/GetDispatchRecReport',
  export: 'DispatchReport/GetDispatchRecExport',
  row: z.object({
    DispatchId: z.string(),
    ProductName: z.string(),
    Quantity: z.number(),
    DispatchDate: dateText,
    ReceivedBy: z.string(),
    ReceiveDate: dateText,
  }),
  columns: [
    col('DispatchId', 'Dispatch No'),
    col('ProductName', 'Product Name'),
    col('Quantity', 'Quantity'),
    col('DispatchDate', 'Dispatch Date', { format: 'datetime' }),
    col('ReceivedBy', 'ReceivedBy'),
    col('ReceiveDate', 'Receive Date', { format: 'datetime' }),
  ],
  defaultSort: 'DispatchId',
  file: 'Dispatch Receive report',
});

/** Cartons a receiver reported missing from a dispatch. */
export const MISSING_CARTON_REPORT = reportContract({
  page: PAGE.missingCartonReport,
  list: 'MissingCartonRpt/GetMissingCartonReport',
  export: 'MissingCartonRpt/GetMissingCartonExport',
  row: z.object({ DispatchId: z.string(), TertiaryCartonId: z.string(), CreatedDt: dateText }),
  columns: [
    col('DispatchId', 'Dispatch Id'),
    col('TertiaryCartonId', 'Carton'),
    col('CreatedDt', 'Carton Created Date', { format: 'datetime' }),
  ],
  defaultSort: 'CreatedDt',
  file: 'Missing Carton Report',
  pageSizes: [5, 10, 50, 200, 500],
});

/** A carton taken back (Carton Return): where it was accepted and where from. */
export const RETURN_REPORT = reportContract({
  page: PAGE.returnReport,
  list: 'ReturnReport/GetReturnReport',
  export: 'ReturnReport/GetReturnExport',
  row: z.object({
    Cartonid: z.string(),
    AcceptedWarehouse: z.string(),
    ReturnedFrom: z.string(),
    remark: z.string(),
    returnDate: dateText,
  }),
  columns: [
    col('Cartonid', 'Carton Id'),
    col('AcceptedWarehouse', 'Accepted Warehouse'),
    col('ReturnedFrom', 'Returned From'),
    col('remark', 'Remarks'),
    col('returnDate', 'Return Date', { format: 'datetime' }),
  ],
  defaultSort: 'returnDate',
  // Spec 3 section 9: the others default to CreatedDt; a return's is its return date.
  sortAliases: { CreatedDt: 'returnDate' },
  file: 'Return report',
});

/** Every carton's dispatch legs: from where, to whom, received when, how it stands. */
export const ITEM_LEDGER_REPORT = reportContract({
  page: PAGE.itemLedger,
  list: 'ItemLedgerReport/GetReport',
  export: 'ItemLedgerReport/GetExport',
  row: z.object({
    ProductName: z.string(),
    TotalQty: z.number(),
    TertiaryCartonId: z.string(),
    CreatedDt: dateText,
    ReceivedDt: dateText.nullable(),
    CurrentStatus: z.string(),
    Cfrom: z.string(),
    CTo: z.string(),
    Remark: text,
  }),
  columns: [
    col('ProductName', 'Product'),
    col('TotalQty', 'Total Qty'),
    col('TertiaryCartonId', 'Carton Id'),
    col('CreatedDt', 'Dispatch Date', { format: 'datetime' }),
    col('ReceivedDt', 'Received Date', { format: 'datetime' }),
    col('CurrentStatus', 'Status'),
    col('Cfrom', 'Dispatched From'),
    col('CTo', 'Dispatched To'),
    col('Remark', 'Remark'),
  ],
  defaultSort: 'CreatedDt',
  file: 'Item Ledger report',
});

/** The SAP Data report: each master's row count and last change (a GET, not paged). */
export const sapRow = z.object({ MasterName: z.string(), Count: z.number(), LastUpdated: dateText.nullable() });
export const SAP_REPORT = getEndpoint('SAPMaster/GetSAPDataReport', { pages: [PAGE.sapdataReport] }, z.array(sapRow), {
  reads: 'standby',
});
export type SapRow = z.infer<typeof sapRow>;
/** Not paged: one row per master, drawn and exported as 'SAP Data Report' with these columns. */
export const SAP_TABLE = rowTable(sapRow, [
  col('MasterName', 'Master Name'),
  col('Count', 'Data Count'),
  col('LastUpdated', 'Last Update Stamp', { format: 'date' }),
]);
