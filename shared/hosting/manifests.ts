/**
 * The Kubernetes objects of a deployment: one Deployment and one Service, labelled with the
 * deploy id and its owner, with requests and limits from the plan (memory in Mi, CPU in
 * millicores). Pure: both drivers render the same objects.
 */
import type { DeploymentSpec } from './driver.js';

export const FIELD_MANAGER = 'agent-commerce';

export function objectName(deployId: string): string {
  return deployId.toLowerCase();
}

export function labelsOf(spec: Pick<DeploymentSpec, 'deployId' | 'ownerAgentId'>): Record<string, string> {
  return { 'app.kubernetes.io/managed-by': FIELD_MANAGER, 'agent-commerce/deploy-id': spec.deployId, 'agent-commerce/owner': spec.ownerAgentId };
}

export function renderDeployment(spec: DeploymentSpec, namespace: string, replicas = 1) {
  const resources = { memory: `${spec.resources.memory_mb}Mi`, cpu: `${Math.round(spec.resources.cpu * 1000)}m` };
  const labels = labelsOf(spec);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: objectName(spec.deployId), namespace, labels },
    spec: {
      replicas,
      selector: { matchLabels: { 'agent-commerce/deploy-id': spec.deployId } },
      template: {
        metadata: { labels },
        spec: {
          automountServiceAccountToken: false,
          containers: [{
            name: 'app',
            image: spec.image,
            ...(spec.command ? { command: spec.command } : {}),
            env: Object.entries(spec.env).map(([name, value]) => ({ name, value })),
            ...(spec.port ? { ports: [{ containerPort: spec.port, name: 'http' }] } : {}),
            resources: { requests: resources, limits: resources },
            securityContext: { allowPrivilegeEscalation: false, runAsNonRoot: true },
          }],
        },
      },
    },
  };
}

export function renderService(spec: DeploymentSpec, namespace: string) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: objectName(spec.deployId), namespace, labels: labelsOf(spec) },
    spec: {
      selector: { 'agent-commerce/deploy-id': spec.deployId },
      ports: [{ name: 'http', port: 80, targetPort: spec.port ?? 8080 }],
    },
  };
}

/** The address a Service gets inside the cluster. */
export function clusterEndpoint(deployId: string, namespace: string): string {
  return `http://${objectName(deployId)}.${namespace}.svc.cluster.local`;
}
