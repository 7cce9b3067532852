// What an uploaded sheet is, by its first bytes, and a bound on what unpacking it costs. An .xlsx is a
// ZIP; a small ZIP can inflate to gigabytes (a "zip bomb"), and the spreadsheet reader inflates every
// part into memory trusting the sizes the archive declares. So every entry is inflated here first,
// with a hard output cap, and the archive is refused unless the real sizes match the declared ones
// and stay under the budget.
import { inflateRawSync } from 'node:zlib';

export type SheetKind = 'xlsx' | 'xls' | 'other';

const starts = (b: Buffer, bytes: readonly number[]) => b.length >= bytes.length && bytes.every((v, i) => b[i] === v);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file: the container of the old binary .xls. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function sheetKind(b: Buffer): SheetKind {
  if (starts(b, ZIP)) return 'xlsx';
  if (starts(b, OLE2)) return 'xls';
  return 'other';
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64 = 0xffffffff;

function findEndRecord(b: Buffer): number {
  const min = Math.max(0, b.length - 22 - 0xffff);
  for (let i = b.length - 22; i >= min; i--) if (b.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/**
 * True when every entry of the ZIP inflates to exactly its declared size and all of them together
 * to at most `maxTotal` bytes (ZIP64, other methods and more than `maxEntries` entries are refused:
 * no spreadsheet of a few thousand rows needs them).
 */
export function zipWithinBudget(b: Buffer, maxTotal: number, maxEntries = 500): boolean {
  const end = findEndRecord(b);
  if (end < 0) return false;
  const count = b.readUInt16LE(end + 10);
  if (count === 0 || count > maxEntries) return false;
  let p = b.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== CENTRAL) return false;
    const method = b.readUInt16LE(p + 10);
    const packed = b.readUInt32LE(p + 20);
    const size = b.readUInt32LE(p + 24);
    const local = b.readUInt32LE(p + 42);
    if (packed === ZIP64 || size === ZIP64 || local === ZIP64) return false;
    total += size;
    if (total > maxTotal) return false;
    if (local + 30 > b.length || b.readUInt32LE(local) !== LOCAL) return false;
    const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    if (start + packed > b.length) return false;
    const data = b.subarray(start, start + packed);
    if (method === 0) {
      if (packed !== size) return false;
    } else if (method === 8) {
      try {
        // One byte more than declared: a longer stream fails here instead of filling memory.
        if (inflateRawSync(data, { maxOutputLength: size + 1 }).length !== size) return false;
      } catch {
        return false;
      }
    } else return false;
    p += 46 + b.readUInt16LE(p + 28) + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
  }
  return true;
}
