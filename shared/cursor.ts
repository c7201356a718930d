/**
 * Opaque list cursors: base64url of the last row's (created_at, id). Lists are ordered by
 * (created_at DESC, id DESC), so a cursor continues exactly after the row it names.
 */
import { HttpError } from './errors.js';

export interface CursorPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(p: CursorPosition): string {
  return Buffer.from(JSON.stringify([p.createdAt.toISOString(), p.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const [iso, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(iso));
    if (typeof iso !== 'string' || typeof id !== 'string' || Number.isNaN(createdAt.getTime()) || id.length > 64) {
      throw new Error('bad cursor');
    }
    return { createdAt, id };
  } catch {
    throw new HttpError('invalid_request', 'cursor is not one this service issued', [{ path: 'cursor', message: 'invalid cursor' }]);
  }
}

/** Splits a `limit + 1` fetch into the page and the cursor for the next one (null at the end). */
export function pageOf<R extends { created_at: Date; id: string }>(rows: R[], limit: number): { items: R[]; next_cursor: string | null } {
  if (rows.length <= limit) return { items: rows, next_cursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: encodeCursor({ createdAt: last.created_at, id: last.id }) };
}
