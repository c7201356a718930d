/**
 * Opaque list cursors: base64url of the last row's (created_at, id). Lists are ordered by
 * (created_at DESC, id DESC), so a cursor continues exactly after the row it names.
 */
import { InvalidInputError } from './errors.js';

export interface CursorPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(p: CursorPosition): string {
  return Buffer.from(JSON.stringify([p.createdAt.toISOString(), p.id]), 'utf8').toString('base64url');
}

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(3000, 0, 1);

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const [iso, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(iso));
    const t = createdAt.getTime();
    // Rows are created now: a time outside these years was not issued here, and PostgreSQL
    // cannot hold some of the dates JavaScript can.
    if (typeof iso !== 'string' || typeof id !== 'string' || Number.isNaN(t) || t < EARLIEST || t > LATEST || id.length > 64) {
      throw new Error('bad cursor');
    }
    return { createdAt, id };
  } catch {
    throw new InvalidInputError('cursor is not one this service issued', [{ path: 'cursor', message: 'invalid cursor' }]);
  }
}

/** Splits a `limit + 1` fetch into the page and the cursor for the next one (null at the end). */
export function pageOf<R extends { created_at: Date; id: string }>(rows: R[], limit: number): { items: R[]; next_cursor: string | null } {
  if (rows.length <= limit) return { items: rows, next_cursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: encodeCursor({ createdAt: last.created_at, id: last.id }) };
}
