// A recalled batch's notice (the gs1:recallStatus link of links.ts): a small page of its own at
// /recall/01/{GTIN}/10/{batch}, saying what the verification page says of a pack of it, with the product
// and the date. Only a recalled batch has one; any other path answers 404, as an unknown batch does.
import type { FastifyReply } from 'fastify';
import { VERIFY_MSG } from '../../shared/contracts/public/verify.js';
import type { Db } from '../db/connect.js';
import { productsOfGtin, recallOf } from './lookup.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const decoded = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

export const NO_RECALL = 'No recall on record for this batch.';

/** Answers `/recall/{rest}` where rest is `01/{GTIN}/10/{batch}`. */
export async function sendRecallNotice(db: Db, rest: string, reply: FastifyReply) {
  const parts = rest.split('/');
  const lot = parts.length === 4 && parts[0] === '01' && parts[2] === '10' ? decoded(parts[3]!) : null;
  const gtin = parts[1] ?? '';
  const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send(NO_RECALL);
  if (!lot || !/^\d{14}$/.test(gtin)) return notFound();
  const products = await productsOfGtin(db, gtin);
  const recall = await recallOf(
    db,
    products.map((p) => p.id),
    lot,
  );
  if (!recall) return notFound();
  const name = products.length === 1 ? products[0]!.name : `GTIN ${gtin}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Recall notice</title></head>
<body><h1>Recall notice</h1><p><strong>${escape(name)}</strong>, batch <strong>${escape(lot)}</strong>,
recalled on ${recall.at.toISOString().slice(0, 10)}.</p><p>${escape(VERIFY_MSG.recalled(recall.reason))}</p></body></html>`;
  return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}
