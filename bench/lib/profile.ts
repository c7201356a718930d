/**
 * Reads a V8 .cpuprofile (from `node --cpu-prof`) and says where the time went: self time per
 * function and per package (node_modules/<name>, node internals, or the service's own folders),
 * as shares of the time the process was not idle.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileEntry {
  name: string;
  ms: number;
  /** Share of busy (non-idle) time, 0..1. */
  share: number;
}

export interface ProfileSummary {
  file: string;
  /** True when only the samples inside the given window were counted. */
  windowed: boolean;
  wallMs: number;
  busyMs: number;
  functions: ProfileEntry[];
  packages: ProfileEntry[];
}

/** node_modules/viem/... -> "viem", node:internal/... -> "node internals", api/x.ts -> "service: api". */
function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : 'native';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node internals';
  const m = url.match(/\/(api|shared|queues|workers|feed|bench)\//);
  return m ? `service: ${m[1]}` : url.replace(/^file:\/\//, '');
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  return url.replace(/^file:\/\/.*?\/(api|shared|queues|workers|feed|bench)\//, '$1/').replace(/^node:/, '');
}

function top(map: Map<string, number>, busyMs: number, n: number): ProfileEntry[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / 1000 / busyMs }));
}

/** Now on the clock V8 stamps profile samples with (CLOCK_MONOTONIC, microseconds). */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/**
 * Self time by function and by package, top `n` of each. With `window` ([from, to] from
 * `monotonicMicros()`, taken in any process of this machine), only the samples inside it count,
 * so start-up and warm-up stay out of the figures.
 */
export function summarizeProfile(file: string, n = 15, window?: [number, number]): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  const windowed = !!window && window[0] < profile.endTime && window[1] > profile.startTime;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (windowed && (t < window![0] || t > window![1])) continue;
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  }
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let idleUs = 0;
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    totalUs += us;
    if (functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const name = `${functionName || '(anonymous)'}${url ? ` ${shortUrl(url)}:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const pkg = packageOf(url, functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const busyMs = (totalUs - idleUs) / 1000;
  return {
    file, windowed, wallMs: totalUs / 1000, busyMs,
    functions: top(functions, busyMs, n),
    packages: top(packages, busyMs, n),
  };
}

/**
 * The main thread's profile in `dir`: node writes one file per thread,
 * `CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile`, and the main thread's id is 0.
 */
export function mainThreadProfile(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const file = readdirSync(dir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  return file ? join(dir, file) : undefined;
}

export function printProfile(label: string, s: ProfileSummary): void {
  const pct = (e: ProfileEntry) => `${(e.share * 100).toFixed(1).padStart(5)}%  ${e.ms.toFixed(0).padStart(6)} ms  ${e.name}`;
  console.log(`${label}: busy ${(s.busyMs / 1000).toFixed(1)} s of ${(s.wallMs / 1000).toFixed(1)} s profiled${s.windowed ? ' in the timed phase' : ' (whole process: the window did not match)'} (${s.file})`);
  console.log('  self time by package:');
  for (const e of s.packages) console.log(`    ${pct(e)}`);
  console.log('  self time by function:');
  for (const e of s.functions) console.log(`    ${pct(e)}`);
}
