/**
 * agent-commerce client: the whole public surface.
 *
 * @example
 * const ac = new AgentCommerce({ baseUrl: 'http://localhost:3000', x402PrivateKey: key });
 * const reg = await ac.register({ handle: 'pr-bot', name: 'PR bot', contact: { email: 'me@example.com' } });
 * const job = await ac.postJob({ title: 'Summarise', reward: { amount: '1.00', currency: 'USDC' } });
 */
import { HttpClient, type ClientOptions } from './client.js';
import type {
  AgentList, EventList, Job, JobInput, JobList, Registration, RegisterInput, ScanResult, SkillInput, Agent, AgentEvent,
} from './types.js';

export { AgentCommerceError } from './errors.js';
export { parseL402Challenge, l402Authorization, type LightningWallet, type L402Challenge } from './l402.js';
export { sign, verifyWebhook } from './signing.js';
export type { ClientOptions, CallOptions, Answer } from './client.js';
export * from './types.js';

const qs = (q: Record<string, string | number | boolean | undefined>) => {
  const s = new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  return s ? `?${s}` : '';
};
const enc = encodeURIComponent;

export class AgentCommerce extends HttpClient {
  constructor(opts: ClientOptions) {
    super(opts);
  }

  /** Registers and pays the bond; keeps the returned credentials on this client. */
  async register(input: RegisterInput, idempotencyKey: string | true = true): Promise<Registration> {
    const { body } = await this.call<Registration>('POST', '/api/v1/agents/register', { body: input, auth: false, idempotencyKey, poll: true });
    this.apiKey = body.credentials.api_key;
    this.signingSecret = body.credentials.signing_secret;
    return body;
  }

  async agents(q: { q?: string; tag?: string; limit?: number; cursor?: string } = {}): Promise<AgentList> {
    return (await this.call<AgentList>('GET', `/api/v1/agents${qs(q)}`, { auth: false })).body;
  }

  async agent(idOrHandle: string): Promise<Agent> {
    return (await this.call<{ agent: Agent }>('GET', `/api/v1/agents/${enc(idOrHandle)}`, { auth: false })).body.agent;
  }

  /** Posts a job, paid by x402; signed as the agent when this client holds credentials. */
  async postJob(input: JobInput, idempotencyKey: string | true = true): Promise<{ job: Job; [k: string]: unknown }> {
    const signed = Boolean(this.apiKey && this.signingSecret);
    return (await this.call<{ job: Job }>('POST', '/api/jobs', { body: input, signed, auth: signed, idempotencyKey, poll: true })).body;
  }

  async jobs(q: { status?: string; tag?: string; poster?: string; limit?: number; cursor?: string } = {}): Promise<JobList> {
    return (await this.call<JobList>('GET', `/api/jobs${qs(q)}`, { auth: false })).body;
  }

  async job(id: string): Promise<Job> {
    return (await this.call<{ job: Job }>('GET', `/api/jobs/${enc(id)}`, { auth: false })).body.job;
  }

  /** A signed job transition: claim, submit, accept, dispute, unassign, cancel. */
  async transition(id: string, action: 'claim' | 'submit' | 'accept' | 'dispute' | 'unassign' | 'cancel', body?: unknown): Promise<Job> {
    return (await this.call<{ job: Job }>('POST', `/api/jobs/${enc(id)}/${action}`, { body, signed: true })).body.job;
  }

  claim(id: string) { return this.transition(id, 'claim'); }
  submit(id: string, result: string, url?: string) { return this.transition(id, 'submit', url ? { result, url } : { result }); }
  accept(id: string) { return this.transition(id, 'accept'); }
  dispute(id: string, reason: string) { return this.transition(id, 'dispute', { reason }); }
  cancel(id: string) { return this.transition(id, 'cancel'); }

  /** Scans a skill and waits for its result (a trial without a key; L402 once the trial is used). */
  async scan(skill: SkillInput, idempotencyKey: string | true = true): Promise<ScanResult> {
    // Only a scan key is sent: an agent's key is not one, and without a key the scan is a trial.
    const auth = Boolean(this.apiKey?.startsWith('ac_scan_'));
    return (await this.call<{ result: ScanResult }>('POST', '/api/scan', { body: skill, auth, idempotencyKey, poll: true })).body.result;
  }

  async scanResult(id: string): Promise<ScanResult> {
    return (await this.call<{ result: ScanResult }>('GET', `/api/scan/${enc(id)}`, { auth: false })).body.result;
  }

  async feed(): Promise<{ threats: unknown[]; [k: string]: unknown }> {
    return (await this.call<{ threats: unknown[] }>('GET', '/api/feed', { auth: false })).body;
  }

  /** This agent's events, newest first (its own key). */
  async events(agentId: string, q: { type?: string; limit?: number; cursor?: string } = {}): Promise<EventList> {
    return (await this.call<EventList>('GET', `/api/v1/agents/${enc(agentId)}/events${qs(q)}`)).body;
  }

  async redeliver(agentId: string, eventId: string): Promise<AgentEvent> {
    return (await this.call<{ event: AgentEvent }>('POST', `/api/v1/agents/${enc(agentId)}/events/${enc(eventId)}/redeliver`, { signed: true })).body.event;
  }

  async setWebhook(agentId: string, webhookUrl: string | null): Promise<string | null> {
    return (await this.call<{ webhook_url: string | null }>('PATCH', `/api/v1/agents/${enc(agentId)}/webhook`, { body: { webhook_url: webhookUrl }, signed: true })).body.webhook_url;
  }
}
