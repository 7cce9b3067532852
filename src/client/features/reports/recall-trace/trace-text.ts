// What the Recall Trace screen and its export say of a trace: the words for where a carton is, the
// sections' columns, and the CSV (one file, a titled block per section, every cell sanitised).
import type {
  TraceAnswer,
  TraceCarton,
  TraceDispatch,
  TracePlace,
  TraceRange,
  TraceVerification,
  TraceWhere,
} from '@shared/contracts/recall.js';
import { VERIFY_CODE } from '@shared/contracts/public/verify-rules.js';
import { formatDate } from '@shared/cell-format.js';
import { csvLine, toCsv, type CsvColumn } from '@shared/csv.js';

export const TRACE_TEXT = {
  recall: 'Recall this batch',
  recallTitle: 'Recall this batch',
  confirmTitle: 'Confirm the recall',
  confirm: (batch: string, product: string) =>
    `Recall batch ${batch} of ${product}? Floor screens will refuse its packs, and the public page will tell farmers not to use them.`,
  recalled: (date: string, reason: string) => `Recalled on ${date}: ${reason}`,
  places: 'Still at',
  ranges: 'Mapped ranges',
  cartons: 'Cartons',
  dispatches: 'Dispatches',
  verifications: 'Verifications',
  firstRows: (shown: number, total: number) => `Showing the first ${shown} of ${total}; Export has them all.`,
} as const;

export const WHERE_TEXT: Record<TraceWhere, string> = {
  site: 'At site',
  transit: 'In transit',
  dealer: 'With dealer',
  missing: 'Missing',
  damaged: 'Damaged',
  replaced: 'Replaced by',
};

/** What a verification answered ('200', '-1', '-3': VERIFY_CODE), in words. */
const RESULT_TEXT: Record<string, string> = {
  [VERIFY_CODE.genuine]: 'Genuine',
  [VERIFY_CODE.refused]: 'Refused',
  [VERIFY_CODE.details]: 'Details asked',
};
export const resultText = (code: string) => RESULT_TEXT[code] ?? code;

export const whereText = (w: { Where: TraceWhere; WhereName: string }) =>
  [WHERE_TEXT[w.Where], w.WhereName].filter(Boolean).join(' ');

const rangeText = (r: TraceRange) =>
  `${r.Kind === 'S' ? r.Prefix : ''}${r.FromNo} – ${r.Kind === 'S' ? r.Prefix : ''}${r.ToNo}`;

export const TOTALS: Array<[keyof TraceAnswer['Totals'], string]> = [
  ['Mapped', 'Mapped'],
  ['Packed', 'Packed'],
  ['Unpacked', 'Not packed'],
  ['Damaged', 'Damaged'],
  ['Cartons', 'Cartons'],
  ['Dispatches', 'Dispatches'],
  ['Verifications', 'Verifications'],
  ['VerifiedPacks', 'Packs verified'],
];

const placeCols: CsvColumn<TracePlace>[] = [
  { title: 'Where', value: (p) => WHERE_TEXT[p.Where] },
  { title: 'Name', key: 'WhereName' },
  { title: 'Cartons', key: 'Cartons' },
  { title: 'Packs', key: 'Packs' },
];
const rangeCols: CsvColumn<TraceRange>[] = [
  { title: 'Codes', value: rangeText },
  { title: 'Qty', key: 'Qty' },
  { title: 'Packed', key: 'Packed' },
  { title: 'Damaged', key: 'Damaged' },
  { title: 'MFG Date', key: 'MFGDate', format: 'date' },
  { title: 'EXP Date', key: 'EXPDate', format: 'date' },
  { title: 'Site', key: 'SiteName' },
];
const cartonCols: CsvColumn<TraceCarton>[] = [
  { title: 'SID', key: 'SID' },
  { title: 'TID', key: 'TID' },
  { title: 'Packs', key: 'Packs' },
  { title: 'Packed At', key: 'PackedAt' },
  { title: 'Packed Date', key: 'PackedDate', format: 'datetime' },
  { title: 'Where Now', value: whereText },
];
const dispatchCols: CsvColumn<TraceDispatch>[] = [
  { title: 'DID', key: 'DID' },
  { title: 'Dispatch Date', key: 'DispatchDate', format: 'datetime' },
  { title: 'From', key: 'FromSite' },
  { title: 'To', key: 'ToName' },
  { title: 'To Type', value: (d) => (d.ToKind === 'dealer' ? 'Dealer' : 'Site') },
  { title: 'Cartons', key: 'Cartons' },
  { title: 'Packs', key: 'Packs' },
  { title: 'State', key: 'State' },
  { title: 'Received Date', key: 'ReceivedDate', format: 'datetime' },
  { title: 'Received By', key: 'ReceivedBy' },
];
const verificationCols: CsvColumn<TraceVerification>[] = [
  { title: 'Verified Date', key: 'VerifiedDate', format: 'datetime' },
  { title: 'Code', key: 'Code' },
  { title: 'City', key: 'City' },
  { title: 'State', key: 'State' },
  { title: 'Result', value: (v) => resultText(v.Result) },
  { title: 'Message', key: 'Message' },
];

/** The whole trace as one CSV: a head, the totals, then each section under its title. */
export function traceCsv(t: TraceAnswer): string {
  const head =
    csvLine(['Recall Trace', t.ProductName, t.BatchNo]) +
    csvLine(['Recall', t.Recall ? `${formatDate(t.Recall.CreatedDate)}: ${t.Recall.Reason}` : 'Not recalled']) +
    TOTALS.map(([k, label]) => csvLine([label, String(t.Totals[k])])).join('');
  const block = <T>(title: string, rows: readonly T[], cols: CsvColumn<T>[]) =>
    `\r\n${csvLine([title])}${toCsv(rows, cols)}`;
  return (
    head +
    block(TRACE_TEXT.places, t.Places, placeCols) +
    block(TRACE_TEXT.ranges, t.Ranges, rangeCols) +
    block(TRACE_TEXT.cartons, t.Cartons, cartonCols) +
    block(TRACE_TEXT.dispatches, t.Dispatches, dispatchCols) +
    block(TRACE_TEXT.verifications, t.Verifications, verificationCols)
  );
}

export const traceFileName = (t: Pick<TraceAnswer, 'ProductName' | 'BatchNo'>) =>
  `Recall Trace ${t.ProductName} ${t.BatchNo}`.replace(/[^\w .-]+/g, '_');
