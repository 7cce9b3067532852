// What a kit declaration calls: a declared endpoint (shared/endpoint.ts), called through call() with
// its contract, or a path string for screens whose calls are not declared yet.
import type { Envelope } from '@shared/contracts/envelope.js';
import type { Endpoint, Params } from '@shared/endpoint.js';
import { call } from '../api/call.js';
import { api } from '../api/http.js';

export type ApiTarget = string | Endpoint;

/** The path that names the target (list caches key by it). */
export const targetKey = (t: ApiTarget): string => (typeof t === 'string' ? t : t.path);

/** A list, export or save: a POST with a body. */
export function postTo<T>(t: ApiTarget, body: unknown): Promise<Envelope<T>> {
  return typeof t === 'string' ? api.post<T>(t, body) : (call(t, body as never) as Promise<Envelope<T>>);
}

/** A dropdown or delete: a GET, its params filled into the declared path. */
export function getFrom<T>(t: ApiTarget, params?: Params): Promise<Envelope<T>> {
  return typeof t === 'string' ? api.get<T>(t) : (call(t, undefined as never, params) as Promise<Envelope<T>>);
}

/** A delete of one record: `<path>/{id}` for a path, the `:id` param for an endpoint. */
export const removeOne = (t: ApiTarget, id: string): Promise<Envelope<unknown>> =>
  typeof t === 'string' ? api.get(`${t}/${id}`) : getFrom(t, { id });
