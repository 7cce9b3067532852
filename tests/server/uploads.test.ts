// Upload/FileUpload and /uploads/<name>: content decides the type, sizes are limited, files come
// back byte for byte with their own content type, and no name reaches outside the folder.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema.js';
import { UPLOAD_LIMIT, UPLOAD_MSG, tooLargeMessage, UPLOAD_API } from '../../src/shared/contracts/upload.js';
import { PAGE } from '../../src/shared/pages.js';
import { countRows, insertCompany, insertUser } from '../helpers/factories.js';
import { filePart, fixture, multipart, type Part } from '../helpers/factories-products.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let admin: string;

interface UploadReply {
  status: number;
  body: Record<string, unknown>;
}

async function upload(parts: Part[], token: string | undefined, query = ''): Promise<UploadReply> {
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/API/api/Upload/FileUpload${query}`,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: JSON.parse(res.payload) as Record<string, unknown> };
}

const fetchFile = (path: string) => t.app.inject({ method: 'GET', url: path });

beforeAll(async () => {
  admin = await t.token('admin');
});

describe('Upload/FileUpload accepts by content', () => {
  it.each([
    ['sample.png', 'image', 'image/png', 'png'],
    ['sample.jpg', 'image', 'image/jpeg', 'jpg'],
    ['sample.mp3', 'audio', 'audio/mpeg', 'mp3'],
    ['bare.mp3', 'audio', 'audio/mpeg', 'mp3'],
    ['sample.wav', 'audio', 'audio/wav', 'wav'],
    ['sample.pdf', 'pdf', 'application/pdf', 'pdf'],
  ])('%s as %s is stored and served back byte for byte as %s', async (file, kind, mime, ext) => {
    const before = await countRows(t.db, uploads);
    const res = await upload([filePart(fixture(file), file)], admin, `?type=${kind}`);
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode).toBe('200');
    const source = res.body.Source as string;
    expect(source).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
    expect(res.body.ResponseData).toEqual({ Source: source });
    expect(await countRows(t.db, uploads)).toBe(before + 1);

    const served = await fetchFile(source);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(fixture(file))).toBe(true);
  });

  it('a PNG named .mp3 and sent as audio/mpeg is still an image, stored as .png', async () => {
    const res = await upload([filePart(fixture('sample.png'), 'song.mp3', 'audio/mpeg')], admin, '?type=image');
    expect(res.body.ResponseCode).toBe('200');
    expect(res.body.Source).toMatch(/\.png$/);
    const refused = await upload([filePart(fixture('sample.png'), 'song.mp3', 'audio/mpeg')], admin, '?type=audio');
    expect(refused.body).toMatchObject({ ResponseCode: '400', ResponseMessage: UPLOAD_MSG.audio });
  });

  it('without a type the file must be an image (the company logo call sends none)', async () => {
    expect((await upload([filePart(fixture('sample.png'), 'logo.png')], admin)).body.ResponseCode).toBe('200');
    const pdf = await upload([filePart(fixture('sample.pdf'), 'logo.png', 'image/png')], admin);
    expect(pdf.body).toMatchObject({ ResponseCode: '400', ResponseMessage: UPLOAD_MSG.image });
  });

  it('the type may come as a form field before the file', async () => {
    const res = await upload([{ field: 'type', data: 'pdf' }, filePart(fixture('sample.pdf'), 'label.pdf')], admin);
    expect(res.body.ResponseCode).toBe('200');
    expect(res.body.Source).toMatch(/\.pdf$/);
  });
});

describe('Upload/FileUpload refuses', () => {
  it('a text file named x.png: the image message, and nothing stored', async () => {
    const before = await countRows(t.db, uploads);
    const res = await upload([filePart(fixture('text.png'), 'x.png', 'image/png')], admin, '?type=image');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: 'Only image format is accepted.' });
    expect(await countRows(t.db, uploads)).toBe(before);
  });

  it('an HTML file as audio: the audio message', async () => {
    const res = await upload([filePart(fixture('page.html'), 'tune.mp3', 'audio/mpeg')], admin, '?type=audio');
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: 'Only audio files are accepted.' });
  });

  it('an image where a PDF is wanted: the PDF message', async () => {
    const res = await upload([filePart(fixture('sample.jpg'), 'label.pdf', 'application/pdf')], admin, '?type=pdf');
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: UPLOAD_MSG.pdf });
  });

  it('an image over 2 MB and a PDF over 10 MB, with the limit in the message', async () => {
    const big = Buffer.concat([fixture('sample.png'), Buffer.alloc(UPLOAD_LIMIT.image)]);
    const res = await upload([filePart(big, 'big.png')], admin, '?type=image');
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: tooLargeMessage('image') });
    const huge = Buffer.concat([fixture('sample.pdf'), Buffer.alloc(UPLOAD_LIMIT.pdf)]);
    const pdf = await upload([filePart(huge, 'huge.pdf')], admin, '?type=pdf');
    expect(pdf.body).toMatchObject({ ResponseCode: '400', ResponseMessage: tooLargeMessage('pdf') });
  });

  it('no file, another field name, an empty file or an unknown type', async () => {
    expect((await upload([{ field: 'type', data: 'image' }], admin)).body.ResponseMessage).toBe(UPLOAD_MSG.noFile);
    const other = await upload([{ field: 'file', data: fixture('sample.png'), filename: 'a.png' }], admin);
    expect(other.body.ResponseMessage).toBe(UPLOAD_MSG.noFile);
    expect((await upload([filePart(Buffer.alloc(0), 'a.png')], admin)).body.ResponseMessage).toBe(UPLOAD_MSG.noFile);
    expect((await upload([filePart(fixture('sample.png'), 'a.png')], admin, '?type=video')).body.ResponseMessage).toBe(
      UPLOAD_MSG.badKind,
    );
    const json = await t.send(UPLOAD_API.file, { productfile: 'x' }, admin);
    expect(json.body).toMatchObject({ ResponseCode: '400', ResponseMessage: UPLOAD_MSG.noFile });
  });

  it('no sign-in answers 401; a user without an uploading page 403; product or company master may', async () => {
    expect((await upload([filePart(fixture('sample.png'), 'a.png')], undefined)).status).toBe(401);
    const company = await insertCompany(t.db);
    const clerk = await insertUser(t.db, { companyId: company.id, pages: [PAGE.cartonMaster.key] });
    const clerkToken = (await t.signIn(clerk.email, clerk.password)).token;
    const denied = await upload([filePart(fixture('sample.png'), 'a.png')], clerkToken);
    expect(denied.status).toBe(403);
    for (const page of [PAGE.productMaster, PAGE.companyMaster]) {
      const u = await insertUser(t.db, { companyId: company.id, pages: [page.key] });
      const token = (await t.signIn(u.email, u.password)).token;
      expect((await upload([filePart(fixture('sample.png'), 'a.png')], token)).body.ResponseCode).toBe('200');
    }
  });
});

describe('GET /uploads/<name>', () => {
  it('answers 404 for unknown, malformed and traversal names, never the app shell', async () => {
    for (const path of [
      '/uploads/0123456789abcdef0123456789abcdef.png',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/../package.json',
      '/uploads/%2e%2e%2fpackage.json',
      '/uploads/x.png',
      '/uploads/',
      '/uploads/demo-..png',
      '/uploads/ABC.html',
    ]) {
      const res = await fetchFile(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.payload, path).not.toContain('Fieldtrace test shell');
    }
  });

  it('serves the demo pictures the seed points at', async () => {
    const res = await fetchFile('/uploads/demo-biogrow-1kg.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('stores only server-made names in DATA_DIR/uploads', () => {
    const names = readdirSync(join(t.config.dataDir, 'uploads'));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(/^[a-f0-9]{32}\.(png|jpg|mp3|wav|pdf)$/);
  });
});
