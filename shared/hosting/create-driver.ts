/**
 * The one place that picks the hosting driver from configuration. Nothing connects here: the
 * Kubernetes driver only reads its credentials, and its first API call is the first job's.
 */
import type { Config } from '../config.js';
import type { HostingDriver } from './driver.js';
import { KubernetesDriver } from './kubernetes-driver.js';
import { LocalDriver } from './local-driver.js';

export type HostingConfig = Pick<Config, 'HOSTING_DRIVER' | 'HOSTING_NAMESPACE' | 'KUBECONFIG' | 'HOSTING_TIMEOUT_MS' | 'DEPLOY_DIR'>;

export function createHostingDriver(config: HostingConfig): HostingDriver {
  if (config.HOSTING_DRIVER === 'kubernetes') {
    return new KubernetesDriver({
      namespace: config.HOSTING_NAMESPACE,
      kubeconfigPath: config.KUBECONFIG,
      timeoutMs: config.HOSTING_TIMEOUT_MS,
    });
  }
  return new LocalDriver(config.DEPLOY_DIR, config.HOSTING_NAMESPACE);
}
