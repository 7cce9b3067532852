// Serves stored uploads at /uploads/<name>: only names the server makes (a strict pattern, so no
// path can escape the folder), with the content type of the checked kind, never sniffed, and
// cached for good since a name is never reused. Public, as <img> and <audio> cannot send a token.
// Its sandboxing CSP is set with the other security headers (http/security-headers.ts).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { failure } from '../../../shared/contracts/envelope.js';
import { kindOfName, STORED_NAME, UPLOAD_LIMIT } from '../../../shared/contracts/upload.js';
import type { Config } from '../../config.js';
import { DEMO_FILES_DIR } from '../../demo/products.js';
import { uploadDir } from './file-upload.js';
import { MIME_BY_EXT } from './sniff.js';

export const NOT_FOUND_FILE = 'File not found.';

async function fileSize(path: string): Promise<number | null> {
  const s = await stat(path).catch(() => null);
  return s?.isFile() ? s.size : null;
}

export async function registerUploads(app: FastifyInstance, config: Config) {
  await app.register(multipart, {
    limits: { fileSize: Math.max(...Object.values(UPLOAD_LIMIT)), files: 1, fields: 5, parts: 6 },
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const { name } = req.params;
    const m = STORED_NAME.exec(name);
    if (!m) return reply.code(404).send(failure('404', NOT_FOUND_FILE));
    // Demo files ship with the code (every instance has them); others live in DATA_DIR.
    const path = name.startsWith('demo-') ? join(DEMO_FILES_DIR, name) : join(uploadDir(config.dataDir), name);
    const size = await fileSize(path);
    if (size === null) return reply.code(404).send(failure('404', NOT_FOUND_FILE));
    return (
      reply
        .header('content-type', MIME_BY_EXT[m[1]!]!)
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        // The stored name is safe to quote as it is (its pattern). A PDF downloads: Chromium refuses
        // to show one under a sandboxing CSP, and its scripts are better kept off our origin anyway.
        .header('content-disposition', `${kindOfName(name) === 'pdf' ? 'attachment' : 'inline'}; filename="${name}"`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(path))
    );
  });
}
