// The server side of a master screen as a declaration: its list (sort, search, scope), its save
// (contract, mapping to columns, uniqueness messages), its dropdown and its delete; shared reference
// data declares that only the admin writes it.
import { and, asc, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ListContract } from '../../shared/contracts/list-contract.js';
import { failure, ok, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { firstMessage } from '../../shared/contracts/issues.js';
import type { Endpoint } from '../../shared/endpoint.js';
import type { PageDef } from '../../shared/pages.js';
import type { Db } from '../db/connect.js';
import type { Caller } from './caller.js';
import { uniqueViolation } from '../db/errors.js';
import { idParam, INVALID_ARGUMENTS, type Ctx, type Router } from './route.js';
import { serveList, type ListSource } from './list.js';

type Fields = Record<string, PgColumn | SQL.Aliased | SQL>;
type MasterTable = PgTable & { id: PgColumn; createdAt: PgColumn; isActive: PgColumn };
interface SaveMessages {
  created: string;
  updated: string;
  notFound: string;
}

/** A master's endpoint: the pages of its screen (or screens) may call it. */
type PagesEndpoint<B extends z.ZodType | undefined = z.ZodType | undefined> = Omit<Endpoint<B>, 'access'> & {
  access: { pages: readonly PageDef[] };
};

export interface MasterDef<T extends MasterTable, S extends z.ZodType, R extends z.ZodObject> {
  table: T;
  /** Limits every read and write to what the caller may see (company scoping). */
  scope?: (caller: Caller) => SQL | undefined;
  list: {
    /** The list's declaration (shared): its call, the sorts it takes, the row. */
    contract: ListContract<R>;
    /** Row fields by the names the client sees. */
    fields: ListSource<R>['fields'];
    search: SQLWrapper[];
    /** Joins around the base table (left joins for names shown beside ids). */
    from?: (q: PgSelect) => PgSelect;
    /** A screen's own filter read from the list request (IsWareHouse, UserType...) or its headers ('page'). */
    filter?: ListSource<R>['filter'];
  };
  save?: {
    /** Its body schema is the save's contract. */
    endpoint: PagesEndpoint<S>;
    id: (body: z.output<S>) => number;
    values: (body: z.output<S>, caller: Caller) => Record<string, unknown>;
    /** The unique index name and the message to answer when a save would break it. */
    unique?: Record<string, string>;
    /** Written beside the row, in the save's transaction (the code routing tables: domain/code-routes.ts). */
    after?: (tx: Db, values: Record<string, unknown>, id: number) => Promise<void>;
    /** A business check before the write; answers a message to refuse. */
    check?: (body: z.output<S>, caller: Caller, db: Db) => Promise<string | null>;
    /** Fixed texts, or texts that depend on what was saved (a factory or a warehouse). */
    messages: SaveMessages | ((body: z.output<S>) => SaveMessages);
  };
  dropdown?: { endpoint: PagesEndpoint<undefined>; fields: Fields; orderBy: SQLWrapper };
  /** A GET with an `:id` param. */
  remove?: { endpoint: PagesEndpoint<undefined>; message: string; notFound: string };
  /** Shared reference data: the page's users read it, only the admin writes; this is the refusal. */
  adminWrites?: string;
}

/**
 * Shared reference data changed by the admin only: a non-admin holding the page gets 403 with
 * `message` before its body is read, else the body is checked with `schema` (when given).
 */
export function adminWrite<B>(
  message: string,
  schema: z.ZodType<B> | undefined,
  handler: (ctx: Ctx<B, Caller>) => Promise<Envelope>,
) {
  return async (ctx: Ctx<unknown, Caller>): Promise<Envelope> => {
    if (!ctx.caller.isAdmin) {
      ctx.reply.code(403);
      return failure('403', message);
    }
    if (!schema) return handler(ctx as Ctx<B, Caller>);
    const parsed = schema.safeParse(ctx.req.body ?? {});
    if (!parsed.success) return warn(firstMessage(parsed.error));
    return handler({ ...ctx, body: parsed.data });
  };
}

/**
 * Serves an endpoint whose writes are the admin's: the route reads no body itself, so a non-admin
 * is refused (403) before the body is checked with the endpoint's schema.
 */
export function serveAdminWrite<B>(
  r: Router,
  endpoint: PagesEndpoint,
  message: string,
  handler: (ctx: Ctx<B, Caller>) => Promise<Envelope>,
) {
  r.serve({ ...endpoint, body: undefined }, adminWrite(message, endpoint.body as z.ZodType<B> | undefined, handler));
}

export function masterRoutes<T extends MasterTable, S extends z.ZodType, R extends z.ZodObject>(
  r: Router,
  def: MasterDef<T, S, R>,
) {
  const scoped = (caller: Caller, ...conds: (SQL | undefined)[]) => and(def.scope?.(caller), ...conds);
  // Master lists show active and inactive rows alike: the status is a column on screen.
  const { contract, fields, search, from, filter } = def.list;
  serveList(r, contract, {
    fields,
    from: (db, selected) => {
      const base = db
        .select(selected)
        .from(def.table as PgTable)
        .$dynamic();
      return from ? from(base) : base;
    },
    scope: (caller) => def.scope?.(caller),
    filter,
    search,
    // The spec's default sort is the row's creation, whatever name the row gives it.
    sort: Object.hasOwn(fields, 'CreatedDt') ? {} : { CreatedDt: def.table.createdAt },
    key: def.table.id,
  });

  const save = def.save;
  if (save) {
    const write = async ({ db, body: sent, caller }: Ctx<unknown, Caller>): Promise<Envelope> => {
      const body = sent as z.output<S>;
      const refused = await save.check?.(body, caller, db);
      if (refused) return warn(refused);
      const messages = typeof save.messages === 'function' ? save.messages(body) : save.messages;
      const id = save.id(body);
      const values = save.values(body, caller);
      const after = save.after;
      const written = async (q: Db): Promise<Envelope> => {
        if (id === 0) {
          const [made] = await q
            .insert(def.table)
            .values(values as never)
            .returning({ id: def.table.id });
          await after?.(q, values, Number(made!.id));
          return ok(null, messages.created);
        }
        const done = await q
          .update(def.table)
          .set({ ...values, updatedAt: new Date() } as never)
          .where(scoped(caller, eq(def.table.id, id)))
          .returning({ id: def.table.id });
        if (done.length === 0) return warn(messages.notFound);
        await after?.(q, values, id);
        return ok(null, messages.updated);
      };
      try {
        return after ? await db.transaction((tx) => written(tx as unknown as Db)) : await written(db);
      } catch (e) {
        const constraint = uniqueViolation(e);
        if (constraint !== null && save.unique?.[constraint]) return warn(save.unique[constraint]);
        throw e;
      }
    };
    if (def.adminWrites) serveAdminWrite(r, save.endpoint, def.adminWrites, write);
    else r.serve(save.endpoint, write);
  }

  const dd = def.dropdown;
  if (dd) {
    r.serve(dd.endpoint, async ({ db, caller }) =>
      ok(
        await db
          .select(dd.fields)
          .from(def.table as PgTable)
          .where(scoped(caller, eq(def.table.isActive, true)))
          .orderBy(asc(dd.orderBy)),
      ),
    );
  }

  const rm = def.remove;
  if (rm) {
    const removeOne = async ({ db, params, caller }: Ctx<unknown, Caller>): Promise<Envelope> => {
      const id = idParam(params.id);
      if (id === null) return warn(INVALID_ARGUMENTS);
      const gone = await db
        .delete(def.table)
        .where(scoped(caller, eq(def.table.id, id)))
        .returning({ id: def.table.id });
      return gone.length === 0 ? warn(rm.notFound) : ok(null, rm.message);
    };
    if (def.adminWrites) serveAdminWrite(r, rm.endpoint, def.adminWrites, removeOne);
    else r.serve(rm.endpoint, removeOne);
  }
}
