// The links the resolver knows for a GS1 Digital Link, one level per identified entity from the most
// qualified up to the product (walk-up, Conformance1_2.txt: "any links associated with each level up
// to the primary key SHALL be included"):
//   - a pack (the link ends in a serial, AI 21): its verification page, for any serial, since the page
//     is what tells a forged or void code from a genuine one (the resolver never looks the serial up);
//   - a batch (AI 10 alone): its recall notice, when the batch is recalled;
//   - the product (the GTIN alone): its leaflet and label, and a default link.
// Levels with no link are left out, so an unknown batch answers exactly as a known one that is not
// recalled: the resolver tells nobody which batches exist.
import type { DlElement } from '../../shared/gs1/dl-parse.js';
import { VERIFY_MSG } from '../../shared/contracts/public/verify.js';
import { PUBLIC_PAGE } from '../../shared/pages.js';
import { LINK_TYPE, type LinkType } from './link-types.js';
import type { GtinProduct, Recall } from './lookup.js';

export interface Link {
  href: string;
  title: string;
  /** The target's media type (left out of the default link, which carries a title only). */
  type?: string;
  hreflang?: string[];
}

export interface Level {
  /** The Digital Link of this entity on our domain: the linkset's anchor. */
  anchor: string;
  itemDescription: string;
  links: ReadonlyArray<readonly [LinkType, Link]>;
}

/** What the data says of the link's GTIN and batch. */
export interface Known {
  /** Every product carrying the GTIN (more than one only by a data error: then none speaks for it). */
  products: GtinProduct[];
  recall: Recall | null;
}

const encode = (e: DlElement) => `/${e.ai}/${encodeURIComponent(e.value)}`;

/** A link's canonical form on our domain (numeric AIs, values percent-encoded): the linkset's anchor. */
export const dlAnchor = (base: string, primary: DlElement, qualifiers: DlElement[]): string =>
  base + encode(primary) + qualifiers.map(encode).join('');
// The verification page speaks the visitor's language (English or Hindi); the notice is English.
const PAGE_LANGS = ['en', 'hi'];
const EN = ['en'];

/** The link's levels, most qualified first. `base` is PUBLIC_BASE_URL; `attributes` the link's data
 *  attributes (dates), which go to the verification page with the pack's link. */
export function levelsOf(
  base: string,
  primary: DlElement,
  qualifiers: DlElement[],
  attributes: DlElement[],
  known: Known,
): Level[] {
  const anchorOf = (q: DlElement[]) => dlAnchor(base, primary, q);
  const product = known.products.length === 1 ? known.products[0]! : null;
  const name = product?.name ?? `GTIN ${primary.value}`;
  const lot = qualifiers.find((q) => q.ai === '10')?.value ?? null;
  const serial = qualifiers.at(-1)?.ai === '21' ? qualifiers.at(-1)!.value : null;
  const levels: Level[] = [];

  if (serial !== null) {
    const anchor = anchorOf(qualifiers);
    const dates = attributes.map((a) => `${a.ai}=${encodeURIComponent(a.value)}`).join('&');
    // The page reads the whole link from U (src/public-page/api.ts) and checks its GTIN, batch and dates.
    const page = `${base}${PUBLIC_PAGE.verify}?U=${encodeURIComponent(dates ? `${anchor}?${dates}` : anchor)}`;
    const title = 'Verify this pack';
    levels.push({
      anchor,
      itemDescription: `${name}, pack ${serial}`,
      links: [
        [LINK_TYPE.defaultLink, { href: page, title }],
        [LINK_TYPE.pip, { href: page, title, type: 'text/html', hreflang: PAGE_LANGS }],
      ],
    });
  }
  if (lot !== null && known.recall) {
    const href = `${base}/recall${anchorOf([]).slice(base.length)}/10/${encodeURIComponent(lot)}`;
    levels.push({
      anchor: anchorOf([{ ai: '10', value: lot }]),
      itemDescription: `${name}, batch ${lot}`,
      links: [[LINK_TYPE.recallStatus, { href, title: 'Recall notice', type: 'text/html', hreflang: EN }]],
    });
  }
  levels.push({ anchor: anchorOf([]), itemDescription: name, links: productLinks(base, product) });
  return levels;
}

/** The product's documents; its default is the leaflet, else the label, else the verification page,
 *  which asks for the pack's own code (VERIFY_MSG.code). */
function productLinks(base: string, p: GtinProduct | null): Array<readonly [LinkType, Link]> {
  const file = (path: string | null) => (path ? base + path : null);
  const leaflet = file(p?.leafletPdf ?? null);
  const label = file(p?.labelPdf ?? null);
  const links: Array<readonly [LinkType, Link]> = [];
  const byDefault = leaflet
    ? { href: leaflet, title: 'Product leaflet' }
    : label
      ? { href: label, title: 'Product label' }
      : { href: base + PUBLIC_PAGE.verify, title: VERIFY_MSG.code };
  links.push([LINK_TYPE.defaultLink, byDefault]);
  if (leaflet)
    links.push([LINK_TYPE.instructions, { href: leaflet, title: 'Product leaflet', type: 'application/pdf' }]);
  if (label) links.push([LINK_TYPE.safetyInfo, { href: label, title: 'Product label', type: 'application/pdf' }]);
  return links;
}
