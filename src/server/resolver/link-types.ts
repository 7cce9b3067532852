// The GS1 link types the resolver answers (GS1 Web Vocabulary, https://ref.gs1.org/voc/), and how a
// request's linkType names one: the CURIE (gs1:pip) or the full URI in any of the three spellings of
// GS1's namespace that GS1's own test suite accepts (gs1.org, www.gs1.org, ref.gs1.org).

/** The namespace the linkset writes its link types in (the current, ratified one). */
export const GS1_VOC = 'https://ref.gs1.org/voc/';

/** The link types we serve, as CURIEs. Each is in GS1's ratified list (docs/resolver.md says why each). */
export const LINK_TYPE = {
  /** The one link a plain request redirects to (no other attributes than its title). */
  defaultLink: 'gs1:defaultLink',
  /** The verification page of one pack: what it is and whether it is genuine. */
  pip: 'gs1:pip',
  /** The product leaflet: directions for use (the product master's Pamphlet). */
  instructions: 'gs1:instructions',
  /** The product label: cautions, antidote, first aid (the product master's label PDF). */
  safetyInfo: 'gs1:safetyInfo',
  /** A recalled batch's notice. */
  recallStatus: 'gs1:recallStatus',
} as const;

export type LinkType = (typeof LINK_TYPE)[keyof typeof LINK_TYPE];

/** linkType values that ask for the linkset itself ('all' is the spelling deprecated in 2024 that GS1's
 *  test still sends with an Accept of application/linkset+json). */
export const LINKSET_REQUESTS: ReadonlySet<string> = new Set(['linkset', 'all']);

const NAMESPACE = /^https?:\/\/(?:www\.|ref\.)?gs1\.org\/voc\//i;

/** A requested linkType as a CURIE ('gs1:pip'); a name outside GS1's namespace stays as given. */
export function curieOf(linkType: string): string {
  return NAMESPACE.test(linkType) ? `gs1:${linkType.replace(NAMESPACE, '')}` : linkType;
}

/** A link type's key in the linkset: its full URI. */
export const linkTypeUri = (type: LinkType): string => GS1_VOC + type.slice('gs1:'.length);
