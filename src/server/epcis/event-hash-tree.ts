// The reference generator's model of an event (json_to_py.py and json_xml_model_mismatch_correction.py):
// JSON turned into (name, text, children) nodes shaped like the event's EPCIS XML. Its quirks are
// kept on purpose, since the published hashes depend on them: a dict's "type" names it, children are
// sorted unless they hold a bizTransaction, source or destination, and those lists become pairs of
// their first two children.
import { comparePy } from './event-hash-values.js';

export interface PyNode {
  name: string;
  text: string;
  children: PyItem[];
}
/** A bizTransaction, source or destination: its first two children (type and value, in JSON order). */
export interface PyPair {
  pair: [PyNode, PyNode];
}
export type PyItem = PyNode | PyPair;

export const isPair = (item: PyItem): item is PyPair => 'pair' in item;

const UNSORTED_KEYS = ['bizTransaction', 'source', 'destination'];
const PAIR_LISTS = ['sourceList', 'destinationList', 'bizTransactionList'];
const ALWAYS_IGNORED = ['#text', 'rdfs:comment', 'comment'];

/** Python's str() of a JSON value. */
function pyStr(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  return String(value);
}

/** Python's tuple order over (name, text, children). */
function compareNodes(a: PyItem, b: PyItem): number {
  if (isPair(a) || isPair(b)) return 0; // pairs are never sorted with nodes (they appear later)
  const byName = comparePy(a.name, b.name) || comparePy(a.text, b.text);
  if (byName) return byName;
  for (let i = 0; i < Math.min(a.children.length, b.children.length); i++) {
    const d = compareNodes(a.children[i]!, b.children[i]!);
    if (d) return d;
  }
  return a.children.length - b.children.length;
}

/** Namespaces of the document's @context: "prefix:" becomes "{iri}" in names and "iri" in values. */
export function namespacesOf(context: unknown): Map<string, string> {
  const namespaces = new Map<string, string>();
  if (!Array.isArray(context)) return namespaces; // the reference reads only a list
  for (const entry of context) {
    if (typeof entry === 'string') namespaces.set(entry, `{${entry}}`);
    else if (entry && typeof entry === 'object')
      for (const [prefix, iri] of Object.entries(entry)) namespaces.set(prefix, `{${pyStr(iri)}}`);
  }
  return namespaces;
}

function replaceNamespace(text: string, namespaces: Map<string, string>, isValue: boolean): string {
  const colon = text.indexOf(':');
  if (colon < 0) return text;
  const namespace = namespaces.get(text.slice(0, colon));
  if (namespace === undefined) return text;
  const rest = text.slice(colon + 1);
  return isValue ? namespace.replaceAll('{', '').replaceAll('}', '') + rest : namespace + rest;
}

/** json_to_py._json_to_py: one JSON value as a node. */
export function toPyNode(json: unknown, namespaces: Map<string, string>, ignore: readonly string[] = []): PyNode {
  let node: PyNode = { name: '', text: '', children: [] };
  if (Array.isArray(json)) {
    for (const item of json) node.children.push(toPyNode(item, namespaces));
  } else if (json && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    if ('type' in record) node = { name: pyStr(record.type), text: '', children: [] };
    if ('#text' in record) node.text = pyStr(record['#text']);
    for (const [key, value] of Object.entries(record)) {
      if (ALWAYS_IGNORED.includes(key) || ignore.includes(key)) continue;
      const child = toPyNode(value, namespaces);
      const name = replaceNamespace(key, namespaces, false);
      if (Array.isArray(value))
        for (const item of child.children) {
          const inner = item as PyNode;
          node.children.push({ name, text: inner.text, children: inner.children });
        }
      else node.children.push({ name, text: child.text, children: child.children });
    }
  } else {
    const text = typeof json === 'string' ? replaceNamespace(json, namespaces, true) : pyStr(json);
    return { name: '', text, children: [] };
  }
  // `key in obj` in Python: a dict's keys, or a list's string items.
  const holds = (key: string) =>
    Array.isArray(json) ? json.includes(key) : Object.prototype.hasOwnProperty.call(json, key);
  if (!UNSORTED_KEYS.some(holds)) node.children.sort(compareNodes);
  return node;
}

function remove<T>(list: T[], item: T) {
  list.splice(list.indexOf(item), 1);
}

function pairOf(element: PyNode): PyPair {
  const [first, second] = element.children;
  // The reference fails on the whole document here (IndexError): there is no hash to agree with.
  if (!first || !second || isPair(first) || isPair(second))
    throw new Error(`The reference event hash needs a type and a value in each ${element.name} entry`);
  return { pair: [first, second] };
}

const RENAMED: Record<string, string> = {
  inputEPC: 'epc',
  outputEPC: 'epc',
  inputQuantity: 'quantityElement',
  outputQuantity: 'quantityElement',
  childQuantity: 'quantityElement',
};

/** json_xml_model_mismatch_correction.deep_structure_correction: the XML shape of the lists. */
export function correctStructure(node: PyNode): PyNode {
  const level = node.children;
  const lists = new Map<string, PyNode[]>();
  for (const element of [...level]) {
    if (isPair(element) || !element.name.endsWith('List')) continue;
    const entries = lists.get(element.name) ?? [];
    entries.push({ name: element.name.slice(0, -4), text: element.text, children: element.children });
    lists.set(element.name, entries);
    remove(level, element);
  }
  for (const [name, entries] of lists)
    level.push({ name, text: '', children: PAIR_LISTS.includes(name) ? entries.map(pairOf) : entries });

  const childEpcs: PyNode[] = [];
  for (const element of [...level])
    if (!isPair(element) && element.name === 'childEPCs') {
      childEpcs.push({ name: 'epc', text: element.text, children: [] });
      remove(level, element);
    }
  if (childEpcs.length) level.push({ name: 'childEPCs', text: '', children: childEpcs });

  const children = level.map((element) =>
    isPair(element) || PAIR_LISTS.includes(element.name) ? element : correctStructure(element),
  );
  const name = Object.hasOwn(RENAMED, node.name)
    ? RENAMED[node.name]!
    : node.name === 'quantity' && children.length
      ? 'quantityElement'
      : node.name;
  return { name, text: node.text, children };
}
