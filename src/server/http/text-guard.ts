// The text rule at the request boundary: path parameters, query strings, the JSON body (keys too)
// and the names and fields of multipart parts, so no route can forget it.
import type { FastifyRequest } from 'fastify';
import { checkTexts, isStorableText, type TextVerdict } from '../../shared/contracts/text.js';

/** Params and query are flat strings from the router; the body is whatever JSON the caller sent (or
 *  the part of it a route checks here, the rest being checked piece by piece by the route). */
export function checkRequestTexts(req: FastifyRequest, body: unknown = req.body): TextVerdict {
  for (const part of [req.params, req.query]) {
    if (checkTexts(part) !== 'ok') return 'unstorable';
  }
  return checkTexts(body);
}

type Part = { fieldname?: unknown; filename?: unknown; value?: unknown; fields?: Record<string, unknown> };

function partIsStorable(part: Part): boolean {
  const texts = [part.fieldname, part.filename, part.value].filter((t): t is string => typeof t === 'string');
  return texts.every(isStorableText);
}

/** A multipart request whose parts broke the rule; the Router answers it whatever the handler did. */
const refused = new WeakSet<FastifyRequest>();

export class UnstorablePart extends Error {
  constructor() {
    super('multipart part with unstorable text');
  }
}

/** Wraps req.file so the part it hands out (and every field sent before it) is checked first. */
export function guardMultipart(req: FastifyRequest) {
  if (typeof req.file !== 'function' || !req.isMultipart()) return;
  const original = req.file.bind(req);
  req.file = async (options) => {
    const file = await original(options);
    if (!file) return file;
    const parts = [file, ...Object.values(file.fields).flat()] as Part[];
    if (!parts.every(partIsStorable)) {
      refused.add(req);
      throw new UnstorablePart();
    }
    return file;
  };
}

export const multipartRefused = (req: FastifyRequest) => refused.has(req);
