// Makes and checks the keyed MAC of a uid (format in shared/codes.ts). The MAC is AES-128 of the
// code's single 16-byte block under a key derived from CODE_SECRET, cut to 40 bits: a block cipher
// is a PRF on one fixed-size block, so this is a sound MAC, and a whole print run is one cipher call.
import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { macBlock, macText, parseUid, scannedUid, uidBody, type ParsedUid, type Series } from '../../shared/codes.js';

export interface CodeMac {
  /** The uid of one serial. */
  make(series: Series, serial: number): string;
  /** The uids of serials from..to, in order, made in one pass. */
  makeRange(series: Series, from: number, to: number): string[];
  /** A scanned uid or URL that carries a genuine MAC, or null (forged, mistyped, truncated). */
  check(scan: string): ParsedUid | null;
}

/** One cipher call per batch: this is what keeps a million-code file fast. */
const BATCH = 4096;

export function codeMac(secret: string): CodeMac {
  const key = createHmac('sha256', secret).update('fieldtrace uid mac v1').digest().subarray(0, 16);
  // One cipher for every call: ECB keeps no state between whole blocks, and every call gives whole
  // blocks, so each update is the blocks' encryption alone (making a cipher cost more than using it).
  const cipher = createCipheriv('aes-128-ecb', key, null);
  cipher.setAutoPadding(false);
  const encrypt = (blocks: Uint8Array) => cipher.update(blocks);
  const macOf = (series: Series, serial: number) => macText(encrypt(macBlock(series, serial)));

  return {
    make: (series, serial) => uidBody(series, serial) + macOf(series, serial),
    makeRange(series, from, to) {
      const out: string[] = [];
      const blocks = new Uint8Array(16 * BATCH);
      for (let start = from; start <= to; start += BATCH) {
        const n = Math.min(BATCH, to - start + 1);
        for (let i = 0; i < n; i++) macBlock(series, start + i, blocks, 16 * i);
        const sealed = encrypt(blocks.subarray(0, 16 * n));
        for (let i = 0; i < n; i++) out.push(uidBody(series, start + i) + macText(sealed, 16 * i));
      }
      return out;
    },
    check(scan) {
      const parsed = parseUid(scannedUid(scan));
      if (!parsed) return null;
      const want = Buffer.from(macOf(parsed, parsed.serial));
      const got = Buffer.from(parsed.mac);
      return want.length === got.length && timingSafeEqual(want, got) ? parsed : null;
    },
  };
}
