// HTTPS for a server that faces the handhelds itself: a PWA installs and its service worker runs only
// on a secure origin, so a site without a TLS proxy in front gives the server its certificate. With
// it the server speaks HTTP/2 (one connection for every file of a first load) and HTTP/1.1 over TLS
// for older clients.
import { readFileSync } from 'node:fs';
import type { Config } from '../config.js';

export interface TlsFiles {
  allowHTTP1: true;
  cert: Buffer;
  key: Buffer;
}

/** The certificate and key, or undefined for plain HTTP; a half-given or unreadable pair stops the start. */
export function tlsFiles(config: Pick<Config, 'tlsCertFile' | 'tlsKeyFile'>): TlsFiles | undefined {
  const { tlsCertFile, tlsKeyFile } = config;
  if (!tlsCertFile && !tlsKeyFile) return undefined;
  if (!tlsCertFile || !tlsKeyFile) throw new Error('Set both TLS_CERT_FILE and TLS_KEY_FILE, or neither.');
  const read = (name: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (err) {
      throw new Error(`${name}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
    }
  };
  return { allowHTTP1: true, cert: read('TLS_CERT_FILE', tlsCertFile), key: read('TLS_KEY_FILE', tlsKeyFile) };
}
