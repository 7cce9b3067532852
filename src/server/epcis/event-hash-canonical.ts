// The reference generator's pre-hash string (hash_generator.py): the fields of PROP_ORDER first, in
// that order, each "name=value" with its values sorted, then whatever is left (user extensions and
// the lists the order cannot reach) in sorted generic form. Fields are joined with nothing between.
import { normaliseGs1Uri } from './event-hash-digital-link.js';
import { isPair, type PyItem, type PyNode } from './event-hash-tree.js';
import { comparePy, fixTimestamp, formatNumeric, pyStrip } from './event-hash-values.js';

type Order = readonly (readonly [string, Order | null])[];

const EPC: Order = [['epc', null]];
const QUANTITY: Order = [
  [
    'quantityElement',
    [
      ['epcClass', null],
      ['quantity', null],
      ['uom', null],
    ],
  ],
];
// The reference orders these lists by (type, value) tuples that never equal a node's name, so they
// yield nothing here and are written by the generic pass at the end: an empty order does the same.
const PAIRS: Order = [];
const SENSOR_METADATA = 'time startTime endTime deviceID deviceMetadata rawData dataProcessingMethod bizRules';
const SENSOR_REPORT =
  'type exception deviceID deviceMetadata rawData dataProcessingMethod time microorganism chemicalSubstance value component stringValue booleanValue hexBinaryValue uriValue minValue maxValue meanValue sDev percRank percValue uom coordinateReferenceSystem';
const leaves = (names: string): Order => names.split(' ').map((name) => [name, null] as const);

/** PROP_ORDER of the reference's __init__.py. */
const PROP_ORDER: Order = [
  ['eventTime', null],
  ['eventTimeZoneOffset', null],
  ['certificationInfo', null],
  ['parentID', null],
  ['epcList', EPC],
  ['inputEPCList', EPC],
  ['childEPCs', EPC],
  ['quantityList', QUANTITY],
  ['childQuantityList', QUANTITY],
  ['inputQuantityList', QUANTITY],
  ['outputEPCList', EPC],
  ['outputQuantityList', QUANTITY],
  ['action', null],
  ['transformationID', null],
  ['bizStep', null],
  ['disposition', null],
  ['persistentDisposition', leaves('set unset')],
  ['readPoint', [['id', null]]],
  ['bizLocation', [['id', null]]],
  ['bizTransactionList', PAIRS],
  ['sourceList', PAIRS],
  ['destinationList', PAIRS],
  [
    'sensorElementList',
    [
      [
        'sensorElement',
        [
          ['sensorMetadata', leaves(SENSOR_METADATA)],
          ['sensorReport', leaves(SENSOR_REPORT)],
        ],
      ],
    ],
  ],
];

/** Fields never hashed. */
const EXCLUDED = ['recordTime', 'eventID', 'type', 'errorDeclaration'];

const WEB_VOCABULARY: [string, string][] = [
  ['urn:epcglobal:cbv:bizstep:', 'https://ref.gs1.org/cbv/BizStep-'],
  ['urn:epcglobal:cbv:disp:', 'https://ref.gs1.org/cbv/Disp-'],
  ['urn:epcglobal:cbv:btt:', 'https://ref.gs1.org/cbv/BTT-'],
  ['urn:epcglobal:cbv:sdt:', 'https://ref.gs1.org/cbv/SDT-'],
  ['urn:epcglobal:cbv:er:', 'https://ref.gs1.org/cbv/ER-'],
];

/** _canonize_value: CBV URNs as web vocabulary, numbers as Python writes them, GS1 keys as Digital Links. */
function canonize(text: string): string {
  let value = text;
  for (const [urn, web] of WEB_VOCABULARY) value = value.replaceAll(urn, web);
  value = formatNumeric(value);
  return normaliseGs1Uri(value) ?? value;
}

const sortPy = (values: string[]) => values.sort(comparePy);

function remove(list: PyItem[], item: PyItem) {
  list.splice(list.indexOf(item), 1);
}

/** _gather_user_extensions: namespaced children of a nested element, taken out to be written last. */
function takeUserExtensions(children: PyItem[]): PyNode[] {
  if (children.length <= 1) return [];
  if (children.some((c) => !isPair(c) && (c.name.includes('eventTime') || c.name.includes('action')))) return []; // the event's own level: its extensions are written by the generic pass
  const extensions = children.filter((c): c is PyNode => !isPair(c) && c.name.includes('{') && c.name.includes('/}'));
  for (const extension of extensions) remove(children, extension);
  return extensions;
}

function childText(child: PyNode, order: Order | null): string {
  const nested = order?.length ? inOrder(child.children, order) : '';
  let text = '';
  if (child.text) {
    const value = pyStrip(child.text);
    const lower = child.name.toLowerCase();
    text = lower.includes('time') && !lower.includes('offset') ? fixTimestamp(value) : canonize(value);
    if (text) text = `=${text}`;
  }
  return text || nested ? child.name + text + nested : '';
}

/** _recurse_through_children_in_order; written children leave the tree, what remains is generic. */
function inOrder(children: PyItem[], order: Order): string {
  let preHash = '';
  const extensions = takeUserExtensions(children);
  for (const [name, sub] of order) {
    const values: string[] = [];
    for (const child of children.filter((c): c is PyNode => !isPair(c) && c.name === name)) {
      const text = childText(child, sub);
      if (text) values.push(text);
      if (child.children.length === 0) remove(children, child);
    }
    sortPy(values);
    if (values.join('')) preHash = (preHash ? [preHash, ...values] : values).join('');
  }
  return extensions.length ? preHash + generic(extensions) : preHash;
}

/** _generic_child_list_to_prehash_string, with should_sort. */
function generic(children: readonly PyItem[]): string {
  const values = children.map((child) => {
    if (isPair(child)) return generic(child.pair);
    let text = pyStrip(child.text);
    if (text) text = `=${canonize(text)}`;
    return child.name + text + generic(child.children);
  });
  const keepsOrder = children.some((c) => !isPair(c) && ['bizTransaction', 'source', 'destination'].includes(c.name));
  if (children.length > 1 && !keepsOrder) sortPy(values);
  return values.join('');
}

/** The pre-hash string of one event in the reference's model. */
export function preHashOfNode(event: PyNode): string {
  const ordered = inOrder(event.children, PROP_ORDER);
  const rest = event.children.filter((c) => isPair(c) || !EXCLUDED.includes(c.name));
  return `eventType=${event.name}${ordered}${rest.length ? generic(rest) : ''}`;
}
