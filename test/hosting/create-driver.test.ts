/**
 * Hosting configuration: the defaults, the namespace check, the kubernetes driver's need for
 * credentials, and the driver createHostingDriver picks.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config.js';
import { createHostingDriver } from '../../shared/hosting/create-driver.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems;
  }
};

describe('hosting configuration', () => {
  it('defaults to the local driver in agent-hosting with a 10 s time-out', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.HOSTING_DRIVER).toBe('local');
    expect(config.HOSTING_NAMESPACE).toBe('agent-hosting');
    expect(config.HOSTING_TIMEOUT_MS).toBe(10000);
    expect(config.DEPLOY_DIR).toBe('./data/deployments');
    expect(config.KUBECONFIG).toBeUndefined();
    expect(createHostingDriver(config).kind).toBe('local');
  });

  it('refuses a namespace that is not a DNS label', () => {
    expect(problemsOf({ HOSTING_NAMESPACE: 'Agent_Hosting' })[0]).toMatch(/^HOSTING_NAMESPACE=/);
  });

  it('refuses the kubernetes driver with no kubeconfig outside a pod', () => {
    expect(problemsOf({ HOSTING_DRIVER: 'kubernetes' })).toEqual([expect.stringMatching(/^KUBECONFIG: required/)]);
  });

  it('builds the kubernetes driver from a kubeconfig file without calling the cluster', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kubeconfig-'));
    try {
      const path = join(dir, 'config');
      await writeFile(path, JSON.stringify({
        apiVersion: 'v1', kind: 'Config', 'current-context': 'c',
        clusters: [{ name: 'k', cluster: { server: 'https://127.0.0.1:1' } }],
        users: [{ name: 'u', user: { token: 't' } }],
        contexts: [{ name: 'c', context: { cluster: 'k', user: 'u' } }],
      }));
      const config = loadConfig({ NODE_ENV: 'test', HOSTING_DRIVER: 'kubernetes', KUBECONFIG: path });
      expect(createHostingDriver(config).kind).toBe('kubernetes');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
