/**
 * Limits on a skill archive and the error each refusal raises. An archive is unpacked in memory
 * only, never onto a disk, and must fit the same budget as a skill sent as JSON files.
 */
import { SCAN_LIMITS } from '../limits.js';

/**
 * - `maxEntries` 500: entries of any kind, directories included; a skill is a handful of files.
 * - `maxFiles` 200 and `maxFileBytes` 256 KiB: as for a JSON skill ({@link SCAN_LIMITS}).
 * - `maxTotalBytes` 1 MiB: everything unpacked, the same budget as a JSON skill.
 * - `maxRatio` 100: unpacked size over packed size; text packs 3 to 10 times, a bomb thousands.
 */
export const ARCHIVE_LIMITS = Object.freeze({
  maxEntries: 500,
  maxFiles: SCAN_LIMITS.maxFiles,
  maxFileBytes: SCAN_LIMITS.maxFileBytes,
  maxTotalBytes: SCAN_LIMITS.maxTotalBytes,
  maxRatio: 100,
});

/** The formats accepted, as the API names them. */
export const ARCHIVE_FORMATS = ['zip', 'tar.gz'] as const;
export type ArchiveFormat = (typeof ARCHIVE_FORMATS)[number];

/**
 * Why an archive was refused. `too_large` and `ratio` are about size (413), `unsupported` about
 * the format (415); the rest are archives we will not unpack (400).
 */
export type ArchiveRefusal =
  | 'corrupt' | 'unsupported' | 'format_mismatch' | 'too_many_entries' | 'too_many_files' | 'too_large' | 'ratio'
  | 'path_traversal' | 'bad_path' | 'duplicate_path' | 'link' | 'special_file' | 'encrypted' | 'empty';

/** An archive refused for a stated reason, naming the entry when there is one. */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
  constructor(
    readonly reason: ArchiveRefusal,
    message: string,
    readonly entry?: string,
  ) {
    super(entry ? `${message} (${entry})` : message);
  }
}

/** Running totals of one unpacking, checked as bytes come out. */
export class Budget {
  private entries = 0;
  private total = 0;
  constructor(private readonly packedBytes: number) {}

  /** Counts one entry of any kind. */
  entry(name: string): void {
    if (++this.entries > ARCHIVE_LIMITS.maxEntries) {
      throw new ArchiveError('too_many_entries', `archive has more than ${ARCHIVE_LIMITS.maxEntries} entries`, name);
    }
  }

  /** Counts unpacked bytes of one file; `fileBytes` is that file's running size. */
  bytes(name: string, added: number, fileBytes: number): void {
    this.total += added;
    if (fileBytes > ARCHIVE_LIMITS.maxFileBytes) {
      throw new ArchiveError('too_large', `a file unpacks to more than ${ARCHIVE_LIMITS.maxFileBytes} bytes`, name);
    }
    if (this.total > ARCHIVE_LIMITS.maxTotalBytes) {
      throw new ArchiveError('too_large', `archive unpacks to more than ${ARCHIVE_LIMITS.maxTotalBytes} bytes`);
    }
    if (this.total > ARCHIVE_LIMITS.maxRatio * Math.max(this.packedBytes, 1024)) {
      throw new ArchiveError('ratio', `archive unpacks to more than ${ARCHIVE_LIMITS.maxRatio} times its size`);
    }
  }
}
