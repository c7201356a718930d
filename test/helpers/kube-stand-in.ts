/**
 * A loopback stand-in for the Kubernetes API server: HTTPS on 127.0.0.1 with a self-signed
 * certificate made by openssl, a bearer token, and the paths and JSON shapes of the real API for
 * the calls the hosting driver makes (server-side apply, merge patch, get, delete). Objects are
 * stored by path; a re-apply that changes nothing keeps the resourceVersion, as the real server
 * does. Failures and a server that never answers can be scripted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

type KubeObject = Record<string, any>;

const ROUTE = /^\/(?:apis\/apps\/v1|api\/v1)\/namespaces\/([^/]+)\/(deployments|services)\/([^/]+)$/;

function status(code: number, reason: string, message: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

/** RFC 7386: objects merge, null deletes, anything else replaces. */
function mergePatch(target: any, patch: any): any {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** What the caller owns of an object: everything but the server's metadata and status. */
function desired(o: KubeObject): string {
  const { uid, resourceVersion, generation, creationTimestamp, ...metadata } = o.metadata ?? {};
  void uid; void resourceVersion; void generation; void creationTimestamp;
  return JSON.stringify({ ...o, metadata, status: undefined });
}

export class KubeStandIn {
  readonly token = 'stand-in-token-' + Math.random().toString(36).slice(2);
  readonly objects = new Map<string, KubeObject>();
  readonly requests: RecordedRequest[] = [];
  /** Answered, in order, instead of the next requests. */
  readonly failures: { code: number; reason: string; message: string }[] = [];
  /** When true, requests are read and never answered. */
  hang = false;
  private readonly dir = mkdtempSync(join(tmpdir(), 'kube-stand-in-'));
  private server!: https.Server;
  private version = 100;
  kubeconfigPath = '';

  async start(): Promise<this> {
    const key = join(this.dir, 'key.pem');
    const cert = join(this.dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert,
      '-days', '1', '-subj', '/CN=kube-stand-in', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    this.server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (this.hang) return;
        const [code, body] = this.handle(req.method!, req.url!, req.headers, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    // JSON is YAML: the client's loader reads it as any kubeconfig.
    this.kubeconfigPath = join(this.dir, 'kubeconfig');
    writeFileSync(this.kubeconfigPath, JSON.stringify({
      apiVersion: 'v1', kind: 'Config', 'current-context': 'stand-in',
      clusters: [{ name: 'stand-in', cluster: { server: `https://127.0.0.1:${port}`, 'certificate-authority-data': readFileSync(cert).toString('base64') } }],
      users: [{ name: 'driver', user: { token: this.token } }],
      contexts: [{ name: 'stand-in', context: { cluster: 'stand-in', user: 'driver' } }],
    }));
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private handle(method: string, rawUrl: string, headers: Record<string, any>, text: string): [number, unknown] {
    const url = new URL(rawUrl, 'https://stand-in');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return [400, status(400, 'BadRequest', 'the stand-in reads JSON only')];
    }
    this.requests.push({ method, path: url.pathname, query: url.searchParams, contentType: headers['content-type'], authorization: headers.authorization, body });
    if (headers.authorization !== `Bearer ${this.token}`) return [401, status(401, 'Unauthorized', 'Unauthorized')];
    const failure = this.failures.shift();
    if (failure) return [failure.code, status(failure.code, failure.reason, failure.message)];
    const route = ROUTE.exec(url.pathname);
    if (!route) return [404, status(404, 'NotFound', 'the server could not find the requested resource')];
    const [, namespace, resource, name] = route;
    const stored = this.objects.get(url.pathname);
    const notFound = status(404, 'NotFound', `${resource === 'deployments' ? 'deployments.apps' : 'services'} "${name}" not found`);
    switch (method) {
      case 'GET':
        return stored ? [200, stored] : [404, notFound];
      case 'DELETE':
        if (!stored) return [404, notFound];
        this.objects.delete(url.pathname);
        return [200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name, kind: resource } }];
      case 'PATCH':
        return this.patch(url, headers['content-type'], body as KubeObject, { namespace, name, stored });
      default:
        return [405, status(405, 'MethodNotAllowed', `${method} is not supported`)];
    }
  }

  private patch(url: URL, contentType: string | undefined, body: KubeObject, at: { namespace: string; name: string; stored?: KubeObject }): [number, unknown] {
    let next: KubeObject;
    if (contentType === 'application/apply-patch+yaml') {
      if (!url.searchParams.get('fieldManager')) return [400, status(400, 'BadRequest', 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch')];
      if (body?.metadata?.name !== at.name || body?.metadata?.namespace !== at.namespace) return [400, status(400, 'BadRequest', 'the name of the object does not match the name on the URL')];
      next = { ...body, metadata: { ...at.stored?.metadata, ...body.metadata }, ...(at.stored?.status ? { status: at.stored.status } : {}) };
    } else if (contentType === 'application/merge-patch+json') {
      if (!at.stored) return [404, status(404, 'NotFound', `"${at.name}" not found`)];
      next = mergePatch(at.stored, body);
    } else {
      return [415, status(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml`)];
    }
    if (at.stored && desired(at.stored) === desired(next)) return [200, at.stored];
    const created = !at.stored;
    next.metadata = {
      ...next.metadata,
      uid: next.metadata.uid ?? `uid-${at.name}`,
      creationTimestamp: next.metadata.creationTimestamp ?? new Date().toISOString(),
      generation: (next.metadata.generation ?? 0) + 1,
      resourceVersion: String(++this.version),
    };
    if (next.kind === 'Deployment') next.status ??= {};
    this.objects.set(url.pathname, next);
    return [created ? 201 : 200, next];
  }
}
