/** Percentiles and the few number formats every benchmark prints. */

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of an ascending array; NaN when it is empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Summarises latencies in milliseconds (the input is not modified). */
export function summarize(latenciesMs: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(latenciesMs).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** A rate or count for people: 12345.6 -> "12,346"; small values keep one decimal. */
export function fmtRate(v: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  return v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1);
}

/** Milliseconds with a precision that suits their size. */
export function fmtMs(v: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  return v >= 100 ? `${Math.round(v)} ms` : v >= 10 ? `${v.toFixed(1)} ms` : `${v.toFixed(2)} ms`;
}

/** `part / whole` as a percentage, "n/a" when either is missing. */
export function fmtRatio(part: number, whole: number): string {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return 'n/a';
  const pct = (part / whole) * 100;
  return `${pct >= 10 ? pct.toFixed(0) : pct >= 1 ? pct.toFixed(1) : pct.toPrecision(2)}%`;
}

export function fmtLatency(s: LatencySummary): string {
  return `p50 ${fmtMs(s.p50)}, p90 ${fmtMs(s.p90)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)}`;
}

/** An integer from the environment, or the default when unset; refuses anything else. */
export function envInt(name: string, fallback: number, min = 1, max = 1_000_000): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`${name}=${raw}: expected an integer from ${min} to ${max}`);
  return v;
}
