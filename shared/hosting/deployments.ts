/**
 * Deployments (PRODUCT.md sections 6 and 9): `provisioning -> running -> expired` for the trial,
 * `running | expired -> upgrading -> running` for a paid plan, `-> suspended` when a paid plan
 * lapses past its grace, `-> failed` when the driver refuses for good. Every change is one
 * statement guarded by the expected state, with its event in the same transaction.
 */
import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db/pool.js';
import { PgCode, pgCode, transaction } from '../db/pool.js';
import { ConflictError } from '../errors.js';
import { recordEvent } from '../events.js';
import type { DeploymentSpec } from './driver.js';
import { resourcesOf, TRIAL_DAYS, type PaidPlanName, type PlanName } from './plans.js';
import { seal, unseal } from './sealed.js';

export const DEPLOYMENT_STATUSES = ['provisioning', 'running', 'expired', 'upgrading', 'suspended', 'failed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

export interface DeploymentRow {
  deploy_id: string;
  owner_agent_id: string;
  name: string;
  image: string;
  port: number | null;
  env_sealed: string;
  env_keys: string[];
  command: string[] | null;
  plan: PlanName;
  status: DeploymentStatus;
  endpoint: string | null;
  failure_reason: string | null;
  expires_at: Date | null;
  paid_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface TrialRequest {
  name: string;
  image: string;
  port?: number;
  env?: Record<string, string>;
  command?: string[];
}

export class TrialTakenError extends ConflictError {
  constructor(deployId: string) {
    super('this agent already has its trial deployment', { deploy_id: deployId });
  }
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newDeployId(): string {
  return `DEP-${Array.from({ length: 6 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join('')}`;
}

/** The deployment as its owner sees it: env names, never values. */
export function toDeploymentJson(row: DeploymentRow) {
  return {
    deploy_id: row.deploy_id, name: row.name, status: row.status, plan: row.plan, resources: resourcesOf(row.plan),
    image: row.image, port: row.port, env_keys: row.env_keys, command: row.command, endpoint: row.endpoint,
    expires_at: row.expires_at?.toISOString() ?? null, paid_until: row.paid_until?.toISOString() ?? null,
    failure_reason: row.failure_reason, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(),
  };
}

/** What the driver needs, env unsealed. */
export function specOf(row: DeploymentRow, masterKey: string): DeploymentSpec {
  return {
    deployId: row.deploy_id, ownerAgentId: row.owner_agent_id, name: row.name, image: row.image, port: row.port,
    env: unseal<Record<string, string>>(masterKey, row.env_sealed), command: row.command, plan: row.plan, resources: resourcesOf(row.plan),
  };
}

function event(tx: Queryable, type: string, row: DeploymentRow, extra: Record<string, unknown> = {}): Promise<void> {
  return recordEvent(tx, type, row.deploy_id, [row.owner_agent_id], { deploy_id: row.deploy_id, status: row.status, plan: row.plan, ...extra });
}

/** Starts the agent's one trial: 7 days from now, provisioning. */
export async function createTrial(db: Db, ownerAgentId: string, req: TrialRequest, masterKey: string, now = new Date()): Promise<DeploymentRow> {
  const env = req.env ?? {};
  const expires = new Date(now.getTime() + TRIAL_DAYS * 24 * 3600 * 1000);
  try {
    return await transaction(db, async (tx) => {
      const { rows } = await tx.query<DeploymentRow>(
        `INSERT INTO deployments (deploy_id, owner_agent_id, name, image, port, env_sealed, env_keys, command, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [newDeployId(), ownerAgentId, req.name, req.image, req.port ?? null, seal(masterKey, env), Object.keys(env).sort(), req.command ? JSON.stringify(req.command) : null, expires],
      );
      await event(tx, 'deployment.created', rows[0]);
      return rows[0];
    });
  } catch (err) {
    if (pgCode(err) === PgCode.uniqueViolation && (err as { constraint?: string }).constraint === 'deployments_owner_agent_id_key') {
      const existing = await db.query<{ deploy_id: string }>('SELECT deploy_id FROM deployments WHERE owner_agent_id = $1', [ownerAgentId]);
      throw new TrialTakenError(existing.rows[0]?.deploy_id ?? '');
    }
    throw err;
  }
}

export async function getDeployment(q: Queryable, deployId: string): Promise<DeploymentRow | undefined> {
  const { rows } = await q.query<DeploymentRow>('SELECT * FROM deployments WHERE deploy_id = $1', [deployId]);
  return rows[0];
}

export async function listOwnDeployments(q: Queryable, ownerAgentId: string): Promise<DeploymentRow[]> {
  const { rows } = await q.query<DeploymentRow>('SELECT * FROM deployments WHERE owner_agent_id = $1 ORDER BY created_at DESC', [ownerAgentId]);
  return rows;
}

/**
 * One guarded change: `from` the states it may leave, `set` the columns, `type` its event.
 * Undefined when the deployment was not in one of those states (a retry, or a race lost).
 */
export async function transitionDeployment(
  db: Db, deployId: string, from: DeploymentStatus[], set: Partial<Pick<DeploymentRow, 'status' | 'endpoint' | 'failure_reason' | 'plan' | 'expires_at' | 'paid_until'>>, type: string,
): Promise<DeploymentRow | undefined> {
  const columns = Object.keys(set);
  const assignments = columns.map((c, i) => `${c} = $${i + 3}`).join(', ');
  return transaction(db, async (tx) => {
    const { rows } = await tx.query<DeploymentRow>(
      `UPDATE deployments SET ${assignments}, updated_at = date_trunc('milliseconds', now())
       WHERE deploy_id = $1 AND status = ANY($2) RETURNING *`,
      [deployId, from, ...columns.map((c) => set[c as keyof typeof set])],
    );
    if (rows[0]) await event(tx, type, rows[0]);
    return rows[0];
  });
}

/**
 * A paid month for `plan`, in the caller's transaction (the gateway's settlement): the trial's
 * end is cleared, the paid time extended from the later of now and its current end, and the
 * deployment marked `upgrading` for the provisioning worker to resize.
 */
export async function upgradeDeployment(tx: Queryable, deployId: string, plan: PaidPlanName, now = new Date()): Promise<DeploymentRow | undefined> {
  const { rows } = await tx.query<DeploymentRow>(
    `UPDATE deployments SET plan = $2, status = CASE WHEN status = 'failed' THEN status ELSE 'upgrading' END, expires_at = NULL,
       paid_until = greatest(coalesce(paid_until, $3), $3) + interval '1 month', updated_at = date_trunc('milliseconds', now())
     WHERE deploy_id = $1 RETURNING *`,
    [deployId, plan, now],
  );
  if (rows[0]) await event(tx, 'deployment.upgraded', rows[0], { paid_until: rows[0].paid_until?.toISOString() });
  return rows[0];
}

/** Trials past their end, and paid plans lapsed past the grace: what the clock must act on. */
export async function dueDeployments(q: Queryable, graceDays: number, now = new Date()): Promise<{ deploy_id: string; why: 'trial_ended' | 'lapsed' }[]> {
  const { rows } = await q.query<{ deploy_id: string; why: 'trial_ended' | 'lapsed' }>(
    `SELECT deploy_id, 'trial_ended' AS why FROM deployments WHERE status IN ('provisioning', 'running') AND expires_at <= $1
     UNION ALL
     SELECT deploy_id, 'lapsed' FROM deployments WHERE status = 'running' AND paid_until + make_interval(days => $2) <= $1
     LIMIT 500`,
    [now, graceDays],
  );
  return rows;
}
