/**
 * Reads a ustar/pax/GNU tar stream (already gunzipped) by hand: 512-byte headers, octal sizes,
 * regular files and directories only. Long names come from pax `path` records or GNU `L`
 * entries; links, devices and FIFOs are refused.
 */
import { ArchiveError, type Budget } from './limits.js';
import type { RawEntry } from './zip.js';

const BLOCK = 512;

function field(h: Buffer, from: number, length: number): string {
  const raw = h.subarray(from, from + length);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul < 0 ? length : nul).toString('utf8');
}

function octal(h: Buffer, from: number, length: number, name: string): number {
  const text = field(h, from, length).trim();
  if (!/^[0-7]{0,12}$/.test(text)) throw new ArchiveError('corrupt', 'bad size field in tar header', name);
  return text === '' ? 0 : parseInt(text, 8);
}

function checksumOk(h: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
  return sum === parseInt(field(h, 148, 8).trim() || '-1', 8);
}

/** The `path` of a pax extended header ("<len> path=<value>\n" records). */
function paxPath(data: Buffer): string | undefined {
  const m = /(?:^|\n)\d{1,6} path=([^\n]{1,4096})\n/.exec(data.toString('utf8'));
  return m?.[1];
}

/** Every entry of a tar stream, within the budget. */
export function readTar(b: Buffer, budget: Budget): RawEntry[] {
  const entries: RawEntry[] = [];
  let at = 0;
  let longName: string | undefined;
  while (at + BLOCK <= b.length) {
    const h = b.subarray(at, at + BLOCK);
    if (h.every((byte) => byte === 0)) break;
    if (!checksumOk(h)) throw new ArchiveError('corrupt', 'bad tar header checksum');
    const prefix = field(h, 257, 6).startsWith('ustar') ? field(h, 345, 155) : '';
    const name = longName ?? (prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100));
    const size = octal(h, 124, 12, name);
    const type = String.fromCharCode(h[156] || 48);
    const data = b.subarray(at + BLOCK, at + BLOCK + size);
    if (data.length < size) throw new ArchiveError('corrupt', 'tar entry runs past the end of the archive', name);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x' || type === 'L') {
      longName = type === 'L' ? field(data, 0, data.length) : paxPath(data);
      continue;
    }
    if (type === 'g') continue;
    longName = undefined;
    budget.entry(name);
    if (type === '1' || type === '2') throw new ArchiveError('link', type === '2' ? 'symbolic links are refused' : 'hard links are refused', name);
    if (type === '5') {
      entries.push({ name, directory: true });
      continue;
    }
    if (type !== '0' && type !== '7') throw new ArchiveError('special_file', `tar entry type "${type}" is refused (devices, FIFOs)`, name);
    budget.bytes(name, size, size);
    entries.push({ name, directory: false, bytes: data });
  }
  return entries;
}
