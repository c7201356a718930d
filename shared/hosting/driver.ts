/**
 * The provisioning seam (PRODUCT.md section 9): what a hosting driver does to a deployment. Two
 * drivers: `local` (renders the manifests to DEPLOY_DIR and runs nothing) and `kubernetes` (applies
 * them to a cluster). Every call must be safe to repeat: a retried queue job changes nothing.
 */
import type { PlanName, Resources } from './plans.js';

export interface DeploymentSpec {
  deployId: string;
  ownerAgentId: string;
  name: string;
  /** An OCI image reference. */
  image: string;
  port: number | null;
  /** Given to the container; never echoed back by the API. */
  env: Record<string, string>;
  command: string[] | null;
  plan: PlanName;
  resources: Resources;
}

export type DriverState = 'running' | 'pending' | 'suspended' | 'missing';

export interface HostingDriver {
  readonly kind: 'local' | 'kubernetes';
  /** Creates or updates everything the deployment needs; returns its endpoint when it has one. */
  provision(spec: DeploymentSpec): Promise<{ endpoint: string | null }>;
  /** Applies the plan's resources (an upgrade). */
  resize(spec: DeploymentSpec): Promise<void>;
  /** Scales to zero, keeping the objects (an expired trial, a lapsed plan). */
  suspend(deployId: string): Promise<void>;
  resume(spec: DeploymentSpec): Promise<void>;
  destroy(deployId: string): Promise<void>;
  status(deployId: string): Promise<DriverState>;
}

/** A fault worth retrying (a time-out, a 409, a 5xx): the queue tries again with backoff. */
export class DriverRetryableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DriverRetryableError';
  }
}

/** A refusal that will never succeed as asked (a 4xx such as an invalid object): the deployment fails with it. */
export class DriverPermanentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DriverPermanentError';
  }
}
