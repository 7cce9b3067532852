// The security headers of every answer, by what it is: an API answer, a stored upload, or a page
// of the app (the shell and its static files). Written here once, set last (onSend), so errors,
// 404s and files sent by plugins wear them too.
import type { FastifyInstance } from 'fastify';

/**
 * The app's own policy. Mantine writes <style> tags and style attributes, hence 'unsafe-inline' for
 * styles only; QR images and generated files are data: and blob: URLs; Papa Parse may run a blob: worker.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob: data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A stored file is data, never a document of ours: no scripts, no plugins, its own opaque origin. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const API_PATH = /^\/api(\/|$)/i;
const UPLOAD_PATH = /^\/uploads(\/|$)/i;

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    const path = req.url.split('?')[0] ?? '';
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (API_PATH.test(path)) {
      // Answers carry personal and company data: no browser or proxy may keep a copy.
      reply.header('cache-control', 'no-store');
    } else if (UPLOAD_PATH.test(path)) {
      reply.header('content-security-policy', UPLOAD_CSP);
    } else {
      reply.header('content-security-policy', PAGE_CSP);
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
