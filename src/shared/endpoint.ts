// An API call declared once: method, path under /API/api/, who may call, the request's schema and
// the answer's data schema. The server registers its route from it (http/route.ts `serve`), the
// client calls through it with its types (api/call.ts), the outbox names it, and tests check every
// answer against its data schema. Forms read field limits from the same request schema.
import type { z } from 'zod';
import type { PageDef } from './pages.js';

/** Who may call: anyone, any signed-in user, or the users holding one of these pages. */
export type Access = { pages: readonly PageDef[] } | 'signed-in' | 'public';

export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: 'GET' | 'POST';
  /** Under /API/api/, params as `:name` (GetScanSecondaryPacking takes `?sid=` as a query instead). */
  path: string;
  access: A;
  /** The request body's contract; undefined for a GET. */
  body: B;
  /** ResponseData of a '200' answer. */
  data: D;
  /** A floor save: takes an Idempotency-Key, and its work runs in one transaction (http/idempotency.ts). */
  idempotent?: boolean;
  /** Larger bodies for the few calls that take them. */
  bodyLimit?: number;
  /** Reads the streaming standby when the server has a healthy one (DATABASE_READ_URL): reports,
   *  exports, the dashboard, tracking and trace, which may be seconds old. Never a save, never a read
   *  that must see the caller's own last write (the floor, verification, masters). The answer then
   *  carries DATA_AS_OF_HEADER. */
  reads?: 'standby';
}

/** The time an answer read from the standby is as of (ISO 8601), outside the envelope, whose shape is
 *  the spec's. Absent: the data is the primary's, current. */
export const DATA_AS_OF_HEADER = 'x-data-as-of';

export type BodyIn<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type BodyOut<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
export type DataOf<E extends Endpoint> = z.output<E['data']>;

type Extra = Pick<Endpoint, 'idempotent' | 'bodyLimit' | 'reads'>;

export function postEndpoint<B extends z.ZodType, D extends z.ZodType, const A extends Access>(
  path: string,
  access: A,
  body: B,
  data: D,
  extra: Extra = {},
): Endpoint<B, D, A> {
  return { method: 'POST', path, access, body, data, ...extra };
}

export function getEndpoint<D extends z.ZodType, const A extends Access>(
  path: string,
  access: A,
  data: D,
  extra: Pick<Extra, 'reads'> = {},
): Endpoint<undefined, D, A> {
  return { method: 'GET', path, access, body: undefined, data, ...extra };
}

export type Params = Record<string, string | number | boolean>;

/** The path with its `:name` params filled in; the other params become the query string. */
export function endpointPath(e: Pick<Endpoint, 'path'>, params: Params = {}): string {
  const rest = new URLSearchParams();
  const used = new Set<string>();
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${e.path}: missing param ${name}`);
    used.add(name);
    return encodeURIComponent(String(v));
  });
  for (const [k, v] of Object.entries(params)) if (!used.has(k)) rest.set(k, String(v));
  const query = rest.toString();
  return query ? `${path}?${query}` : path;
}
