/** Prometheus metrics for this process (default Node metrics plus HTTP counters). */
import { collectDefaultMetrics, Registry } from 'prom-client';

const registry = new Registry();
let started = false;

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  if (!started) {
    collectDefaultMetrics({ register: registry });
    started = true;
  }
  return { contentType: registry.contentType, body: await registry.metrics() };
}
