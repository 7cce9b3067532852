// postEndpoint and getEndpoint for calls that page holders make. Those type `access` as the whole
// Access union, so Router.serve would hand the handler a caller that may be null; these keep the
// `{ pages }` type, and the handler's caller is a signed-in Caller, as the route enforces.
import type { z } from 'zod';
import { getEndpoint, postEndpoint, type Endpoint } from '../../endpoint.js';
import type { PageDef } from '../../pages.js';

export type PagesAccess = { pages: readonly PageDef[] };
export type PagesEndpoint<B extends z.ZodType | undefined, D extends z.ZodType> = Omit<Endpoint<B, D>, 'access'> & { access: PagesAccess };

export const pagesPost = <B extends z.ZodType, D extends z.ZodType>(path: string, access: PagesAccess, body: B, data: D) =>
  postEndpoint(path, access, body, data) as PagesEndpoint<B, D>;

export const pagesGet = <D extends z.ZodType>(path: string, access: PagesAccess, data: D) =>
  getEndpoint(path, access, data) as PagesEndpoint<undefined, D>;
