// A list's export, streamed: rows read in batches by keyset on the list's unique key (a summary's
// groups in one read), written as the CSV file (Accept: text/csv, our client) or as the list's
// envelope (the spec's client), so any size goes out in flat memory at the client's pace.
import { Readable } from 'node:stream';
import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { ok } from '../../shared/contracts/envelope.js';
import { EXPORT_ROWS_HEADER, type ListColumn } from '../../shared/contracts/list-contract.js';
import { headerLine, rowLine } from '../list/report-csv.js';

/** Rows per read while exporting: small enough for flat memory, large enough for few round trips. */
const EXPORT_BATCH = 5000;

type Row = Record<string, unknown>;

export interface ExportRead {
  fields: SelectedFields;
  key: SQL | SelectedFields[string];
  groupBy?: readonly unknown[];
  /** The select with its joins over `fields`, its conditions applied by the caller of `where`. */
  from: (fields: SelectedFields) => PgSelect;
  where: SQL | undefined;
}

/** True when the Accept header names text/csv (with any parameters, q > 0). */
export function wantsCsv(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [type, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    return type === 'text/csv' && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/** A summary's groups, in their own order (which an index on the grouped columns may serve without a
 *  sort): read whole, so their number is known without a count of its own. */
export async function exportGroups(r: ExportRead & { groupBy: readonly unknown[] }): Promise<Row[]> {
  return (await r
    .from(r.fields)
    .where(r.where)
    .groupBy(...(r.groupBy as never[]))
    .orderBy(...r.groupBy.map((g) => asc(g as never)))) as Row[];
}

/** Sends the export: `total` rows (a summary's `groups`, already read), as CSV named `file` or as the envelope. */
export function sendExport(
  reply: FastifyReply,
  accept: string | undefined,
  read: ExportRead,
  total: number,
  csv: { file: string; columns: readonly ListColumn[] },
  groups?: Row[],
) {
  const batches = groups ? inBatches(groups) : exportBatches(read);
  reply.header(EXPORT_ROWS_HEADER, String(total)).header('cache-control', 'no-store');
  if (wantsCsv(accept)) {
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.file}.csv"`);
    reply.send(Readable.from(csvLines(csv.columns, batches), { objectMode: false }));
  } else {
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.send(Readable.from(envelopeParts(Object.keys(read.fields), total, batches), { objectMode: false }));
  }
}

/** Rows read whole, handed on as an export's batches. */
async function* inBatches(rows: Row[]): AsyncGenerator<Row[]> {
  for (let i = 0; i < rows.length; i += EXPORT_BATCH) yield rows.slice(i, i + EXPORT_BATCH);
}

/** The rows in the key's order (a summary's groups in their own order), one batch per read. */
async function* exportBatches(r: ExportRead): AsyncGenerator<Row[]> {
  if (r.groupBy) {
    yield* inBatches(await exportGroups({ ...r, groupBy: r.groupBy }));
    return;
  }
  const fields = { ...r.fields, __key: r.key } as SelectedFields;
  let last: unknown = undefined;
  for (;;) {
    const rows = (await r
      .from(fields)
      .where(and(r.where, last === undefined ? undefined : gt(r.key as never, last)))
      .orderBy(asc(r.key as never))
      .limit(EXPORT_BATCH)) as Row[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    last = rows[rows.length - 1]!.__key;
  }
}

/** The file: its header line, then one chunk of lines per batch. */
async function* csvLines(columns: readonly ListColumn[], batches: AsyncIterable<Row[]>): AsyncGenerator<string> {
  yield `\ufeff${headerLine(columns)}`;
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) chunk += rowLine(row, columns);
    yield chunk;
  }
}

/** The list's envelope written as it streams: every row the row's fields and TotalRows, as the list answers. */
async function* envelopeParts(
  keys: readonly string[],
  total: number,
  batches: AsyncIterable<Row[]>,
): AsyncGenerator<string> {
  const head = JSON.stringify(ok([]));
  yield head.slice(0, head.lastIndexOf('[') + 1);
  let first = true;
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) {
      const out: Row = {};
      for (const k of keys) out[k] = row[k];
      out.TotalRows = total;
      chunk += (first ? '' : ',') + JSON.stringify(out);
      first = false;
    }
    yield chunk;
  }
  yield ']}';
}
