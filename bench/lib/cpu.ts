/**
 * Where the CPU went during a phase, from /proc (Linux; elsewhere every figure is undefined):
 * the share of a core used by given processes, by every process of a given command (all
 * `postgres` backends, `redis-server`), and by the machine as a whole. Other people's work on
 * the same machine shows up in the machine figure and in the shared servers.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) used so far by a process; undefined when unreadable. */
export function cpuSeconds(pid: number = process.pid): number | undefined {
  const stat = readStat(pid);
  return stat?.seconds;
}

function readStat(pid: number): { comm: string; seconds: number; reaped: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces; the fields after it start after the last ')'.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      reaped: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS,
    };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds per command name over every process (at most 5,000 looked at), with the time of
 * the children each has reaped: a PostgreSQL backend that exits during a phase takes its time
 * with it, and that time moves to the postmaster's reaped children, so the sum never goes down.
 */
function secondsByCommand(commands: string[]): Map<string, number> {
  const out = new Map(commands.map((c) => [c, 0]));
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e)).slice(0, 5000);
  } catch {
    return out;
  }
  for (const e of entries) {
    const s = readStat(Number(e));
    if (s && out.has(s.comm)) out.set(s.comm, out.get(s.comm)! + s.seconds + s.reaped);
  }
  return out;
}

/** Busy and total CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineSeconds(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = v[3] + (v[4] ?? 0);
    return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}

export interface CpuShares {
  seconds: number;
  /** Share of one core per given pid (1 = a full core). */
  pids: (number | undefined)[];
  /** Share of one core per command, summed over its processes. */
  commands: Record<string, number | undefined>;
  /** Share of the whole machine that was busy, 0..1 (all cores). */
  machine?: number;
}

/** Runs `fn` and reports the CPU used meanwhile by `pids`, by `commands` and by the machine. */
export async function measureCpu<T>(pids: number[], commands: string[], fn: () => Promise<T>): Promise<{ result: T; cpu: CpuShares }> {
  const before = { pids: pids.map((p) => cpuSeconds(p)), commands: secondsByCommand(commands), machine: machineSeconds() };
  const t0 = performance.now();
  const result = await fn();
  const seconds = (performance.now() - t0) / 1000;
  const afterCommands = secondsByCommand(commands);
  const afterMachine = machineSeconds();
  const share = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : (a - b) / seconds);
  const cpu: CpuShares = {
    seconds,
    pids: pids.map((p, i) => share(cpuSeconds(p), before.pids[i])),
    commands: Object.fromEntries(commands.map((c) => [c, share(afterCommands.get(c), before.commands.get(c))])),
    machine: afterMachine && before.machine && afterMachine.total > before.machine.total
      ? (afterMachine.busy - before.machine.busy) / (afterMachine.total - before.machine.total)
      : undefined,
  };
  return { result, cpu };
}

/** "87% of a core" or "n/a". */
export function fmtShare(share: number | undefined): string {
  return share === undefined ? 'n/a' : `${Math.round(share * 100)}% of a core`;
}

/** Commands whose processes are the shared servers a benchmark talks to. */
export const SERVERS = ['postgres', 'redis-server'];

/**
 * One line: each labelled pid and each server command as a share of a core, then the machine.
 * With `per` (e.g. 2000 jobs), also the CPU milliseconds each of them spent per unit.
 */
export function describeCpu(cpu: CpuShares, labels: string[], per?: { count: number; unit: string }): string {
  const parts: [string, number | undefined][] = [
    ...labels.map((l, i): [string, number | undefined] => [l, cpu.pids[i]]),
    ...Object.entries(cpu.commands),
  ];
  const each = parts.map(([name, share]) => {
    const ms = per && share !== undefined ? `, ${((share * cpu.seconds * 1000) / per.count).toFixed(2)} ms/${per.unit}` : '';
    return `${name} ${share === undefined ? 'n/a' : `${Math.round(share * 100)}%${ms}`}`;
  });
  const machine = cpu.machine === undefined ? '' : `; whole machine ${Math.round(cpu.machine * 100)}% busy`;
  return `CPU (share of one core): ${each.join('; ')}${machine}`;
}
