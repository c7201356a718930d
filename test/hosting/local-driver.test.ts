/**
 * The local driver writes the same manifests the Kubernetes driver applies, and a repeated call
 * leaves the files byte for byte as they were.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeploymentSpec } from '../../shared/hosting/driver.js';
import { LocalDriver } from '../../shared/hosting/local-driver.js';
import { renderDeployment, renderService } from '../../shared/hosting/manifests.js';
import { resourcesOf } from '../../shared/hosting/plans.js';

const spec: DeploymentSpec = {
  deployId: 'DEP-LOC4L1',
  ownerAgentId: '0123456789abcdef01234567',
  name: 'echo',
  image: 'ghcr.io/example/echo:1.2.3',
  port: 8080,
  env: { GREETING: 'hello' },
  command: null,
  plan: 'trial',
  resources: resourcesOf('trial'),
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'deploy-dir-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const read = (name: string) => readFile(join(dir, spec.deployId, name), 'utf8');

describe('LocalDriver', () => {
  it('writes the manifests the Kubernetes driver would apply', async () => {
    const driver = new LocalDriver(dir, 'agent-hosting');
    expect(await driver.provision(spec)).toEqual({ endpoint: `local://${spec.deployId}` });
    expect(JSON.parse(await read('deployment.json'))).toEqual(renderDeployment(spec, 'agent-hosting'));
    expect(JSON.parse(await read('service.json'))).toEqual(renderService(spec, 'agent-hosting'));
    expect(await driver.status(spec.deployId)).toBe('running');
  });

  it('leaves the files byte-identical when provision is repeated', async () => {
    const driver = new LocalDriver(dir, 'agent-hosting');
    await driver.provision(spec);
    const before = [await read('deployment.json'), await read('service.json'), await read('state')];
    await driver.provision(spec);
    expect([await read('deployment.json'), await read('service.json'), await read('state')]).toEqual(before);
  });

  it('suspends to zero replicas and destroys the folder', async () => {
    const driver = new LocalDriver(dir, 'agent-hosting');
    await driver.provision(spec);
    await driver.suspend(spec.deployId);
    expect(JSON.parse(await read('deployment.json')).spec.replicas).toBe(0);
    expect(await driver.status(spec.deployId)).toBe('suspended');
    await driver.destroy(spec.deployId);
    expect(await driver.status(spec.deployId)).toBe('missing');
  });
});
