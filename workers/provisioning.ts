/**
 * Processor of the hosting queue: brings the driver in line with the deployment's state. A
 * retryable driver fault is thrown (BullMQ retries with backoff); a permanent one fails the
 * deployment with its reason. Running it twice changes nothing: the driver calls are idempotent
 * and each transition is guarded by the state it leaves.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { provisioningPayload } from '../queues/provisioning.js';
import type { Db } from '../shared/db/pool.js';
import type { Logger } from '../shared/logger.js';
import { DriverPermanentError, type HostingDriver } from '../shared/hosting/driver.js';
import { getDeployment, specOf, transitionDeployment } from '../shared/hosting/deployments.js';

export interface ProvisioningDeps {
  db: Db;
  log: Logger;
  driver: HostingDriver;
  masterKey: string;
}

export function provisioningProcessor(deps: ProvisioningDeps) {
  return async (job: Job): Promise<string> => {
    const parsed = provisioningPayload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`bad provisioning payload: ${parsed.error.message}`);
    const row = await getDeployment(deps.db, parsed.data.deployId);
    if (!row) throw new UnrecoverableError(`deployment ${parsed.data.deployId} not found`);
    try {
      switch (row.status) {
        case 'provisioning': {
          const { endpoint } = await deps.driver.provision(specOf(row, deps.masterKey));
          await transitionDeployment(deps.db, row.deploy_id, ['provisioning'], { status: 'running', endpoint }, 'deployment.running');
          return 'provisioned';
        }
        case 'upgrading': {
          const spec = specOf(row, deps.masterKey);
          const { endpoint } = await deps.driver.provision(spec);
          await transitionDeployment(deps.db, row.deploy_id, ['upgrading'], { status: 'running', endpoint }, 'deployment.resized');
          return 'resized';
        }
        case 'expired':
        case 'suspended':
          await deps.driver.suspend(row.deploy_id);
          return 'suspended';
        default:
          return 'nothing to do';
      }
    } catch (err) {
      if (!(err instanceof DriverPermanentError)) throw err;
      deps.log.warn({ deployId: row.deploy_id, err: err.message }, 'deployment failed: the driver refused it for good');
      await transitionDeployment(deps.db, row.deploy_id, ['provisioning', 'upgrading'], { status: 'failed', failure_reason: err.message }, 'deployment.failed');
      return 'failed';
    }
  };
}
