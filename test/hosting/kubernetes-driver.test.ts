/**
 * The Kubernetes driver against a loopback stand-in API server (HTTPS, bearer token, the real
 * API's paths and Status shapes): what it applies, field by field, and how it sorts failures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DriverPermanentError, DriverRetryableError, type DeploymentSpec } from '../../shared/hosting/driver.js';
import { KubernetesDriver } from '../../shared/hosting/kubernetes-driver.js';
import { resourcesOf } from '../../shared/hosting/plans.js';
import { KubeStandIn } from '../helpers/kube-stand-in.js';

const NS = 'agent-hosting';
const DEPLOYMENT = `/apis/apps/v1/namespaces/${NS}/deployments/dep-abc123`;
const SERVICE = `/api/v1/namespaces/${NS}/services/dep-abc123`;

const spec: DeploymentSpec = {
  deployId: 'DEP-ABC123',
  ownerAgentId: '0123456789abcdef01234567',
  name: 'echo',
  image: 'ghcr.io/example/echo:1.2.3',
  port: 8080,
  env: { GREETING: 'hello', MODE: 'trial' },
  command: ['node', 'server.js'],
  plan: 'trial',
  resources: resourcesOf('trial'),
};

const labels = {
  'app.kubernetes.io/managed-by': 'agent-commerce',
  'agent-commerce/deploy-id': 'DEP-ABC123',
  'agent-commerce/owner': '0123456789abcdef01234567',
};

let api: KubeStandIn;
let driver: KubernetesDriver;

beforeAll(async () => {
  api = await new KubeStandIn().start();
  driver = new KubernetesDriver({ namespace: NS, kubeconfigPath: api.kubeconfigPath, timeoutMs: 5000 });
});
afterAll(() => api.stop());
beforeEach(() => {
  api.objects.clear();
  api.requests.length = 0;
  api.failures.length = 0;
  api.hang = false;
});

describe('KubernetesDriver against the stand-in API server', () => {
  it('provisions by server-side applying exactly one Deployment and one Service', async () => {
    const { endpoint } = await driver.provision(spec);
    expect(endpoint).toBe(`http://dep-abc123.${NS}.svc.cluster.local`);
    expect([...api.objects.keys()].sort()).toEqual([SERVICE, DEPLOYMENT].sort());
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH ${DEPLOYMENT}`, `PATCH ${SERVICE}`]);
    for (const r of api.requests) {
      expect(r.contentType).toBe('application/apply-patch+yaml');
      expect(r.query.get('fieldManager')).toBe('agent-commerce');
      expect(r.query.get('force')).toBe('true');
      expect(r.authorization).toBe(`Bearer ${api.token}`);
    }
  });

  it('renders the Deployment field by field', async () => {
    await driver.provision(spec);
    const d = api.objects.get(DEPLOYMENT)!;
    expect(d.apiVersion).toBe('apps/v1');
    expect(d.kind).toBe('Deployment');
    expect(d.metadata.name).toBe('dep-abc123');
    expect(d.metadata.namespace).toBe(NS);
    expect(d.metadata.labels).toEqual(labels);
    expect(d.spec.replicas).toBe(1);
    expect(d.spec.selector).toEqual({ matchLabels: { 'agent-commerce/deploy-id': 'DEP-ABC123' } });
    expect(d.spec.template.metadata.labels).toEqual(labels);
    expect(d.spec.template.spec.automountServiceAccountToken).toBe(false);
    expect(d.spec.template.spec.containers).toHaveLength(1);
    const c = d.spec.template.spec.containers[0];
    expect(c.name).toBe('app');
    expect(c.image).toBe('ghcr.io/example/echo:1.2.3');
    expect(c.command).toEqual(['node', 'server.js']);
    expect(c.env).toEqual([{ name: 'GREETING', value: 'hello' }, { name: 'MODE', value: 'trial' }]);
    expect(c.ports).toEqual([{ containerPort: 8080, name: 'http' }]);
    expect(c.resources.requests).toEqual({ memory: '512Mi', cpu: '100m' });
    expect(c.resources.limits).toEqual({ memory: '512Mi', cpu: '100m' });
    expect(c.securityContext).toEqual({ allowPrivilegeEscalation: false, runAsNonRoot: true });
  });

  it('renders the Service field by field', async () => {
    await driver.provision(spec);
    const s = api.objects.get(SERVICE)!;
    expect(s.apiVersion).toBe('v1');
    expect(s.kind).toBe('Service');
    expect(s.metadata.name).toBe('dep-abc123');
    expect(s.metadata.namespace).toBe(NS);
    expect(s.metadata.labels).toEqual(labels);
    expect(s.spec.selector).toEqual({ 'agent-commerce/deploy-id': 'DEP-ABC123' });
    expect(s.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 8080 }]);
  });

  it('changes nothing when a retried job provisions again', async () => {
    await driver.provision(spec);
    const before = structuredClone(Object.fromEntries(api.objects));
    await driver.provision(spec);
    expect(Object.fromEntries(api.objects)).toEqual(before);
    expect(api.objects.get(DEPLOYMENT)!.metadata.resourceVersion).toBe(before[DEPLOYMENT].metadata.resourceVersion);
  });

  it('resizes by applying the new plan limits and keeps the rest', async () => {
    await driver.provision(spec);
    await driver.resize({ ...spec, plan: 'medium', resources: resourcesOf('medium') });
    const c = api.objects.get(DEPLOYMENT)!.spec.template.spec.containers[0];
    expect(c.resources.limits).toEqual({ memory: '1536Mi', cpu: '1000m' });
    expect(c.resources.requests).toEqual({ memory: '1536Mi', cpu: '1000m' });
    expect(c.image).toBe(spec.image);
    expect(api.objects.get(DEPLOYMENT)!.spec.replicas).toBe(1);
  });

  it('suspends by scaling to zero, reports suspended, and a resize keeps it suspended', async () => {
    await driver.provision(spec);
    await driver.suspend(spec.deployId);
    const patch = api.requests.at(-1)!;
    expect(patch.contentType).toBe('application/merge-patch+json');
    expect(patch.body).toEqual({ spec: { replicas: 0 } });
    expect(api.objects.get(DEPLOYMENT)!.spec.replicas).toBe(0);
    expect(api.objects.get(DEPLOYMENT)!.spec.template.spec.containers[0].image).toBe(spec.image);
    expect(await driver.status(spec.deployId)).toBe('suspended');
    await driver.resize({ ...spec, plan: 'small', resources: resourcesOf('small') });
    expect(await driver.status(spec.deployId)).toBe('suspended');
  });

  it('resumes with one replica: pending until a replica is available, then running', async () => {
    await driver.provision(spec);
    await driver.suspend(spec.deployId);
    await driver.resume(spec);
    expect(api.objects.get(DEPLOYMENT)!.spec.replicas).toBe(1);
    expect(await driver.status(spec.deployId)).toBe('pending');
    api.objects.get(DEPLOYMENT)!.status = { replicas: 1, availableReplicas: 1 };
    expect(await driver.status(spec.deployId)).toBe('running');
  });

  it('destroys both objects, and a second destroy is fine', async () => {
    await driver.provision(spec);
    await driver.destroy(spec.deployId);
    expect(api.objects.size).toBe(0);
    const del = api.requests.filter((r) => r.method === 'DELETE');
    expect(del.map((r) => r.path)).toEqual([DEPLOYMENT, SERVICE]);
    expect(del[0].query.get('propagationPolicy')).toBe('Background');
    await expect(driver.destroy(spec.deployId)).resolves.toBeUndefined();
    expect(await driver.status(spec.deployId)).toBe('missing');
  });

  it('suspends a missing deployment without complaint', async () => {
    await expect(driver.suspend(spec.deployId)).resolves.toBeUndefined();
  });

  it('makes a 409 conflict retryable', async () => {
    api.failures.push({ code: 409, reason: 'Conflict', message: 'Apply failed with 1 conflict: conflict with "kubectl": .spec.replicas' });
    await expect(driver.provision(spec)).rejects.toBeInstanceOf(DriverRetryableError);
  });

  it('makes a 503 retryable', async () => {
    api.failures.push({ code: 503, reason: 'ServiceUnavailable', message: 'the server is currently unable to handle the request' });
    await expect(driver.status(spec.deployId)).rejects.toBeInstanceOf(DriverRetryableError);
  });

  it('fails for good on a 422, with the API message', async () => {
    const message = 'Deployment.apps "dep-abc123" is invalid: spec.template.spec.containers[0].image: Required value';
    api.failures.push({ code: 422, reason: 'Invalid', message });
    const err = await driver.provision(spec).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DriverPermanentError);
    expect((err as Error).message).toContain(message);
    expect(api.objects.size).toBe(0);
  });

  it('times out on a server that never answers, as retryable', async () => {
    api.hang = true;
    const impatient = new KubernetesDriver({ namespace: NS, kubeconfigPath: api.kubeconfigPath, timeoutMs: 200 });
    const started = Date.now();
    const err = await impatient.provision(spec).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DriverRetryableError);
    expect((err as Error).message).toMatch(/timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('makes a refused connection retryable', async () => {
    // A port that was just free: nothing listens there any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const path = `${api.kubeconfigPath}-closed`;
    writeFileSync(path, readFileSync(api.kubeconfigPath, 'utf8').replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`));
    const cut = new KubernetesDriver({ namespace: NS, kubeconfigPath: path, timeoutMs: 2000 });
    await expect(cut.status(spec.deployId)).rejects.toBeInstanceOf(DriverRetryableError);
  });
});
