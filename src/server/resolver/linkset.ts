// The linkset (RFC 9264, as gs1/linkset's schema constrains it): one context object per level, its
// anchor, its itemDescription and, per link type (as a full URI), the list of its links.
import { linkTypeUri } from './link-types.js';
import type { Level, Link } from './links.js';

export const LINKSET_TYPE = 'application/linkset+json';

/** The JSON-LD context a linkset names in its Link header (gs1/linkset's, as GS1's test asks). */
export const LINKSET_CONTEXT = 'https://gs1.github.io/linkset/linksetContext.jsonld';

export interface Linkset {
  linkset: Array<Record<string, string | Link[]>>;
}

export function linksetOf(levels: Level[]): Linkset {
  return {
    linkset: levels.map((level) => {
      const entry: Record<string, string | Link[]> = { anchor: level.anchor, itemDescription: level.itemDescription };
      for (const [type, link] of level.links) {
        const key = linkTypeUri(type);
        entry[key] = [...((entry[key] as Link[] | undefined) ?? []), link];
      }
      return entry;
    }),
  };
}

/** The Link header of every answer about a link: where its linkset is. */
export const linksetLink = (anchor: string): string =>
  `<${anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"`;

/** The Link header of a linkset answer: its JSON-LD context besides. */
export const contextLink = `<${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`;
