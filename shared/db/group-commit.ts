/**
 * Group commit: many small transactions that arrive together are run one after the other inside
 * ONE transaction, with one BEGIN and one COMMIT (one WAL flush), and rows that all of them touch
 * (the ledger's shared accounts) are locked once per group instead of once per transaction.
 *
 * There is no timer: the first unit of work starts a group at once, and whatever arrives while a
 * group is committing forms the next one, so a lone unit waits for nothing and a burst batches
 * itself. Each unit's promise settles only after its group has committed.
 *
 * When any unit of a group fails (its own error, a deadlock, a failed COMMIT), the group is rolled
 * back as a whole and every unit of it is run again in a transaction of its own, so each unit
 * gets exactly the answer it would have had alone and one bad unit never fails its neighbours.
 * Units must therefore be what any transaction body should be: safe to run again after a
 * rollback, with no effect outside the database before their transaction commits (use
 * `afterCommit` for that).
 */
import type pg from 'pg';
import { onceInTransaction, transaction, withClient, type Db } from './pool.js';

export interface GroupCommit {
  /** Runs `fn` in a transaction shared with the units that arrive with it; see the module. */
  run<T>(fn: (tx: pg.PoolClient) => Promise<T>): Promise<T>;
}

export interface GroupCommitStats {
  /** Groups committed whole. */
  groups: number;
  /** Units committed as part of a group of two or more. */
  grouped: number;
  /** Units run on their own: alone when they arrived, or again after their group failed. */
  alone: number;
  /** Groups rolled back because a unit or the COMMIT failed. */
  fallbacks: number;
}

/** A group commit of inputs of one kind, run by one function for the whole group. */
export interface SetCommit<I, O> {
  /** Runs `input` with the inputs that arrive with it, in one transaction; see the module. */
  run(input: I): Promise<O>;
  stats: GroupCommitStats;
}

interface Unit<I> {
  input: I;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

type Work = (tx: pg.PoolClient) => Promise<unknown>;

/**
 * @param maxGroup - the most units one transaction holds: a group keeps the rows it touched
 *   locked until its COMMIT, so this bounds how long another transaction can wait for them.
 */
export function groupCommit(db: Db, maxGroup = 32): GroupCommit & { stats: GroupCommitStats } {
  const set = setCommit<Work, unknown>(db, async (tx, units) => {
    const out: unknown[] = [];
    for (const unit of units) out.push(await unit(tx));
    return out;
  }, { maxGroup });
  return { stats: set.stats, run: <T>(fn: (tx: pg.PoolClient) => Promise<T>) => set.run(fn) as Promise<T> };
}

export interface SetCommitOptions<I, O> {
  /** The most units one transaction holds (see `groupCommit`); default 32. */
  maxGroup?: number;
  /**
   * Runs a lone input, or each input of a failed group, on its own, committed when it resolves
   * (one autocommitted statement, say). Default: `runGroup` over that one input in a
   * transaction of its own.
   */
  alone?: (input: I) => Promise<O>;
  /**
   * True when `runGroup` sends ONE statement, atomic on its own: it then runs without BEGIN
   * and COMMIT around it (two round trips fewer per group), committed when it answers.
   */
  oneStatement?: boolean;
}

/**
 * The group commit of the module for inputs that one function runs as a set: `runGroup` gets
 * every input of a group (in arrival order, a repeated input repeated) and answers one output per
 * input, in order. A group's inputs then share statements, not only a transaction. A lone input,
 * or each input of a failed group, is run on its own (`opts.alone`, by default as a set of one in
 * a transaction of its own), which must give the answer that input would have alone.
 */
export function setCommit<I, O>(db: Db, runGroup: (tx: pg.PoolClient, inputs: I[]) => Promise<O[]>, opts: SetCommitOptions<I, O> = {}): SetCommit<I, O> {
  const { maxGroup = 32 } = opts;
  const runAlone = opts.alone ?? ((input: I) => transaction(db, async (tx) => (await runGroup(tx, [input]))[0]));
  const runTogether = (inputs: I[]): Promise<O[]> =>
    opts.oneStatement ? withClient(db, (client) => runGroup(client, inputs)) : onceInTransaction(db, (tx) => runGroup(tx, inputs));
  const waiting: Unit<I>[] = [];
  let committing = false;
  const stats: GroupCommitStats = { groups: 0, grouped: 0, alone: 0, fallbacks: 0 };

  async function alone(unit: Unit<I>): Promise<void> {
    stats.alone++;
    await runAlone(unit.input).then(unit.resolve, unit.reject);
  }

  async function commitGroup(group: Unit<I>[]): Promise<void> {
    if (group.length === 1) return alone(group[0]);
    let results: O[];
    try {
      results = await runTogether(group.map((u) => u.input));
      if (results.length !== group.length) throw new Error(`a group of ${group.length} answered ${results.length} results`);
    } catch {
      // Which unit failed, and whether the others would have succeeded, only running each on
      // its own can tell; they run side by side, as they would have without grouping.
      stats.fallbacks++;
      await Promise.all(group.map(alone));
      return;
    }
    stats.groups++;
    stats.grouped += group.length;
    group.forEach((unit, i) => unit.resolve(results[i]));
  }

  async function drain(): Promise<void> {
    committing = true;
    try {
      while (waiting.length > 0) await commitGroup(waiting.splice(0, maxGroup));
    } finally {
      committing = false;
    }
  }

  return {
    stats,
    run(input: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ input, resolve: resolve as (value: unknown) => void, reject });
        if (!committing) void drain();
      });
    },
  };
}
