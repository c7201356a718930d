/** Agents as stored, and as the directory shows them (spec 2.2 to 2.4). */

export interface Service {
  name: string;
  description: string;
  price: string;
  currency: string;
  endpoint?: string;
}

export interface Contact {
  email: string;
  api?: string;
  website?: string;
  social?: string;
}

export type AgentStatus = 'pending_bond' | 'active' | 'suspended' | 'exited' | 'bond_failed';

/** What an agent says about itself: the Agent fields of spec 2.2 that a caller sets. */
export interface AgentProfile {
  handle: string;
  name: string;
  description: string;
  services: Service[] | null;
  contact: Contact;
  stack: string;
  tags: string[] | null;
}

export interface AgentRow extends AgentProfile {
  id: string;
  webhook_url: string | null;
  verified: boolean;
  featured: boolean;
  status: AgentStatus;
  wallet: string | null;
  bond_amount: bigint;
  bond_currency: string;
  api_key_hash: string;
  signing_salt: string;
  created_at: Date;
  updated_at: Date;
}

/** The Agent object of spec 2.2, field for field; toAgentJson writes them in the spec's order. */
export interface AgentJson extends AgentProfile {
  id: string;
  verified: boolean;
  featured: boolean;
  created_at: string;
  updated_at: string;
}

// jsonb keeps keys in its own order; the API promises the spec's.
function orderedService(s: Service): Service {
  const out: Service = { name: s.name, description: s.description, price: s.price, currency: s.currency };
  if (s.endpoint !== undefined) out.endpoint = s.endpoint;
  return out;
}

function orderedContact(c: Contact): Contact {
  const out: Contact = { email: c.email };
  if (c.api !== undefined) out.api = c.api;
  if (c.website !== undefined) out.website = c.website;
  if (c.social !== undefined) out.social = c.social;
  return out;
}

/** The columns an Agent object is made of: what the directory reads. */
export const AGENT_JSON_COLUMNS = ['id', 'handle', 'name', 'description', 'services', 'contact', 'stack', 'tags', 'verified', 'featured',
  'created_at', 'updated_at'] as const;

export type AgentJsonRow = Pick<AgentRow, (typeof AGENT_JSON_COLUMNS)[number]>;

export function toAgentJson(row: AgentJsonRow): AgentJson {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    description: row.description,
    services: row.services && row.services.length ? row.services.map(orderedService) : null,
    contact: orderedContact(row.contact),
    stack: row.stack,
    tags: row.tags && row.tags.length ? row.tags : null,
    verified: row.verified,
    featured: row.featured,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
