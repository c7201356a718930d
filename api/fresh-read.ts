/**
 * One read shared by the callers that can share it without reading the past: a caller gets the
 * result of a read that began after it asked. With no read under way it starts one; while one
 * is under way (begun before it asked, so possibly before a write it has seen committed), it
 * waits for the next, which starts when that one ends and serves everyone who asked meanwhile.
 * Under load many requests cost one query at a time (the directory's version, read before each
 * search page); alone, a caller waits for its own read as before.
 */
export function freshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const reading = read();
    running = reading;
    const done = (): void => {
      if (running === reading) running = null;
    };
    reading.then(done, done);
    return reading;
  };
  return () => {
    if (running === null) return start();
    // The read under way may have begun before this caller's own write: wait for the one after it.
    next ??= running.then(settled, settled).then(() => {
      next = null;
      return start();
    });
    return next;
  };
}

function settled(): void {}
