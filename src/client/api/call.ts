// Calls a declared endpoint (shared/endpoint.ts) through the one HTTP client, typed by its contract:
// the body is the request schema's input, the answer's data the endpoint's data.
import type { Envelope } from '@shared/contracts/envelope.js';
import { endpointPath, type BodyIn, type DataOf, type Endpoint, type Params } from '@shared/endpoint.js';
import { api } from './http.js';

export function call<E extends Endpoint>(e: E, body: BodyIn<E>, params?: Params): Promise<Envelope<DataOf<E>>> {
  const path = endpointPath(e, params);
  if (e.method === 'GET') return api.get<DataOf<E>>(path);
  return e.access === 'public' ? api.publicPost<DataOf<E>>(path, body ?? {}) : api.post<DataOf<E>>(path, body ?? {});
}
