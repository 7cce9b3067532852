// The CBV 2.0 event hash of an EPCIS 2.0 JSON-LD event (CBV 2.0 section 8.9, "EPCIS event hash ID"),
// computed as the reference generator RalphTro/epcis-event-hash-generator computes it at commit
// 5d2f1c3 (docs/epcis.md, "The event hash"); its published test vectors run in
// tests/unit/server/epcis-event-hash.test.ts.
import { createHash } from 'node:crypto';
import { preHashOfNode } from './event-hash-canonical.js';
import { correctStructure, namespacesOf, toPyNode } from './event-hash-tree.js';
import { expandBareStrings } from './event-hash-vocabulary.js';

/** The version the reference writes after every hash: the canonicalisation of CBV 2.0. */
export const EVENT_HASH_VERSION = 'CBV2.0';

export interface PreHashOptions {
  /** Top-level fields left out, as the reference's `ignoreFields` document extension does. */
  ignoreFields?: readonly string[];
}

/** The pre-hash string of one EPCIS 2.0 JSON-LD event (as the reference generator writes it), given the document's @context. */
export function preHashString(event: Record<string, unknown>, context?: unknown, options: PreHashOptions = {}): string {
  const expanded = expandBareStrings(event, context);
  const node = toPyNode(expanded, namespacesOf(context), options.ignoreFields);
  return preHashOfNode(correctStructure(node));
}

/** The event's CBV 2.0 hash: ni:///sha-256;<hex>?ver=CBV2.0 */
export function eventHash(event: Record<string, unknown>, context?: unknown, options: PreHashOptions = {}): string {
  const digest = createHash('sha256')
    .update(preHashString(event, context, options), 'utf8')
    .digest('hex');
  return `ni:///sha-256;${digest}?ver=${EVENT_HASH_VERSION}`;
}
