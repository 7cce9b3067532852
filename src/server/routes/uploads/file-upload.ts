// Upload/FileUpload (spec 1 sections 3.15, 5.3, 8): one file in the multipart field `productfile`,
// its kind in `?type=image|audio|pdf` (default image). The content decides what the file is; it
// is stored under DATA_DIR/uploads with a random name and recorded in `uploads`.
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { warn } from '../../../shared/contracts/envelope.js';
import {
  tooLargeMessage,
  UPLOAD_API,
  UPLOAD_FIELD,
  UPLOAD_KINDS,
  UPLOAD_LIMIT,
  UPLOAD_MSG,
  UPLOADS_URL,
  type UploadKind,
} from '../../../shared/contracts/upload.js';
import { uploads } from '../../db/schema.js';
import type { Router } from '../../http/route.js';
import { detect } from './sniff.js';

export const uploadDir = (dataDir: string) => join(dataDir, 'uploads');

type Read = { kind: UploadKind; data: Buffer; name: string } | { refused: string };

const fieldValue = (f: unknown): string | undefined => {
  const v = (Array.isArray(f) ? f[0] : f) as { type?: string; value?: unknown } | undefined;
  return v?.type === 'field' && typeof v.value === 'string' ? v.value : undefined;
};

async function readFile(req: FastifyRequest, typeQuery: string | undefined): Promise<Read> {
  if (!req.isMultipart()) return { refused: UPLOAD_MSG.noFile };
  let kind: UploadKind = 'image';
  const limit = Math.max(...Object.values(UPLOAD_LIMIT));
  const part = await req.file({ limits: { fileSize: limit, files: 1, fields: 5, parts: 6 } }).catch(() => undefined);
  if (!part || part.fieldname !== UPLOAD_FIELD) return { refused: UPLOAD_MSG.noFile };
  // The kind may come in the query or as a form field sent before the file.
  const typed = typeQuery ?? fieldValue(part.fields.type);
  if (typed !== undefined) {
    if (!UPLOAD_KINDS.includes(typed as UploadKind)) return { refused: UPLOAD_MSG.badKind };
    kind = typed as UploadKind;
  }
  try {
    const data = await part.toBuffer();
    if (data.length > UPLOAD_LIMIT[kind]) return { refused: tooLargeMessage(kind) };
    return { kind, data, name: part.filename ?? '' };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { refused: tooLargeMessage(kind) };
    throw e;
  }
}

export function uploadRoutes(r: Router) {
  r.serve(UPLOAD_API.file, async ({ db, config, caller, req, query, reply }) => {
    const read = await readFile(req, query.type);
    if ('refused' in read) return warn(read.refused);
    if (read.data.length === 0) return warn(UPLOAD_MSG.noFile);
    const found = detect(read.data);
    if (!found || found.kind !== read.kind) return warn(UPLOAD_MSG[read.kind]);

    const stored = `${randomBytes(16).toString('hex')}.${found.ext}`;
    const dir = uploadDir(config.dataDir);
    await mkdir(dir, { recursive: true });
    const file = join(dir, stored);
    await writeFile(file, read.data, { flag: 'wx' });
    try {
      await db.insert(uploads).values({
        storedName: stored,
        originalName: read.name.slice(0, 250) || null,
        mime: found.mime,
        size: read.data.length,
        uploadedBy: caller.userId,
      });
    } catch (e) {
      // Nothing half-saved: a file without its record is removed.
      await unlink(file).catch(() => undefined);
      throw e;
    }
    const Source = UPLOADS_URL + stored;
    // The spec's client reads Source at the top level; ours reads the envelope's data.
    return reply.send({ ResponseCode: '200', ResponseMessage: UPLOAD_MSG.uploaded, ResponseData: { Source }, Source });
  });
}
