/**
 * The Kubernetes driver: applies the Deployment and Service of manifests.ts to HOSTING_NAMESPACE
 * by server-side apply under the field manager `agent-commerce`, so that a retried queue job
 * sends the same object and the API server changes nothing. Suspend scales to zero, destroy
 * deletes both objects, status reads the Deployment. Errors: see kube-api.ts.
 */
import type { DeploymentSpec, DriverState, HostingDriver } from './driver.js';
import { APPLY_PATCH, KubeApi, MERGE_PATCH } from './kube-api.js';
import { clusterEndpoint, FIELD_MANAGER, objectName, renderDeployment, renderService } from './manifests.js';

export interface KubernetesDriverOptions {
  /** Where the Deployments and Services go (HOSTING_NAMESPACE). */
  namespace: string;
  /** A kubeconfig file (KUBECONFIG); the pod's service account when absent. */
  kubeconfigPath?: string;
  /** Time-out of each API call (HOSTING_TIMEOUT_MS). */
  timeoutMs: number;
}

interface DeploymentObject {
  spec?: { replicas?: number };
  status?: { availableReplicas?: number };
}

export class KubernetesDriver implements HostingDriver {
  readonly kind = 'kubernetes' as const;
  private readonly api: KubeApi;
  private readonly namespace: string;

  constructor(options: KubernetesDriverOptions) {
    this.namespace = options.namespace;
    this.api = new KubeApi({ kubeconfigPath: options.kubeconfigPath, timeoutMs: options.timeoutMs });
  }

  private deploymentPath(deployId: string): string {
    return `/apis/apps/v1/namespaces/${encodeURIComponent(this.namespace)}/deployments/${encodeURIComponent(objectName(deployId))}`;
  }

  private servicePath(deployId: string): string {
    return `/api/v1/namespaces/${encodeURIComponent(this.namespace)}/services/${encodeURIComponent(objectName(deployId))}`;
  }

  /**
   * Server-side apply of both objects. `force=true`: this service owns these objects, so a field
   * last set by someone else (`kubectl scale`, an earlier merge patch) is taken back, not a 409.
   */
  private async apply(spec: DeploymentSpec, replicas: number): Promise<void> {
    const query = `?fieldManager=${FIELD_MANAGER}&force=true`;
    await this.api.call('PATCH', this.deploymentPath(spec.deployId) + query, {
      body: renderDeployment(spec, this.namespace, replicas),
      contentType: APPLY_PATCH,
    });
    await this.api.call('PATCH', this.servicePath(spec.deployId) + query, {
      body: renderService(spec, this.namespace),
      contentType: APPLY_PATCH,
    });
  }

  /** The Deployment as the API holds it, or null when there is none. */
  private async read(deployId: string): Promise<DeploymentObject | null> {
    const res = await this.api.call('GET', this.deploymentPath(deployId), { accept: [404] });
    return res.status === 404 ? null : (res.body as DeploymentObject);
  }

  async provision(spec: DeploymentSpec): Promise<{ endpoint: string | null }> {
    await this.apply(spec, 1);
    return { endpoint: clusterEndpoint(spec.deployId, this.namespace) };
  }

  /**
   * Applies the plan's resources and keeps the replica count: resizing a suspended deployment
   * leaves it suspended (resume is its own step). A missing one is created running.
   */
  async resize(spec: DeploymentSpec): Promise<void> {
    const current = await this.read(spec.deployId);
    await this.apply(spec, current?.spec?.replicas === 0 ? 0 : 1);
  }

  /**
   * A merge patch of `spec.replicas` only: suspend knows the id, not the whole spec, and a
   * server-side apply of a partial object would drop every field it leaves out. A missing
   * Deployment (404) has nothing to suspend.
   */
  async suspend(deployId: string): Promise<void> {
    await this.api.call('PATCH', `${this.deploymentPath(deployId)}?fieldManager=${FIELD_MANAGER}`, {
      body: { spec: { replicas: 0 } },
      contentType: MERGE_PATCH,
      accept: [404],
    });
  }

  async resume(spec: DeploymentSpec): Promise<void> {
    await this.apply(spec, 1);
  }

  /** Deletes both objects; the ReplicaSets and pods go with the Deployment. Already gone is fine. */
  async destroy(deployId: string): Promise<void> {
    await this.api.call('DELETE', `${this.deploymentPath(deployId)}?propagationPolicy=Background`, { accept: [404] });
    await this.api.call('DELETE', this.servicePath(deployId), { accept: [404] });
  }

  async status(deployId: string): Promise<DriverState> {
    const deployment = await this.read(deployId);
    if (!deployment) return 'missing';
    if (deployment.spec?.replicas === 0) return 'suspended';
    return (deployment.status?.availableReplicas ?? 0) >= 1 ? 'running' : 'pending';
  }
}
