import { describe, expect, it } from 'vitest';
import { RULES, scanSkill } from '../../shared/scanner/index.js';
import { CODE_CASES, COMBO_CASES } from './cases-code.js';
import { TEXT_CASES } from './cases.js';
import { INTENT_CASES } from './cases-intent.js';
import { FEATURES } from '../../shared/scanner/intent-features.js';
import { HOSTILE_LINES } from './hostile.js';

/**
 * A safety check, not a benchmark: the bounds are generous so a slow CI machine passes, and
 * catastrophic backtracking (seconds or minutes) still fails loudly. Times are CPU time of this
 * process, which a busy machine still inflates (a pattern measured at 120 ms alone took 300 ms
 * at a load average of 4 on two cores), so the bound per pattern is the bound per scan: on these
 * 100 KB inputs, exponential backtracking takes minutes and a quadratic pattern tens of seconds.
 */
const PER_PATTERN_MS = 2000;
const PER_SCAN_MS = 2000;

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function timeGlobal(re: RegExp, input: string): number {
  const g = new RegExp(re.source, [...new Set(`${re.flags}gm`)].join(''));
  const t0 = cpuMs();
  let n = 0;
  let m: RegExpExecArray | null;
  while (n++ < 10_000 && (m = g.exec(input)) !== null) if (m[0].length === 0) g.lastIndex++;
  return cpuMs() - t0;
}

/** CPU time of one scan with no time budget in the way, and whether it was cut short. */
function timeScan(files: { path: string; text: string }[]): { ms: number; truncated: boolean } {
  const t0 = cpuMs();
  const r = scanSkill({ name: 'hostile', files }, { timeBudgetMs: 60_000 });
  return { ms: cpuMs() - t0, truncated: r.truncated };
}

/** A rule's own malicious example with its ending cut off, repeated on one long line. */
const soups = [...TEXT_CASES, ...CODE_CASES, ...COMBO_CASES, ...INTENT_CASES].map((c) => {
  const text = c.bad.map((f) => f.text).join(' ').replace(/\n/g, ' ');
  const cut = text.slice(0, Math.max(1, text.length - 4));
  return [`${c.id} soup`, cut.repeat(Math.ceil(100_000 / cut.length))] as const;
});
const INPUTS = [...Object.entries(HOSTILE_LINES), ...soups];

describe('regexes on hostile input', () => {
  const patterns = [
    ...RULES.flatMap((r) => (r.patterns ?? []).map((p, i) => ({ id: `${r.id}#${i}`, p }))),
    // The intent detector's features run over lowercased text, like the needles.
    ...FEATURES.map(([feature, p]) => ({ id: `intent:${feature}`, p })),
  ];

  it.each(INPUTS.map(([name, input]) => ({ name, input })))('every pattern handles $name in under 2 s of CPU', ({ input }) => {
    const slow = patterns.map(({ id, p }) => ({ id, ms: timeGlobal(p, input) })).filter((x) => x.ms > PER_PATTERN_MS);
    expect(slow).toEqual([]);
  });
});

describe('whole scans on hostile input', () => {
  it.each(INPUTS.map(([name, input]) => ({ name, input })))('scans $name within the budget', ({ input }) => {
    for (const path of ['SKILL.md', 'run.sh', 'package.json']) {
      expect(timeScan([{ path, text: input }]).ms).toBeLessThan(PER_SCAN_MS);
    }
  });

  it('scans 1 MiB of hostile text in one skill in under 2 s', () => {
    const lines = Object.values(HOSTILE_LINES).join('\n');
    const files = [];
    for (let i = 0, total = 0; total < 1024 * 1024 - 300_000; i++) {
      const text = lines.slice(0, 250_000);
      files.push({ path: i % 2 ? `scripts/s${i}.sh` : `doc${i}.md`, text });
      total += text.length;
    }
    const { ms, truncated } = timeScan(files);
    expect(truncated).toBe(false);
    expect(ms).toBeLessThan(PER_SCAN_MS);
  });

  it('returns soon after the time budget even when the input would take longer', () => {
    const files = Array.from({ length: 4 }, (_, i) => ({ path: `s${i}.sh`, text: 'curl '.repeat(50_000) }));
    const t0 = performance.now();
    const r = scanSkill({ name: 'hostile', files }, { timeBudgetMs: 50 });
    expect(r.truncated || performance.now() - t0 < 50).toBe(true);
    expect(performance.now() - t0).toBeLessThan(PER_SCAN_MS);
  });
});
