// A client written to the three spec documents, not to our contracts: the calls of their call tables
// (spec 1, 2 and 3, section 7) made with the documents' paths, bodies, field names and defaults (list
// request: First 1, PageSize 10, IsActive, SearchValue '', the section 9 default sort, dates MM/DD/YYYY
// over the last 7 days; a 'page' header of the route's last segment), and each answer read as the
// documents describe it: the envelope of spec 1 section 3.1, rows carrying the fields section 3 names.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../src/shared/today.js';
import type { TestApp } from './server-app.js';

export type Row = Record<string, unknown>;
export interface SpecAnswer {
  status: number;
  body: { ResponseCode: string; ResponseMessage: string; ResponseData: unknown };
  /** The answer's content type; a file (not the envelope) leaves `body` empty. */
  type: string;
}

/** Spec 3 section 9: dates are sent as MM/DD/YYYY; the range is the last 7 days through today. */
export const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
export const WEEK = () => ({ FromDate: us(addDays(indiaDate(), -6)), ToDate: us(indiaDate()) });

/** The shared list request (spec 3 section 3) with the report screens' defaults. */
export const listRequest = (SortColumn: string, extra: Row = {}) => ({
  First: 1,
  PageSize: 10,
  IsActive: '1',
  SearchValue: '',
  SortColumn,
  SortOrder: 'DESC',
  ...WEEK(),
  ...extra,
});

/** A master screen's list request (spec 1 sections 2.9, 3.3, 9): 5 rows, CreatedDt descending, IsActive true. */
export const masterList = (extra: Row = {}) => ({
  First: 1,
  PageSize: 5,
  IsActive: true,
  SearchValue: '',
  SortColumn: 'CreatedDt',
  SortOrder: 'DESC',
  ...extra,
});

/** Spec 1 section 7's export request: every row, CreatedDt ascending. */
export const exportList = (extra: Row = {}) => ({
  First: 1,
  PageSize: -1,
  IsActive: true,
  SearchValue: '',
  SortColumn: 'CreatedDt',
  SortOrder: 'ASC',
  ...extra,
});

/** A multipart body (the upload calls): its bytes and its content-type header. */
export interface Form {
  payload: Buffer;
  headers: Record<string, string>;
}
export type SpecCaller = (
  method: 'GET' | 'POST',
  path: string,
  token: string,
  page: string,
  body?: unknown,
  form?: Form,
) => Promise<SpecAnswer>;

/** A call as the spec's client makes it: bearer token and the 'page' header (spec 1 section 7). */
export function specCaller(t: TestApp): SpecCaller {
  return async (method, path, token, page, body, form) => {
    const res = await t.app.inject({
      method,
      url: `/API/api/${path}`,
      headers: { ...form?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}), page },
      ...(form ? { payload: form.payload } : body === undefined ? {} : { payload: body as object }),
    });
    const type = String(res.headers['content-type'] ?? '');
    const answer: SpecAnswer['body'] = type.startsWith('application/json')
      ? res.json()
      : { ResponseCode: '', ResponseMessage: '', ResponseData: res.rawPayload };
    return { status: res.statusCode, body: answer, type };
  };
}

/** 'shown': present, of any type (a column the documents name without saying what it holds). */
export type Kind =
  'string' | 'number' | 'boolean' | 'date' | 'text?' | 'number?' | 'date?' | 'boolean?' | 'array' | 'object' | 'shown';
export const s = 'string' as const,
  n = 'number' as const,
  d = 'date' as const,
  b = 'boolean' as const;

/** A field as the documents describe it: text, a number, a flag, a date (text on the wire), or any of them empty. */
export function holds(row: Row, fields: Record<string, Kind>, where: string) {
  for (const [name, kind] of Object.entries(fields)) {
    expect(Object.hasOwn(row, name), `${where}: ${name} missing in ${JSON.stringify(row).slice(0, 300)}`).toBe(true);
    const v = row[name];
    if (kind === 'shown') continue;
    if (kind === 'array') {
      expect(Array.isArray(v), `${where}: ${name} = ${JSON.stringify(v)}`).toBe(true);
      continue;
    }
    const base = kind.replace('?', '') as 'string' | 'text' | 'number' | 'boolean' | 'date' | 'object';
    if (kind.endsWith('?') && (v === null || v === '')) continue;
    const type = base === 'date' || base === 'text' ? 'string' : base;
    expect(typeof v, `${where}: ${name} = ${JSON.stringify(v)}`).toBe(type);
    if (base === 'date') expect(Number.isNaN(Date.parse(v as string)), `${where}: ${name} = ${v}`).toBe(false);
  }
}

/** The data of a '200' answer (spec 1 section 3.1: ResponseCode '200' is success). */
export function dataOf<T = unknown>(res: SpecAnswer, where: string): T {
  expect(res.status, `${where}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  expect(res.body.ResponseCode, `${where}: ${res.body.ResponseMessage}`).toBe('200');
  expect(typeof res.body.ResponseMessage, where).toBe('string');
  return res.body.ResponseData as T;
}

/** The rows of an answer read as a list: '200', an array, the first row holding TotalRows. */
export function rowsOf(res: SpecAnswer, where: string, list = true): Row[] {
  const rows = dataOf<Row[]>(res, where);
  expect(Array.isArray(rows), where).toBe(true);
  if (list && rows.length) expect(typeof rows[0]!.TotalRows, `${where}: TotalRows`).toBe('number');
  return rows;
}

/** A '400' answer: a warning whose message the screen shows (spec 1 section 8). */
export function warningOf(res: SpecAnswer, where: string): string {
  expect(res.status, `${where}: HTTP ${res.status}`).toBe(200);
  expect(res.body.ResponseCode, `${where}: ${res.body.ResponseMessage}`).toBe('400');
  return res.body.ResponseMessage;
}

/**
 * One call of a document's call table: its method, its path and payload as the document writes them,
 * and how the client makes it and reads its answer. `url` and `body` fill the document's placeholders
 * from the world the file built; `read` checks the answer the way the document describes it.
 */
export interface TableCall<W> {
  method: 'GET' | 'POST';
  /** The path as the document writes it, placeholders in braces. */
  path: string;
  /** The payload as the document writes it. */
  spec: string;
  /** The route's last segment, sent as the 'page' header. */
  page: string;
  url?: (w: W) => string;
  body?: (w: W) => unknown;
  /** A multipart body instead of JSON. */
  form?: (w: W) => Form;
  token: (w: W) => string;
  /** What the client looks up first (an id from a list) before it makes this call. */
  before?: (w: W) => Promise<void>;
  read: (res: SpecAnswer, w: W) => void | Promise<void>;
}

/** Plays a call table in its order (later calls may use what earlier ones made), one test per call. */
export function playTable<W>(title: string, calls: TableCall<W>[], world: () => W, call: () => SpecCaller) {
  describe(title, () => {
    for (const c of calls) {
      it(`${c.method} ${c.path} (${c.spec})`, async () => {
        const w = world();
        await c.before?.(w);
        const path = c.url ? c.url(w) : c.path;
        const res = await call()(
          c.method,
          path,
          c.token(w),
          c.page,
          c.method === 'POST' ? c.body?.(w) : undefined,
          c.form?.(w),
        );
        await c.read(res, w);
      });
    }
  });
}
