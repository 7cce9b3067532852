// What a request for a valid Digital Link of ours gets, from its levels (links.ts), as GS1's
// resolver conformance asks (Conformance1_2.txt, and the requests of GS1DigitalLinkResolverTestSuite.js):
//   - linkType=linkset (or the older all), or an Accept of application/linkset+json: 200, the linkset;
//   - linkType naming a link type some level has: 307 to its link, the most qualified level's first;
//   - a linkType no level has: 404;
//   - no linkType: 307 to the default link, the most qualified level's.
// A redirect passes the request's query on (but linkType), and every answer names the linkset in Link.
import { curieOf, LINK_TYPE, LINKSET_REQUESTS } from './link-types.js';
import { contextLink, LINKSET_TYPE, linksetLink, linksetOf, type Linkset } from './linkset.js';
import type { Level } from './links.js';

export interface Asked {
  /** The request's Accept header ('' when none). */
  accept: string;
  /** The query as sent, without the '?'. */
  query: string;
  /** The linkType asked for, or null. */
  linkType: string | null;
}

export interface Answer {
  status: 200 | 307 | 404;
  headers: Record<string, string>;
  body: Linkset | string | null;
}

export const NO_SUCH_LINK = 'No link of that type for this item.';

/** The query's pairs but linkType, as sent (a redirect passes them on). */
export function passedOn(query: string): string {
  return query
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=')[0] !== 'linkType')
    .join('&');
}

export function answerOf(levels: Level[], asked: Asked): Answer {
  const anchor = levels[0]!.anchor;
  const link = linksetLink(anchor);
  const wantsLinkset = asked.accept.includes(LINKSET_TYPE);
  if ((asked.linkType !== null && LINKSET_REQUESTS.has(asked.linkType)) || (asked.linkType === null && wantsLinkset)) {
    return {
      status: 200,
      headers: {
        'content-type': wantsLinkset ? LINKSET_TYPE : 'application/json; charset=utf-8',
        link: `${link}, ${contextLink}`,
        vary: 'Accept',
      },
      body: linksetOf(levels),
    };
  }
  const type = asked.linkType === null ? LINK_TYPE.defaultLink : curieOf(asked.linkType);
  const target = levels.flatMap((level) => level.links).find(([t]) => t === type)?.[1];
  if (!target)
    return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', link }, body: NO_SUCH_LINK };
  const query = passedOn(asked.query);
  const location = query ? `${target.href}${target.href.includes('?') ? '&' : '?'}${query}` : target.href;
  return { status: 307, headers: { location, link, vary: 'Accept', 'cache-control': 'no-cache' }, body: null };
}
