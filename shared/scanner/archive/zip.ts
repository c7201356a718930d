/**
 * Reads a zip archive from its central directory (the authoritative list of entries, with the
 * Unix mode that marks symlinks) and inflates each entry with fflate's streaming inflater, so the
 * byte budget is checked as output is produced rather than trusting the sizes the archive states.
 */
import { Inflate } from 'fflate';
import { ArchiveError, type Budget } from './limits.js';

/** One entry: its name, whether it is a directory, and its bytes (files only). */
export interface RawEntry {
  name: string;
  directory: boolean;
  bytes?: Uint8Array;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

function findEndOfCentralDirectory(b: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535.
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b.readUInt32LE(i) === EOCD) return i;
  }
  throw new ArchiveError('corrupt', 'not a zip archive: no end of central directory');
}

function inflate(data: Uint8Array, name: string, budget: Budget): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    budget.bytes(name, chunk.length, size);
    chunks.push(chunk);
  });
  try {
    inflater.push(data, true);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError('corrupt', 'a zip entry does not inflate', name);
  }
  return Buffer.concat(chunks);
}

function entryData(b: Buffer, offset: number, packed: number, method: number, name: string, budget: Budget): Uint8Array {
  if (offset + 30 > b.length || b.readUInt32LE(offset) !== LOCAL) throw new ArchiveError('corrupt', 'bad local header', name);
  const start = offset + 30 + b.readUInt16LE(offset + 26) + b.readUInt16LE(offset + 28);
  if (start + packed > b.length) throw new ArchiveError('corrupt', 'entry runs past the end of the archive', name);
  const data = b.subarray(start, start + packed);
  if (method === 8) return inflate(data, name, budget);
  if (method === 0) {
    budget.bytes(name, data.length, data.length);
    return data;
  }
  throw new ArchiveError('unsupported', `compression method ${method} is not supported (use deflate or store)`, name);
}

/** Every entry of a zip archive, within the budget. */
export function readZip(b: Buffer, budget: Budget): RawEntry[] {
  const end = findEndOfCentralDirectory(b);
  const count = b.readUInt16LE(end + 10);
  let at = b.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ArchiveError('unsupported', 'zip64 archives are not supported');
  const entries: RawEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== CENTRAL) throw new ArchiveError('corrupt', 'bad central directory');
    const flags = b.readUInt16LE(at + 8);
    const method = b.readUInt16LE(at + 10);
    const packed = b.readUInt32LE(at + 20);
    const nameLength = b.readUInt16LE(at + 28);
    const madeOnUnix = b.readUInt8(at + 5) === 3;
    const mode = b.readUInt32LE(at + 38) >>> 16;
    const offset = b.readUInt32LE(at + 42);
    const name = b.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    budget.entry(name);
    if (flags & 1) throw new ArchiveError('encrypted', 'encrypted entries cannot be scanned', name);
    const type = madeOnUnix ? mode & S_IFMT : 0;
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
      throw new ArchiveError(type === 0o120000 ? 'link' : 'special_file', type === 0o120000 ? 'symbolic links are refused' : 'special files are refused', name);
    }
    const directory = name.endsWith('/') || type === S_IFDIR;
    entries.push(directory ? { name, directory } : { name, directory, bytes: entryData(b, offset, packed, method, name, budget) });
  }
  return entries;
}
