/** Builds zip and tar.gz archives in memory for archive tests, including hostile ones. */
import { zipSync, type Zippable } from 'fflate';
import { gzipSync } from 'node:zlib';

/** A zip of path -> text; `unixMode` sets an entry's Unix mode bits (0o120777 makes a symlink). */
export function zipOf(files: Record<string, string | Uint8Array>, unixMode: Record<string, number> = {}): Buffer {
  const input: Zippable = {};
  for (const [path, body] of Object.entries(files)) {
    const data = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    input[path] = unixMode[path] === undefined ? data : [data, { os: 3, attrs: unixMode[path] << 16 }];
  }
  return Buffer.from(zipSync(input, { level: 6 }));
}

/** One tar entry: `type` '0' file, '5' directory, '2' symlink, '3' character device... */
export interface TarEntry {
  name: string;
  body?: string | Buffer;
  type?: string;
  linkname?: string;
}

function header(e: TarEntry, size: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(e.name.slice(0, 100), 0, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(e.type ?? '0', 156);
  if (e.linkname) h.write(e.linkname, 157);
  h.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/** A tar stream of the entries, gzipped. */
export function tarGzOf(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = e.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(e.body) ? e.body : Buffer.from(e.body);
    blocks.push(header(e, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}
