/**
 * The few Kubernetes API calls the hosting driver makes, over node:http(s) with the credentials
 * of a kubeconfig (or of the pod's service account), a time-out on every call, and the API's
 * failures sorted into retryable and permanent.
 *
 * Why not the client's typed APIs: @kubernetes/client-node is used here only to load and apply
 * credentials (`KubeConfig.applyToHTTPSOptions` gives the CA, client certificate, bearer token
 * and an agent). Its generated `AppsV1Api` can do server-side apply, but only through a
 * middleware that rewrites the Content-Type, a second one to attach an AbortSignal, and an
 * `ApiException` to unwrap; one plain request function with `signal: AbortSignal.timeout(ms)`
 * does all three in a few lines and lets us read the API's Status body ourselves.
 *
 * Pinned to 1.x: client-node 2.0 loads undici 8, which needs Node >= 22.19 and throws at import
 * on Node 20 (`createZstdDecompress` is undefined).
 */
import http from 'node:http';
import https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import { DriverPermanentError, DriverRetryableError } from './driver.js';

export const APPLY_PATCH = 'application/apply-patch+yaml';
export const MERGE_PATCH = 'application/merge-patch+json';

export interface KubeResponse {
  status: number;
  body: unknown;
}

export interface KubeApiOptions {
  /** A kubeconfig file; the pod's service account (in-cluster) when absent. */
  kubeconfigPath?: string;
  /** Time-out of each call, connection to last byte. */
  timeoutMs: number;
}

/** Loads credentials the way kubectl would from one file, or from the pod's service account. */
export function loadKubeConfig(kubeconfigPath?: string): KubeConfig {
  const kc = new KubeConfig();
  if (kubeconfigPath) kc.loadFromFile(kubeconfigPath);
  else kc.loadFromCluster();
  const server = kc.getCurrentCluster()?.server;
  if (!server || !URL.canParse(server) || new URL(server).hostname === 'undefined') {
    throw new TypeError(kubeconfigPath ? `no cluster server in ${kubeconfigPath}` : 'not running in a pod: set KUBECONFIG');
  }
  return kc;
}

/** 409 (a conflict), 429 (throttled) and 5xx may succeed on a later try; other 4xx never will. */
export function isRetryableStatus(status: number): boolean {
  return status === 409 || status === 429 || status >= 500;
}

/** The `message` of a Kubernetes Status body, or the status code when there is none. */
export function statusMessage(res: KubeResponse): string {
  const body = res.body as { kind?: unknown; message?: unknown } | null;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  return `HTTP ${res.status}`;
}

export class KubeApi {
  private readonly kc: KubeConfig;
  private readonly server: string;

  constructor(private readonly options: KubeApiOptions) {
    this.kc = loadKubeConfig(options.kubeconfigPath);
    // Kept as text: a server URL may carry a path prefix (a proxy in front of the API).
    this.server = this.kc.getCurrentCluster()!.server.replace(/\/+$/, '');
  }

  /**
   * One call. Resolves with any HTTP answer whose status is 2xx or in `accept` (404 for a
   * delete); throws DriverRetryableError for network faults, time-outs, 409, 429 and 5xx, and
   * DriverPermanentError with the API's message for any other status.
   */
  async call(method: string, path: string, init: { body?: unknown; contentType?: string; accept?: number[] } = {}): Promise<KubeResponse> {
    const what = `${method} ${path.split('?')[0]}`;
    let res: KubeResponse;
    try {
      res = await this.send(method, path, init.body === undefined ? undefined : JSON.stringify(init.body), init.contentType);
    } catch (err) {
      // The only signal is the time-out: node:http reports it as an AbortError.
      const timedOut = err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
      const reason = timedOut ? `timed out after ${this.options.timeoutMs} ms` : String((err as Error)?.message ?? err);
      throw new DriverRetryableError(`kubernetes ${what}: ${reason}`, { cause: err });
    }
    if ((res.status >= 200 && res.status < 300) || init.accept?.includes(res.status)) return res;
    const message = statusMessage(res);
    const error = isRetryableStatus(res.status) ? DriverRetryableError : DriverPermanentError;
    throw new error(`kubernetes ${what} answered ${res.status}: ${message}`, { cause: res.body });
  }

  private async send(method: string, path: string, body: string | undefined, contentType: string | undefined): Promise<KubeResponse> {
    const options: https.RequestOptions = { headers: {} };
    // Called per request, not once: the in-cluster token file is rotated, and the client's
    // authenticators re-read it. It also sets a fresh agent each time (1.4 keeps no cache): one
    // connection per call, which is fine at the rate of a job queue.
    await this.kc.applyToHTTPSOptions(options);
    const url = new URL(this.server + path);
    const headers: http.OutgoingHttpHeaders = { ...(options.headers as http.OutgoingHttpHeaders), accept: 'application/json' };
    if (body !== undefined) {
      headers['content-type'] = contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const request = url.protocol === 'http:' ? http.request : https.request;
    return new Promise<KubeResponse>((resolve, reject) => {
      const req = request(url, { ...options, method, headers, signal: AbortSignal.timeout(this.options.timeoutMs) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON (a proxy's HTML error page): keep the text.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }
}
