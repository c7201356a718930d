/**
 * Values kept in this process for a short, fixed time: for answers that may be a little stale
 * and are asked for far more often than they change (the directory's first page). A value is
 * made at most once per key and period: requests that miss together share one making, and a
 * failed making is not kept. An entry's age counts from when its making began, so what a
 * reader gets is never older than `ttlMs` plus the making's own duration. A value `keep` refuses
 * (too large to hold, say) is handed to the requests that shared its making, then dropped.
 */
export interface ShortCache<T> {
  get(key: string, make: () => Promise<T>): Promise<T>;
}

export function createShortCache<T>(ttlMs: number, maxEntries = 200, keep: (value: T) => boolean = () => true): ShortCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, make) {
      const now = performance.now();
      const held = entries.get(key);
      if (held && now - held.at < ttlMs) return held.value;
      if (!held && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = make();
      const entry = { at: now, value };
      entries.set(key, entry);
      const drop = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      value.then((v) => {
        if (!keep(v)) drop();
      }, drop);
      return value;
    },
  };
}
