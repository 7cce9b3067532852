// Declares API routes: path under /API/api/, who may call (public, any signed-in user, or page keys),
// the zod contract for the body, and a handler that answers an envelope. Validation failures answer
// HTTP 200 with '400' and the first failing field's message, as the spec's client expects.
// The Router keeps a list of what it registered (app.apiRoutes), so tests can walk every route.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX } from '../../shared/api-prefix.js';
import { failure, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { TEXT_UNSTORABLE } from '../../shared/contracts/text.js';
import type { Access, BodyOut, DataOf, Endpoint } from '../../shared/endpoint.js';
import type { Services } from '../services.js';
import { loadCaller, type Caller } from './caller.js';
import { requestDeviceWork } from './device-work.js';
import { gate, type BodyOf, type CallerOf } from './gate.js';
import { answerOf, FORBIDDEN, UNAUTHORIZED, type Ctx, type Handler } from './handler.js';
import { IDEMPOTENCY_HEADER, idempotent } from './idempotency.js';
import { pushRoute, type Save } from './push.js';
import { readingStandby } from './standby-read.js';
import { checkRequestTexts, guardMultipart, multipartRefused } from './text-guard.js';

export { API_PREFIX };

export type { Access, Ctx };
export { FORBIDDEN, UNAUTHORIZED };

/** A declared endpoint's handler: its '200' answers carry the endpoint's data; refusals any data. */
type EndpointHandler<E extends Endpoint> = (
  ctx: Ctx<BodyOut<E>, CallerOf<E['access']>>,
) => Promise<Envelope<DataOf<E>> | Envelope<unknown> | undefined>;

export interface RouteOptions<S extends z.ZodType | undefined, A extends Access> {
  access: A;
  body?: S;
  /** Larger bodies for the few routes that take them (uploads set their own limit). */
  bodyLimit?: number;
  /** A floor save: with an Idempotency-Key header a replay answers as the first call did and changes
   *  nothing (http/idempotency.ts). The handler's `db` is then the work's transaction, and an answer
   *  other than '200' rolls the work back. */
  idempotent?: boolean;
  /** Reads the standby while it is healthy (shared/endpoint.ts `reads`; http/standby-read.ts). */
  reads?: 'standby';
}

/** One registered route: its method, its path under /API/api/ (params as `:name`) and who may call. */
export interface RouteInfo {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  reads?: 'standby';
  /** The declaration it was served from (Router.serve); absent for routes still declared by path. */
  endpoint?: Endpoint;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: readonly RouteInfo[];
  }
}

export class Router {
  private readonly routes: RouteInfo[] = [];
  /** The idempotent saves by path, for the outbox's push to run each entry through its own. */
  private readonly saves = new Map<string, Save>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly services: Services,
  ) {
    app.decorate('apiRoutes', this.routes);
  }

  /** The configuration, for a route whose declaration reads a setting (Devices' old-work hours). */
  get config(): Services['config'] {
    return this.services.config;
  }

  /** Registers a declared endpoint (shared/endpoint.ts). */
  serve<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>) {
    const { access, body, idempotent, bodyLimit, reads } = endpoint;
    this.add(
      endpoint.method,
      endpoint.path,
      { access, body, idempotent, bodyLimit, reads },
      handler as Handler<unknown, Caller | null>,
    );
    this.routes[this.routes.length - 1]!.endpoint = endpoint;
  }

  /** Registers the outbox's push (http/push.ts): entries for the idempotent saves registered so far
   *  and after, each through its own access, contract, key and handler. */
  servePush(endpoint: Parameters<typeof pushRoute>[1]) {
    this.app.route(pushRoute(this.services, endpoint, API_PREFIX + endpoint.path, this.saves));
    this.routes.push({ method: 'POST', path: endpoint.path, access: endpoint.access, endpoint });
  }

  get<A extends Access>(path: string, opts: RouteOptions<undefined, A>, handler: Handler<undefined, CallerOf<A>>) {
    this.add('GET', path, opts, handler);
  }

  post<S extends z.ZodType | undefined, A extends Access>(
    path: string,
    opts: RouteOptions<S, A>,
    handler: Handler<BodyOf<S>, CallerOf<A>>,
  ) {
    this.add('POST', path, opts, handler);
  }

  private add<S extends z.ZodType | undefined, A extends Access>(
    method: 'GET' | 'POST',
    path: string,
    opts: RouteOptions<S, A>,
    handler: Handler<BodyOf<S>, CallerOf<A>>,
  ) {
    const services = this.services;
    // A save must see and change the primary; the standby refuses writes and trails behind.
    if (opts.reads === 'standby' && opts.idempotent) throw new Error(`${path}: a save cannot read the standby`);
    this.routes.push({ method, path, access: opts.access, ...(opts.reads ? { reads: opts.reads } : {}) });
    if (opts.idempotent)
      this.saves.set(path, {
        route: `${method} ${path}`,
        access: opts.access,
        body: opts.body,
        handler: handler as Handler<unknown, Caller>,
      });
    this.app.route({
      method,
      url: API_PREFIX + path,
      ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
      handler: async (req, reply) => {
        // Text PostgreSQL cannot store is refused in the gate, before any contract or handler sees it.
        const gated = gate(
          opts,
          await loadCaller(services.db, services.tokens, req),
          () => checkRequestTexts(req),
          req.body,
        );
        if ('answer' in gated) return reply.code(gated.answer.status).send(gated.answer.envelope);
        const { caller, body } = gated;
        guardMultipart(req);
        const device = opts.idempotent ? requestDeviceWork(req) : undefined;
        const ctx = (db: Services['db']): Ctx<BodyOf<S>, CallerOf<A>> => ({
          ...services,
          db,
          body,
          caller,
          params: req.params as Record<string, string>,
          query: req.query as Record<string, string | undefined>,
          req,
          reply,
          ...(device ? { device } : {}),
        });
        if (opts.idempotent && caller) {
          const header = req.headers[IDEMPOTENCY_HEADER];
          const keyed = {
            userId: caller.userId,
            companyId: caller.companyId,
            key: Array.isArray(header) ? header.join(',') : header,
            route: `${method} ${path}`,
            body,
          };
          // The transaction answers the same queries as the database; a db.transaction() inside is a savepoint.
          const { status, envelope } = await idempotent(
            services.db,
            keyed,
            async (tx) =>
              (await answerOf(() => handler(ctx(tx as unknown as Services['db'])))) ??
              failure('500', 'The save gave no answer.'),
          );
          return reply.code(status).send(envelope);
        }
        let answer: Envelope | undefined;
        try {
          answer =
            opts.reads === 'standby'
              ? await readingStandby(services, reply, (db) => answerOf(() => handler(ctx(db))))
              : await answerOf(() => handler(ctx(services.db)));
        } catch (e) {
          if (multipartRefused(req) && !reply.sent) return reply.send(warn(TEXT_UNSTORABLE));
          throw e;
        }
        // A handler that swallowed the multipart refusal still answers it.
        if (multipartRefused(req) && !reply.sent) return reply.send(warn(TEXT_UNSTORABLE));
        if (answer !== undefined && !reply.sent) return reply.send(answer);
        return reply;
      },
    });
  }
}

/** A positive whole-number path parameter, or null (the handler answers 'Invalid Arguments'). */
export function idParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  return Number(raw);
}

export const INVALID_ARGUMENTS = 'Invalid Arguments';
