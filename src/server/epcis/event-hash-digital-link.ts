// The reference generator's dl_normaliser.py, second half: any URI carrying a GS1 key as the
// constrained canonical Digital Link (id.gs1.org, AIs instead of short names, GTIN-14, no CPV, no lot
// beside a serial, no query), or null. Its regular expressions are kept as they are, anchored at the
// start as Python's re.match is.
import { epcUriToDigitalLink } from './event-hash-epc-uri.js';
import { pySlice } from './event-hash-values.js';

const KEYS =
  '01|gtin|8006|itip|8010|cpid|414|gln|417|party|8017|gsrnp|8018|gsrn|255|gcn|00|sscc|253|gdti|401|ginc|402|gsin|8003|grai|8004|giai';
const ANY_DIGITAL_LINK = new RegExp(
  `^https?:(\\/\\/((([^\\/?#]*)@)?([^\\/?#:]*)(:([^\\/?#]*))?))?((([^?#]*)(\\/(${KEYS})\\/)(\\d{4}[^\\/]+)(\\/[^/]+\\/[^/]+)?[/]?(\\?([^?\\n]*))?(#([^\\n]*))?)|(\\/[A-Za-z_-]{10}$))`,
);
const CANONICAL_HOST =
  /^(?:https:\/\/id.gs1.org\/(01|8006|8010|414|417|8017|8018|255|00|253|401|402|8003|8004)\/(\d{4}[^/]+)(\/[^/]+\/[^/]+)?[/]?(\?([^?\n]*))?(#([^\n]*))?|\/[A-Za-z_-]{10}$)/;
const SHORT_NAMES: [string, string][] = [
  ['/gtin/', '/01/'],
  ['/itip/', '/8006/'],
  ['/cpid/', '/8010/'],
  ['/gln/', '/414/'],
  ['/party/', '/417/'],
  ['/gsrnp/', '/8017/'],
  ['/gsrn/', '/8018/'],
  ['/gcn/', '/255/'],
  ['/sscc/', '/00/'],
  ['/gdti/', '/253/'],
  ['/ginc/', '/401/'],
  ['/gsin/', '/402/'],
  ['/grai/', '/8003/'],
  ['/giai/', '/8004/'],
  ['/cpv/', '/22/'],
  ['/lot/', '/10/'],
  ['/ser/', '/21/'],
];
// The order in which the reference looks for the primary key when it moves a link to id.gs1.org.
const PRIMARY_KEYS = [
  '00',
  '01',
  '253',
  '255',
  '401',
  '402',
  '414',
  '417',
  '8003',
  '8004',
  '8006',
  '8010',
  '8017',
  '8018',
];

// GS1 AI character set 82 (less "/" and a few), as the reference writes it.
const C = String.raw`[\x22\x27\x2D\x2E\x30-\x39\x3B-\x3F\x41-\x5A\x5F\x61-\x7A]`;
const C_SLASH = String.raw`[\x2F\x22\x27\x2D\x2E\x30-\x39\x3B-\x3F\x41-\x5A\x5F\x61-\x7A]`;
const re = (source: string) => new RegExp(`^${source}`);
const H = 'https:\\/\\/id.gs1.org\\/';

const gtinOf = (digits: number) => re(`${H}01\\/\\d{${digits}}`);
const [GTIN14, GTIN13, GTIN12, GTIN8] = [gtinOf(14), gtinOf(13), gtinOf(12), gtinOf(8)];
const CPV_LAST = [re(`${H}8006\\/\\d{18}\\/22\\/(${C}{0,20})$`), re(`${H}01\\/\\d{14}\\/22\\/(${C}{0,20})$`)];
const CPV_INNER = [
  re(`${H}8006\\/\\d{18}\\/22\\/(${C_SLASH}{0,20})$`),
  re(`${H}01\\/\\d{14}\\/22\\/(${C_SLASH}{0,20})$`),
];
const LOT_AND_SERIAL = [
  re(`${H}8006\\/\\d{18}\\/10\\/(${C}{0,20})\\/21\\/(${C}{0,20})$`),
  re(`${H}01\\/(\\d{14})\\/10\\/(${C}{0,20})\\/21\\/(${C}{0,20})$`),
];
const VALID = [
  `00\\/(\\d{18})$`,
  `01\\/(\\d{14})\\/21\\/(${C}{0,20})$`,
  `01\\/(\\d{14})\\/10\\/(${C}{0,20})$`,
  `01\\/(\\d{14})$`,
  `01\\/(\\d{14})\\/235\\/(${C}{0,28})$`,
  `253\\/(\\d{13})(${C}{0,17})$`,
  `255\\/(\\d{13})(\\d{0,12})$`,
  `401\\/(${C}{0,30})$`,
  `402\\/(\\d{17})$`,
  `414\\/(\\d{13})$`,
  `414\\/(\\d{13})\\/254\\/(${C}{0,20})$`,
  `417\\/(\\d{13})$`,
  `8003\\/(\\d{14})(${C}{0,16})$`,
  `8004\\/(${C}{0,30})$`,
  `8006\\/(\\d{18})\\/21\\/(${C}{0,20})$`,
  `8006\\/(\\d{18})\\/10\\/(${C}{0,20})$`,
  `8006\\/(\\d{18})$`,
  `8010\\/([\\x23\\x2D\\x2F\\x30-\\x39\\x41-\\x5A]{0,30})\\/8011/(\\d{0,12})$`,
  `8010\\/([\\x23\\x2D\\x2F\\x30-\\x39\\x41-\\x5A]{0,30})$`,
  `8017\\/(\\d{18})$`,
  `8018\\/(\\d{18})$`,
].map((tail) => re(H + tail));

/** The part of a Digital Link the reference keeps: canonical host, AIs, GTIN-14, no CPV or lot. */
function canonicalDigitalLink(link: string): string | null {
  if (!ANY_DIGITAL_LINK.test(link)) return null;
  let uri = link.includes('?') ? link.slice(0, link.indexOf('?')) : link;
  for (const [short, ai] of SHORT_NAMES) uri = uri.replaceAll(short, ai);
  if (!CANONICAL_HOST.test(uri)) {
    const key = PRIMARY_KEYS.find((ai) => uri.includes(`/${ai}/`));
    if (key) uri = `https://id.gs1.org${uri.slice(uri.indexOf(`/${key}/`))}`;
  }
  if (!GTIN14.test(uri)) {
    if (GTIN13.test(uri)) uri = uri.replaceAll('/01/', '/01/0');
    else if (GTIN12.test(uri)) uri = uri.replaceAll('/01/', '/01/00');
    else if (GTIN8.test(uri)) uri = uri.replaceAll('/01/', '/01/000000');
  }
  const afterCpv = pySlice(uri, uri.indexOf('/22/') + 4);
  if (CPV_LAST.some((r) => r.test(uri)))
    uri = pySlice(uri, 0, uri.indexOf('/22/')) + pySlice(afterCpv, afterCpv.indexOf('/'), -1);
  if (CPV_INNER.some((r) => r.test(uri)))
    uri = pySlice(uri, 0, uri.indexOf('/22/')) + pySlice(afterCpv, afterCpv.indexOf('/'));
  if (LOT_AND_SERIAL.some((r) => r.test(uri))) {
    const afterLot = pySlice(uri, uri.indexOf('/10/') + 4);
    uri = pySlice(uri, 0, uri.indexOf('/10/')) + pySlice(afterLot, afterLot.indexOf('/'));
  }
  return VALID.some((r) => r.test(uri)) ? uri : null;
}

/**
 * dl_normaliser.normaliser: an EPC URI, EPC class or pattern URI, or GS1 Digital Link URI as the
 * constrained canonical Digital Link; null for anything else (the value is then hashed as written).
 */
export function normaliseGs1Uri(uri: string): string | null {
  const dot = uri.indexOf('.');
  if (dot < 0) return null;
  // Every EPC pattern starts with "urn:epc:" and every link with "http": the rest are not asked.
  if (uri.startsWith('urn:epc:')) return epcUriToDigitalLink(uri, dot);
  return uri.startsWith('http') ? canonicalDigitalLink(uri) : null;
}
