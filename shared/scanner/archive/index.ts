/**
 * A skill from an archive (zip or tar.gz), unpacked in memory within {@link ARCHIVE_LIMITS}:
 * entry count, unpacked size, compression ratio, safe relative paths, no links or special
 * files. Binary files (holding a NUL byte) are left out, as the scanner reads text; a single
 * top-level folder ("my-skill/SKILL.md") is removed so paths read as in the JSON form.
 */
import { gunzipSync } from 'node:zlib';
import type { SkillFile } from '../types.js';
import { ARCHIVE_LIMITS, ArchiveError, Budget, type ArchiveFormat } from './limits.js';
import { readTar } from './tar.js';
import { readZip, type RawEntry } from './zip.js';

export { ARCHIVE_FORMATS, ARCHIVE_LIMITS, ArchiveError, type ArchiveFormat, type ArchiveRefusal } from './limits.js';

/** What an archive unpacked to. */
export interface UnpackedSkill {
  files: SkillFile[];
  /** Paths of binary entries left out. */
  skipped: string[];
}

const MAX_PATH = 512;
/** tar adds a 512-byte header per entry and pads data to 512 bytes. */
const TAR_OVERHEAD = 1024 * ARCHIVE_LIMITS.maxEntries + 1024;

/** The format the bytes start like, whatever was declared. */
function sniff(b: Buffer): ArchiveFormat | undefined {
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5)) return 'zip';
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'tar.gz';
  return undefined;
}

function gunzip(b: Buffer): Buffer {
  try {
    return gunzipSync(b, { maxOutputLength: ARCHIVE_LIMITS.maxTotalBytes + TAR_OVERHEAD });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ArchiveError('too_large', `archive unpacks to more than ${ARCHIVE_LIMITS.maxTotalBytes} bytes`);
    }
    throw new ArchiveError('corrupt', 'not a gzip stream');
  }
}

/** A safe relative path, or a refusal: no "..", no absolute path, no backslash, no control character. */
function safePath(name: string): string {
  const path = name.replace(/^(?:\.\/)+/, '').replace(/\/+$/, '');
  if (path.includes('\\')) throw new ArchiveError('path_traversal', 'backslashes in paths are refused', name);
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) throw new ArchiveError('path_traversal', 'absolute paths are refused', name);
  if (path.split('/').includes('..')) throw new ArchiveError('path_traversal', '".." in paths is refused', name);
  if (path === '' || path.length > MAX_PATH || /[\u0000-\u001f\u007f]/.test(path) || path.split('/').some((s) => s === '' || s === '.')) {
    throw new ArchiveError('bad_path', 'empty, over-long or control-character paths are refused', name);
  }
  return path;
}

/** Drops one folder that holds everything ("skill/SKILL.md" -> "SKILL.md"). */
function withoutCommonRoot(files: SkillFile[]): SkillFile[] {
  const roots = new Set(files.map((f) => (f.path.includes('/') ? f.path.split('/')[0] : '')));
  if (roots.size !== 1 || roots.has('')) return files;
  const root = [...roots][0].length + 1;
  return files.map((f) => ({ path: f.path.slice(root), text: f.text }));
}

function toFiles(entries: RawEntry[]): UnpackedSkill {
  const files: SkillFile[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    const path = safePath(e.name);
    if (e.directory || !e.bytes) continue;
    if (seen.has(path)) throw new ArchiveError('duplicate_path', 'the same path appears twice', path);
    seen.add(path);
    if (e.bytes.includes(0)) {
      skipped.push(path);
      continue;
    }
    files.push({ path, text: new TextDecoder('utf-8').decode(e.bytes) });
    if (files.length > ARCHIVE_LIMITS.maxFiles) throw new ArchiveError('too_many_files', `archive holds more than ${ARCHIVE_LIMITS.maxFiles} text files`);
  }
  if (files.length === 0) throw new ArchiveError('empty', 'archive holds no text files');
  return { files: withoutCommonRoot(files), skipped };
}

/**
 * Unpacks a skill archive in memory. Throws {@link ArchiveError} naming the refusal.
 *
 * @example
 * const { files } = unpackSkillArchive('zip', Buffer.from(body.archive.base64, 'base64'));
 */
export function unpackSkillArchive(format: ArchiveFormat, bytes: Buffer): UnpackedSkill {
  const actual = sniff(bytes);
  if (!actual) throw new ArchiveError('unsupported', 'not a zip or gzip archive');
  if (actual !== format) throw new ArchiveError('format_mismatch', `declared ${format} but the bytes are ${actual}`);
  const budget = new Budget(bytes.length);
  if (format === 'zip') return toFiles(readZip(bytes, budget));
  const tar = gunzip(bytes);
  if (tar.length > ARCHIVE_LIMITS.maxRatio * Math.max(bytes.length, 1024)) {
    throw new ArchiveError('ratio', `archive unpacks to more than ${ARCHIVE_LIMITS.maxRatio} times its size`);
  }
  return toFiles(readTar(tar, budget));
}
