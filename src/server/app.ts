// Builds the Fastify app: services, error handling, the API routes and the PWA. Listening is main.ts's job.
import { sql } from 'drizzle-orm';
import type { Http2SecureServer } from 'node:http2';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { failure, ok } from '../shared/contracts/envelope.js';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { watchStandby } from './db/standby.js';
import { RateLimiter } from './auth/rate-limit.js';
import { ensureSecret } from './auth/secrets.js';
import { codeMac } from './domain/code-mac.js';
import { TokenService } from './auth/tokens.js';
import { envelopeOptions, installErrorHandler } from './http/errors.js';
import { Router } from './http/route.js';
import { answerOptions } from './http/options.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { serveClient } from './http/static-client.js';
import { tlsFiles } from './http/tls.js';
import { createMailer } from './mail/mailer.js';
import { registerResolver } from './resolver/routes.js';
import { epcisAlias } from './routes/epcis/index.js';
import { registerRoutes } from './routes/index.js';
import { registerUploads } from './routes/uploads/serve.js';
import type { Services } from './services.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino options; tests pass false. */
  logger?: boolean | object;
  /** More routes on the same machinery, after the API's (tests declare probes with it). */
  routes?: (r: Router) => void;
}

export async function buildApp({ config, database, logger, routes }: BuildOptions): Promise<FastifyInstance> {
  const options = {
    // The log written in the background: a line a request written at once (pino's default) cost a
    // write system call each; lines that come while one is written go out together with the next.
    // pino flushes what is left when the process exits.
    logger: logger ?? { level: config.logLevel, stream: pino.destination({ dest: 1, sync: false }) },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Ids and keys arrive in paths like GetMapping/{a},{b}; keep them as written.
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    rewriteUrl: (req: { url?: string }) => epcisAlias(req.url),
    // Router and HTTP-parser failures answer the envelope too, never Fastify's JSON echoing the URL.
    ...envelopeOptions,
  };
  const tls = tlsFiles(config);
  // Routes and hooks are typed for HTTP/1 requests; Node's HTTP/2 compatibility layer gives them the same API.
  const app = (tls
    ? Fastify({ ...options, http2: true, https: tls } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>)
    : Fastify(options)) as unknown as FastifyInstance;
  installErrorHandler(app);
  installSecurityHeaders(app);
  // The API speaks JSON only: a text/plain body is a 415, not a string for the contracts to puzzle over.
  app.removeContentTypeParser('text/plain');

  const db = database.db;
  const standby = await watchStandby(config, database, app.log);
  app.addHook('onClose', () => standby.close());
  const services: Services = {
    db,
    config,
    tokens: new TokenService(db, await ensureSecret(db, 'jwt', config.jwtSecret), {
      accessSeconds: config.accessTokenSeconds,
      refreshDays: config.refreshTokenDays,
      graceSeconds: config.refreshGraceSeconds,
    }),
    codes: codeMac(await ensureSecret(db, 'code', config.codeSecret)),
    limiter: new RateLimiter(db),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    standby,
  };

  // Alive means this process answers; a constant answer with no database work (also the benchmark's
  // yardstick for what one request costs the server at least).
  app.get('/API/live', async () => ok(null, 'live'));
  app.get('/API/health', async (_req, reply) => {
    // Ready means the database answers, so a load balancer stops sending traffic when it does not.
    const up = await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((res) => setTimeout(() => res(false), 2000).unref()),
    ]);
    if (!up) return reply.code(503).send(failure('503', 'The database is not reachable.'));
    return ok({ db: database.kind }, 'ready');
  });
  await registerUploads(app, config);
  // GS1 Digital Link paths (/01/..., /gtin/...) and /.well-known/gs1resolver, before the client's fallback.
  registerResolver(app, services);
  const router = new Router(app, services);
  registerRoutes(router);
  routes?.(router);
  const client = await serveClient(app, config.clientDir);
  answerOptions(app, client.isPage);
  return app;
}
