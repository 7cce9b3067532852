// The backup file is a plain ustar archive (`tar tf` lists it), written and read here with positional
// file I/O: a part's header is written after its data, once its size is known, so a database dump
// streams straight into the file; reading walks the headers and checks each against the file's size,
// so a truncated file is found before any part is used.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { PartInfo } from './manifest.js';
import { damaged } from './refusal.js';

const BLOCK = 512;
const OCTAL_MAX = 8 ** 11 - 1; // what ustar's 11 octal digits hold (8 GiB); beyond, GNU tar's base-256
const padTo = (n: number) => Math.ceil(n / BLOCK) * BLOCK;

function octal(buf: Buffer, at: number, width: number, value: number) {
  buf.write(value.toString(8).padStart(width - 1, '0') + '\0', at, width, 'ascii');
}

function header(name: string, size: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  h.write(name, 0, 100, 'utf8');
  octal(h, 100, 8, 0o600);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  if (size <= OCTAL_MAX) octal(h, 124, 12, size);
  else {
    h[124] = 0x80;
    h.writeUIntBE(Math.floor(size / 2 ** 32), 128, 4);
    h.writeUInt32BE(size % 2 ** 32, 132);
  }
  octal(h, 136, 12, Math.floor(Date.now() / 1000));
  h.write('        ', 148, 8, 'ascii');
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\0' + '00', 257, 8, 'ascii');
  h.write(checksum(h).toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return h;
}

/** The header's checksum: its bytes summed with the checksum field read as spaces. */
function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  return sum;
}

export class TarWriter {
  private pos = 0;
  private constructor(private readonly file: FileHandle) {}

  /** A new archive at `path` (which must not exist yet). */
  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx', 0o600));
  }

  /** Writes one part from `source`, hashing it on the way. */
  async addPart(name: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<PartInfo> {
    const headerAt = this.pos;
    this.pos += BLOCK;
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of source) {
      hash.update(chunk);
      await this.file.write(chunk, 0, chunk.length, this.pos + size);
      size += chunk.length;
    }
    const padding = padTo(size) - size;
    if (padding) await this.file.write(Buffer.alloc(padding), 0, padding, this.pos + size);
    await this.file.write(header(name, size), 0, BLOCK, headerAt);
    this.pos += padTo(size);
    return { name, size, sha256: hash.digest('hex') };
  }

  /** The two zero blocks that end an archive, then the file is flushed to disk and closed. */
  async end(): Promise<void> {
    await this.file.write(Buffer.alloc(2 * BLOCK), 0, 2 * BLOCK, this.pos);
    await this.file.sync();
    await this.file.close();
  }

  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's data starts in the file. */
  offset: number;
}

/** Every entry of the archive at `path`; a file cut short anywhere, even in its end blocks, is refused. */
export async function listEntries(path: string): Promise<TarEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size: fileSize } = await file.stat();
    const entries: TarEntry[] = [];
    const h = Buffer.alloc(BLOCK);
    for (let pos = 0; ;) {
      const { bytesRead } = await file.read(h, 0, BLOCK, pos);
      if (bytesRead < BLOCK) throw damaged('it is truncated');
      if (h.every((b) => b === 0)) {
        const { bytesRead: second } = await file.read(h, 0, BLOCK, pos + BLOCK);
        if (second < BLOCK || !h.every((b) => b === 0)) throw damaged('it is truncated');
        return entries;
      }
      const stored = parseInt(h.toString('ascii', 148, 156).replace(/[\0 ]/g, ''), 8);
      if (stored !== checksum(h)) throw damaged('a part header is corrupt');
      const type = h.toString('ascii', 156, 157);
      if (type !== '0' && type !== '\0') throw damaged('it holds something other than plain files');
      const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size =
        h[124] === 0x80 && h.readUInt32BE(124) === 0x80000000
          ? h.readUInt32BE(128) * 2 ** 32 + h.readUInt32BE(132)
          : parseInt(h.toString('ascii', 124, 136).replace(/[\0 ]/g, '') || 'x', 8);
      if (!Number.isSafeInteger(size) || size < 0) throw damaged('a part header is corrupt');
      const offset = pos + BLOCK;
      if (offset + size > fileSize) throw damaged('it is truncated');
      entries.push({ name, size, offset });
      pos = offset + padTo(size);
    }
  } finally {
    await file.close();
  }
}

/** An entry's bytes as a stream. */
export function readEntry(path: string, entry: TarEntry): Readable {
  // createReadStream's end is inclusive, so an empty entry cannot be named by a range.
  return entry.size === 0
    ? Readable.from([])
    : createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

/** An entry's SHA-256, read from the file. */
export async function hashEntry(path: string, entry: TarEntry): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of readEntry(path, entry)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
