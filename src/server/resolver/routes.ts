// The GS1-Conformant resolver on the company's own domain (docs/resolver.md): every path that starts
// with a Digital Link primary key (primary-keys.ts), GET, HEAD (Fastify answers it from GET, without
// the body) and OPTIONS, with CORS open to any origin as the rules ask; /.well-known/gs1resolver; and
// the recall notice it links to. Public like the verification page, and limited per address as it is.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uidOfEarlierLabel } from '../../shared/digital-link.js';
import { parseDlUri, type DlElement } from '../../shared/gs1/dl-parse.js';
import { PUBLIC_PAGE } from '../../shared/pages.js';
import { VERIFY_MSG } from '../../shared/contracts/public/verify.js';
import type { Services } from '../services.js';
import { publicAddressLimit } from '../http/public-limit.js';
import { answerOf } from './answer.js';
import { resolverDescription } from './description.js';
import { dlAnchor, levelsOf } from './links.js';
import { linksetLink } from './linkset.js';
import { productsOfGtin, recallOf } from './lookup.js';
import { GTIN_AI, PRIMARY_KEY_SEGMENTS } from './primary-keys.js';
import { sendRecallNotice } from './recall-notice.js';

export const RESOLVER_MSG = {
  syntax: 'Not a valid GS1 Digital Link URI.',
  notOurs: 'No links for this identifier here.',
} as const;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language',
  'access-control-expose-headers': 'Link, Location, Vary',
  'access-control-max-age': '86400',
};

/** The GTIN as GS1 writes it in a link: 14 digits. */
const gtinOf = (primary: DlElement): DlElement => ({ ai: GTIN_AI, value: primary.value.padStart(14, '0') });

const text = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type('text/plain; charset=utf-8').send(message);

export function registerResolver(app: FastifyInstance, { db, config }: Pick<Services, 'db' | 'config'>) {
  const base = config.publicBaseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const limited = publicAddressLimit((c) => c.verifyLimitPerAddress, VERIFY_MSG.tooMany);
  // GS1's parser refuses a trailing slash; the resolver SHOULD tolerate one (Conformance1_2.txt).
  const parse = (req: FastifyRequest) => {
    const dl = parseDlUri(origin + req.url.replace(/^([^?]*?)\/(\?|$)/, '$1$2'));
    // A link with a path before its key is a link of another resolver's: ours has none.
    return dl.ok && dl.stem !== origin ? null : dl;
  };

  async function resolve(req: FastifyRequest, reply: FastifyReply) {
    reply.headers(CORS);
    const over = limited({ req, reply, config });
    if (over) return over;
    const dl = parse(req);
    // A label printed before links were held to GS1's syntax (a batch AI 10 cannot hold) still goes to
    // the page, which reads that form (digital-link.ts uidOfEarlierLabel): a genuine pack stays genuine.
    if (dl && !dl.ok && uidOfEarlierLabel(base + req.url) !== null)
      return reply
        .code(307)
        .header('location', `${base}${PUBLIC_PAGE.verify}?U=${encodeURIComponent(base + req.url)}`)
        .send();
    // The parser's message names the rule broken; it echoes nothing of ours.
    if (dl && !dl.ok) return text(reply, 400, `${RESOLVER_MSG.syntax} ${dl.error}`.slice(0, 300));
    if (!dl || dl.primary.ai !== GTIN_AI) return text(reply, 404, RESOLVER_MSG.notOurs);
    const primary = gtinOf(dl.primary);
    const products = await productsOfGtin(db, primary.value);
    if (products.length === 0) return text(reply, 404, RESOLVER_MSG.notOurs);
    const lot = dl.qualifiers.find((q) => q.ai === '10')?.value;
    const ids = products.map((p) => p.id);
    const recall = lot === undefined ? null : await recallOf(db, ids, lot);
    const levels = levelsOf(base, primary, dl.qualifiers, dl.attributes, { products, recall });
    const answer = answerOf(levels, {
      accept: req.headers.accept ?? '',
      query: req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '',
      linkType: dl.params.find(([key]) => key === 'linkType')?.[1] ?? null,
    });
    reply.code(answer.status).headers(answer.headers);
    return answer.body === null ? reply.send() : reply.send(answer.body);
  }

  for (const segment of PRIMARY_KEY_SEGMENTS) {
    app.get(`/${segment}/*`, resolve);
    // A preflight needs no database: the methods, the headers, and where the linkset is.
    app.options(`/${segment}/*`, async (req, reply) => {
      const dl = parse(req);
      const link =
        dl?.ok && dl.primary.ai === GTIN_AI
          ? { link: linksetLink(dlAnchor(base, gtinOf(dl.primary), dl.qualifiers)) }
          : {};
      return reply
        .code(204)
        .headers({ ...CORS, allow: 'GET, HEAD, OPTIONS', ...link })
        .send();
    });
  }

  app.get('/.well-known/gs1resolver', async (_req, reply) => reply.headers(CORS).send(resolverDescription(base)));

  app.get<{ Params: { '*': string } }>('/recall/*', async (req, reply) => {
    reply.headers(CORS);
    const over = limited({ req, reply, config });
    if (over) return over;
    return sendRecallNotice(db, req.url.slice('/recall/'.length).split('?')[0]!, reply);
  });
}
