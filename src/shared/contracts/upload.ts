// Uploads (spec 1 sections 3.15, 5.3, 8): what a file may be for, the messages, and the shape of a
// stored path, so a saved record can only point at a file the server itself stored and checked.
import { z } from 'zod';
import type { Endpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';

export type UploadKind = 'image' | 'audio' | 'pdf';
export const UPLOAD_KINDS: readonly UploadKind[] = ['image', 'audio', 'pdf'];

/** Where the client posts files; the multipart field is `productfile` and `?type=` says the kind. */
export const UPLOAD_PATH = 'Upload/FileUpload';
export const UPLOAD_FIELD = 'productfile';
export const UPLOADS_URL = '/uploads/';

export const UPLOAD_MSG = {
  image: 'Only image format is accepted.',
  audio: 'Only audio files are accepted.',
  pdf: 'Only PDF files are accepted.',
  noFile: 'Please choose a file to upload.',
  badKind: 'The upload type must be image, audio or pdf.',
  uploaded: 'File uploaded successfully.',
  badPath: 'Please upload the file again.',
} as const;

/** Largest file per kind, in bytes. */
export const UPLOAD_LIMIT: Record<UploadKind, number> = {
  image: 2 * 1024 * 1024,
  audio: 10 * 1024 * 1024,
  pdf: 10 * 1024 * 1024,
};

export const tooLargeMessage = (kind: UploadKind) =>
  `The file is too large: ${kind === 'pdf' ? 'PDFs' : kind === 'audio' ? 'audio files' : 'images'} may be at most ${UPLOAD_LIMIT[kind] / 1024 / 1024} MB.`;

/** File extensions the server gives each kind (from the content, never the sent name). */
export const KIND_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  image: ['png', 'jpg', 'gif', 'webp'],
  audio: ['mp3', 'aac', 'wav', 'ogg', 'm4a'],
  pdf: ['pdf'],
};

/** A stored name: 32 hex digits from the server, or a demo file shipped with the seed. */
export const STORED_NAME = /^(?:[a-f0-9]{32}|demo-[a-z0-9-]{1,40})\.(png|jpg|gif|webp|mp3|aac|wav|ogg|m4a|pdf)$/;

export function kindOfName(name: string): UploadKind | null {
  const m = STORED_NAME.exec(name);
  if (!m) return null;
  return UPLOAD_KINDS.find((k) => KIND_EXTENSIONS[k].includes(m[1]!)) ?? null;
}

/** An optional stored-file path of one kind ('' when none). */
export function uploadPath(kind: UploadKind, label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(250, UPLOAD_MSG.badPath)
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || (v.startsWith(UPLOADS_URL) && kindOfName(v.slice(UPLOADS_URL.length)) === kind), {
      message: UPLOAD_MSG.badPath,
    });
}

export const uploadAnswer = z.object({ Source: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

/** The screens that upload files: product (images, audio, PDFs) and company (logo). */
export const UPLOAD_PAGES = [PAGE.productMaster, PAGE.companyMaster];

/** Multipart, so no JSON body schema: the route reads the one file itself. `?type=` says the kind. */
export const UPLOAD_API = {
  file: {
    method: 'POST',
    path: UPLOAD_PATH,
    access: { pages: UPLOAD_PAGES },
    body: undefined,
    data: uploadAnswer,
  } satisfies Endpoint<undefined, typeof uploadAnswer, { pages: typeof UPLOAD_PAGES }>,
};
