// Tells what a file is from its first bytes (magic numbers), never from its name or the type the
// client claims. Only the formats the screens accept are known; anything else is null.
import type { UploadKind } from '../../../shared/contracts/upload.js';

export interface Detected {
  kind: UploadKind;
  ext: string;
  mime: string;
}

const ascii = (b: Buffer, at: number, text: string) =>
  b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

const starts = (b: Buffer, bytes: number[]) => b.length >= bytes.length && bytes.every((v, i) => b[i] === v);

/** MPEG audio frame sync: 11 set bits, a real version and layer (so JPEG's FF D8 never matches). */
function mpegFrame(b: Buffer): 'mp3' | 'aac' | null {
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return null;
  const version = (b[1]! >> 3) & 3;
  const layer = (b[1]! >> 1) & 3;
  // ADTS (AAC) uses the MPEG-4/2 sync with layer 00.
  if ((b[1]! & 0xf6) === 0xf0) return 'aac';
  if (version === 1 || layer === 0) return null;
  const bitrate = b[2]! >> 4;
  const rate = (b[2]! >> 2) & 3;
  return bitrate !== 15 && rate !== 3 ? 'mp3' : null;
}

const M4A_BRANDS = ['M4A ', 'M4B ', 'mp42', 'isom', 'iso2', 'mp41'];

export function detect(b: Buffer): Detected | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', ext: 'png', mime: 'image/png' };
  if (starts(b, [0xff, 0xd8, 0xff])) return { kind: 'image', ext: 'jpg', mime: 'image/jpeg' };
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return { kind: 'image', ext: 'gif', mime: 'image/gif' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { kind: 'image', ext: 'webp', mime: 'image/webp' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { kind: 'audio', ext: 'wav', mime: 'audio/wav' };
  if (ascii(b, 0, 'OggS')) return { kind: 'audio', ext: 'ogg', mime: 'audio/ogg' };
  if (ascii(b, 0, 'ID3')) return { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg' };
  if (ascii(b, 4, 'ftyp') && M4A_BRANDS.some((brand) => ascii(b, 8, brand)))
    return { kind: 'audio', ext: 'm4a', mime: 'audio/mp4' };
  const frame = mpegFrame(b);
  if (frame === 'mp3') return { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg' };
  if (frame === 'aac') return { kind: 'audio', ext: 'aac', mime: 'audio/aac' };
  if (ascii(b, 0, '%PDF-')) return { kind: 'pdf', ext: 'pdf', mime: 'application/pdf' };
  return null;
}

/** The content type a stored file is served with, from the extension the server gave it. */
export const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
};
