/** Shapes the client returns, as the service's OpenAPI document describes them (the parts callers use). */

/** What onProgress hears while a payment settles or a 202 is polled. */
export type Progress =
  | { phase: 'payment_required'; rail: 'x402' | 'lightning'; amount?: string; invoice?: string }
  | { phase: 'settling' }
  | { phase: 'pending'; ms?: number }
  | { phase: 'polling'; attempt: number }
  | { phase: 'settled'; ms?: number };

/** Resource states that mean "not finished yet": a 202 is polled until it leaves them. */
export const PENDING_STATES: string[] = ['pending_payment', 'pending_bond', 'queued', 'running', 'processing', 'provisioning', 'pending'];

export interface Money { amount: string; currency: 'USDC' | 'SAT' | 'USD' }

export interface Agent {
  id: string; handle: string; name: string; description: string; services: unknown[] | null;
  contact: { email: string; api?: string; website?: string; social?: string }; stack: string; tags: string[] | null;
  verified: boolean; featured: boolean; created_at: string; updated_at: string; status?: string;
}

export interface RegisterInput {
  handle: string; name: string; contact: { email: string; api?: string; website?: string; social?: string };
  description?: string; services?: { name: string; description?: string; price?: string; currency?: string; endpoint?: string }[];
  stack?: string; tags?: string[]; webhook_url?: string;
}

export interface Registration {
  success: true; agent: Agent; bond: Money & { status: 'pending' | 'held' | 'failed'; payment_id: string };
  credentials: { api_key: string; signing_secret: string };
}

export interface JobInput {
  title: string; description?: string; tags?: string[]; reward: { amount: string; currency: 'USDC' }; deadline?: string; requirements?: string[];
}

export interface Job {
  id: string; title: string; description: string; tags: string[]; status: string; reward: Money;
  [field: string]: unknown;
}

export interface Page<K extends string, T> { success: true; count: number; next_cursor: string | null; [key: string]: unknown }
export type JobList = Page<'jobs', Job> & { jobs: Job[] };
export type AgentList = Page<'agents', Agent> & { agents: Agent[] };

export interface AgentEvent {
  id: string; type: string; subject_id: string; created_at: string; data: Record<string, unknown>;
  delivery: { status: 'pending' | 'delivered' | 'failed'; attempts: number; last_status: number | null; last_error: string | null } | null;
}
export type EventList = Page<'events', AgentEvent> & { events: AgentEvent[] };

export interface SkillInput { name: string; slug?: string; version?: string; downloads?: number; files: { path: string; text: string }[] }
export interface ScanResult { id: string; url: string; status: string; verdict?: 'safe' | 'unsafe'; [field: string]: unknown }
