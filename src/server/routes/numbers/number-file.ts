// The print file behind a signed link (GET NumberGeneration/File/<token>): a CSV streamed from the
// code maker through a Readable, so a million codes go out in flat memory at the client's pace.
// The link needs no bearer header; a tampered link answers 404, an expired one 403.
import { Readable } from 'node:stream';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Series } from '../../../shared/codes.js';
import { failure, ok, warn, type Envelope } from '../../../shared/contracts/envelope.js';
import {
  DAMAGED_ROWS_HEADER,
  damagedIn,
  GEN_MSG,
  GENERATION_API,
  printFileName,
  TOTAL_ROWS_HEADER,
  type GeneratedLink,
} from '../../../shared/contracts/numbers/generation.js';
import type { Db } from '../../db/connect.js';
import { companies, mappings, numberIssues, products } from '../../db/schema.js';
import { issuedFile, type MadeFile } from '../../domain/number-generation.js';
import { readFileLink, signFileLink, type FileLink } from '../../domain/number-file-link.js';
import { preprintedFileChunks, printFileChunks } from '../../domain/print-file.js';
import { damagedRanges, rangeAt } from '../../domain/ranges.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import type { Services } from '../../services.js';

interface FileBody {
  chunks: Iterable<string>;
  damaged: number;
}

/** The CSV chunks a link names, without the damaged numbers as they are now; null when its numbers are no longer as they were. */
async function chunksOf({ db, codes, config }: Services, link: FileLink): Promise<FileBody | null> {
  const series: Series = { kind: link.kind, prefix: link.prefix };
  if (link.kind === 'P') {
    const [issue] = await db
      .select({ id: numberIssues.id })
      .from(numberIssues)
      .where(
        and(eq(numberIssues.id, link.ref), lte(numberIssues.fromNo, link.fromNo), gte(numberIssues.toNo, link.toNo)),
      );
    if (!issue) return null;
    const skip = await damagedRanges(db, series, link.fromNo, link.toNo);
    return {
      chunks: preprintedFileChunks(codes, config.publicBaseUrl, link.fromNo, link.toNo, skip),
      damaged: damagedIn(skip, link.fromNo, link.toNo),
    };
  }
  const m = await rangeAt(db, mappings, series, link.fromNo);
  if (!m || m.toNo < link.toNo) return null;
  const [p] = await db
    .select({
      name: products.name,
      gtin: products.gtin,
      registrationNo: products.registrationNo,
      manufacturer: products.manufactureName,
      company: companies.name,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(eq(products.id, m.productId));
  const skip = await damagedRanges(db, series, link.fromNo, link.toNo);
  const chunks = printFileChunks(
    codes,
    config.publicBaseUrl,
    {
      prefix: m.prefix,
      gtin: p?.gtin ?? null,
      productName: p?.name ?? '',
      batchNo: m.batchNo,
      mfgDate: m.mfgDate,
      expDate: m.expDate,
      mrp: m.mrp,
      registrationNo: p?.registrationNo ?? '',
      manufacturer: p?.manufacturer?.trim() || (p?.company ?? ''),
    },
    link.fromNo,
    link.toNo,
    skip,
    config.labelLink,
  );
  return { chunks, damaged: damagedIn(skip, link.fromNo, link.toNo) };
}

export function numberFileRoutes(r: Router) {
  r.serve(GENERATION_API.file, async (ctx) => {
    const { db, params, reply } = ctx;
    const refuse = (status: 403 | 404, message: string) => {
      reply.code(status).send(failure(String(status), message));
      return undefined;
    };
    const link = await readFileLink(db, params.token ?? '');
    if (link === 'bad') return refuse(404, GEN_MSG.linkBad);
    if (link === 'expired') return refuse(403, GEN_MSG.linkExpired);
    const body = await chunksOf(ctx, link);
    if (!body) return refuse(404, GEN_MSG.linkGone);
    const name = printFileName(link.kind === 'S' ? link.prefix : '', link.fromNo, link.toNo);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header(TOTAL_ROWS_HEADER, String(link.toNo - link.fromNo + 1 - body.damaged))
      .header(DAMAGED_ROWS_HEADER, String(body.damaged))
      .header('cache-control', 'no-store');
    // Readable.from pulls the next chunk only when the socket has taken the last: backpressure.
    reply.send(Readable.from(body.chunks, { objectMode: false }));
    return undefined;
  });
}

/** A recorded file's answer: the link, signed now that the file's transaction has committed. */
export async function fileAnswer(db: Db, made: MadeFile): Promise<Envelope<GeneratedLink>> {
  const link: GeneratedLink = {
    downloadLinK: await signFileLink(db, made.link),
    FileName: made.fileName,
    TotalRows: made.link.toNo - made.link.fromNo + 1 - made.damaged,
    Damaged: made.damaged,
  };
  return ok(link, made.damaged > 0 ? GEN_MSG.createdWithout(made.damaged) : GEN_MSG.created);
}

/** The admin's print file of an issued preprinted range, for the outside printer (Number Issued). */
export function issueFileRoutes(r: Router) {
  r.serve(GENERATION_API.issuedFile, async ({ db, params, caller }) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    return fileAnswer(db, await db.transaction((tx) => issuedFile(tx, caller, id)));
  });
}
