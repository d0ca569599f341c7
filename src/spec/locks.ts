// Scheduling primitives for concurrent cases: a counting semaphore for "cases in flight" and
// a readers-writer lock so a case that changes organisation-wide state runs alone. The lock
// prefers readers: every case is queued at the start of a run, so the exclusive ones wait for
// the concurrent ones and then run back to back, instead of cutting the run into slices.
export class Semaphore {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}

  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }
}

export class ReadWriteLock {
  private readers = 0;
  private writer = false;
  private queue: { write: boolean; wake: () => void }[] = [];

  async read(): Promise<() => void> {
    if (!this.writer) this.readers += 1;
    else await new Promise<void>((wake) => this.queue.push({ write: false, wake }));
    return once(() => { this.readers -= 1; this.drain(); });
  }

  async write(): Promise<() => void> {
    if (!this.writer && this.readers === 0) this.writer = true;
    else await new Promise<void>((wake) => this.queue.push({ write: true, wake }));
    return once(() => { this.writer = false; this.drain(); });
  }

  private drain(): void {
    if (this.writer) return;
    const readers = this.queue.filter((q) => !q.write);
    if (readers.length) {
      this.queue = this.queue.filter((q) => q.write);
      this.readers += readers.length;
      for (const r of readers) r.wake();
      return;
    }
    if (this.readers > 0 || !this.queue.length) return;
    this.writer = true;
    this.queue.shift()!.wake();
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) { done = true; fn(); }
  };
}
