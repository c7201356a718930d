/** SQL for the agents table. Every function takes a Queryable so callers compose transactions. */
import { preparedQuery, type Queryable } from '../db/pool.js';
import { isRareTag, newestFirst } from '../db/rare-tag.js';
import { AGENT_JSON_COLUMNS, type AgentJsonRow, type AgentProfile, type AgentRow, type AgentStatus } from './types.js';

export type NewAgent = Pick<AgentRow, keyof AgentProfile | 'id' | 'webhook_url' | 'wallet' | 'bond_amount' | 'api_key_hash' | 'signing_salt'>;

export async function insertAgent(q: Queryable, a: NewAgent): Promise<AgentRow> {
  const { rows } = await q.query<AgentRow>(
    `INSERT INTO agents (id, handle, name, description, services, contact, stack, tags, webhook_url,
       wallet, bond_amount, api_key_hash, signing_salt)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [a.id, a.handle, a.name, a.description, a.services === null ? null : JSON.stringify(a.services), JSON.stringify(a.contact),
      a.stack, a.tags, a.webhook_url, a.wallet, a.bond_amount, a.api_key_hash, a.signing_salt],
  );
  return rows[0];
}

export async function handleTaken(q: Queryable, handle: string): Promise<boolean> {
  const { rowCount } = await q.query(`SELECT 1 FROM agents WHERE handle = $1 AND status <> 'bond_failed'`, [handle]);
  return (rowCount ?? 0) > 0;
}

/** One agent by its 24-hex id or its handle; failed registrations are not found by handle. */
export async function findAgent(q: Queryable, idOrHandle: string): Promise<AgentRow | undefined> {
  const byId = /^[0-9a-f]{24}$/.test(idOrHandle);
  const { rows } = await q.query<AgentRow>(
    byId ? 'SELECT * FROM agents WHERE id = $1' : `SELECT * FROM agents WHERE handle = $1 AND status <> 'bond_failed'`,
    [idOrHandle],
  );
  return rows[0];
}

export async function findAgentByKeyHash(q: Queryable, hash: string): Promise<AgentRow | undefined> {
  const { rows } = await q.query<AgentRow>('SELECT * FROM agents WHERE api_key_hash = $1', [hash]);
  return rows[0];
}

/**
 * Locks the agent's row until the transaction ends, to serialise what one agent does (its
 * claims). NO KEY UPDATE leaves foreign-key checks of other rows pointing at it unblocked.
 */
export async function lockAgent(q: Queryable, id: string): Promise<AgentRow | undefined> {
  const { rows } = await q.query<AgentRow>('SELECT * FROM agents WHERE id = $1 FOR NO KEY UPDATE', [id]);
  return rows[0];
}

/** Moves an agent from one status to another; undefined when it was not in `from`. */
export async function transitionAgent(q: Queryable, id: string, from: AgentStatus, to: AgentStatus): Promise<AgentRow | undefined> {
  const { rows } = await q.query<AgentRow>(
    `UPDATE agents SET status = $3, updated_at = date_trunc('milliseconds', now())
     WHERE id = $1 AND status = $2 RETURNING *`,
    [id, from, to],
  );
  return rows[0];
}

export interface AgentFlags {
  verified?: boolean;
  featured?: boolean;
}

export async function setAgentFlags(q: Queryable, id: string, flags: AgentFlags): Promise<AgentRow | undefined> {
  const { rows } = await q.query<AgentRow>(
    `UPDATE agents SET verified = coalesce($2, verified), featured = coalesce($3, featured),
       updated_at = date_trunc('milliseconds', now())
     WHERE id = $1 RETURNING *`,
    [id, flags.verified ?? null, flags.featured ?? null],
  );
  return rows[0];
}

export interface DirectoryFilter {
  q?: string;
  tag?: string;
  service?: string;
  verified?: boolean;
  featured?: boolean;
  limit: number;
  /** Continue after this (created_at, id) position. */
  after?: { createdAt: Date; id: string };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The stored search texts of migration 0019: handle, name and description (or the service names)
 * joined by U+001F and lowered. A pattern without that character matches a join exactly when it
 * matches one of the joined fields, and `lower(s) LIKE lower(p)` is what ILIKE does, so the
 * stored column alone is the whole condition and its trigram index and statistics serve it.
 */
const UNIT_SEPARATOR = '\u001f';

/**
 * Active agents, newest first, one page plus one row to tell whether there is a next page. Only
 * the columns of an Agent object are read: no key hash or salt leaves the database for a list.
 */
export async function listDirectory(q: Queryable, f: DirectoryFilter): Promise<AgentJsonRow[]> {
  const where = [`status = 'active'`];
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${args.push(v)}`;
  if (f.q) {
    const p = arg(`%${escapeLike(f.q)}%`);
    where.push(f.q.includes(UNIT_SEPARATOR)
      ? `(handle ILIKE ${p} OR name ILIKE ${p} OR description ILIKE ${p})`
      : `search_text LIKE lower(${p})`);
  }
  if (f.tag) where.push(`tags @> ARRAY[${arg(f.tag)}]::text[]`);
  if (f.service) {
    const p = arg(`%${escapeLike(f.service)}%`);
    where.push(f.service.includes(UNIT_SEPARATOR)
      ? `EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(services, '[]'::jsonb)) s WHERE s->>'name' ILIKE ${p})`
      : `service_search_text LIKE lower(${p})`);
  }
  // Spelled as the partial indexes' predicates, so that `true` walks the few flagged agents alone.
  if (f.verified !== undefined) where.push(f.verified ? 'verified' : 'NOT verified');
  if (f.featured !== undefined) where.push(f.featured ? 'featured' : 'NOT featured');
  if (f.after) where.push(`(created_at, id) < (${arg(f.after.createdAt)}, ${arg(f.after.id)})`);
  const rare = f.tag !== undefined && (await isRareTag(q, 'agents', f.tag));
  const select = `SELECT ${AGENT_JSON_COLUMNS.join(', ')} FROM agents WHERE ${where.join(' AND ')}`;
  const { rows } = await q.query<AgentJsonRow>(newestFirst(select, arg(f.limit + 1), rare), args);
  return rows;
}

/**
 * The directory's version (migration 0020): moved by every transaction that writes agents, as it
 * commits. A page read after this value was read holds every change up to it, so it may be served
 * again for as long as the version reads the same.
 */
export async function directoryVersion(q: Queryable): Promise<string> {
  const { rows } = await preparedQuery<{ version: string }>(q, 'SELECT version FROM directory_version WHERE id', []);
  return rows[0].version;
}

/** Sets or clears an agent's webhook_url; undefined when there is no such agent. */
export async function setWebhookUrl(q: Queryable, id: string, url: string | null): Promise<AgentRow | undefined> {
  const { rows } = await q.query<AgentRow>(
    'UPDATE agents SET webhook_url = $2, updated_at = date_trunc(\'milliseconds\', now()) WHERE id = $1 RETURNING *',
    [id, url],
  );
  return rows[0];
}
