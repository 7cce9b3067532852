// OPTIONS on every path: 204 with an Allow header naming the methods the path answers (its routes'
// methods, HEAD with every GET; a page of the client GET and HEAD), OPTIONS included. Where nothing
// answers, the same 404 a GET gets. No CORS headers: the app and its API share one origin, so a
// browser's cross-origin preflight gets no permission from this answer.
import type { FastifyInstance } from 'fastify';

/** The methods a route may have, in the order Allow lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods `path` answers besides OPTIONS; `isPage` says whether the client's fallback serves it. */
export function allowedMethods(app: FastifyInstance, path: string, isPage: (path: string) => boolean): string[] {
  const routed = METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
  if (routed.length > 0) return routed;
  return isPage(path) ? ['GET', 'HEAD'] : [];
}

/** Registers the one OPTIONS route; it asks the router at request time, so every route counts wherever declared. */
export function answerOptions(app: FastifyInstance, isPage: (path: string) => boolean) {
  app.options('*', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const methods = allowedMethods(app, path, isPage);
    if (methods.length === 0) return reply.callNotFound();
    return reply
      .code(204)
      .header('allow', [...methods, 'OPTIONS'].join(', '))
      .send();
  });
}
