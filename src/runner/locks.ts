// Scheduling primitives for concurrent cases: a counting semaphore for "cases in flight", a
// readers-writer lock so the cases that change organisation-wide state run without others, and
// named locks for the objects (a file's state, a setting, an account) cases take turns on.
export class Semaphore {
  /** Waiting callers: the urgent first, in arrival order, then the rest, the longest first. */
  private waiting: { wake: () => void; urgent: boolean; length: number }[] = [];
  constructor(private free: number) {}

  /**
   * Waits for a free unit. An urgent caller goes ahead of every non-urgent one already waiting;
   * among the others the longer work (its expected requests, `length`) goes first, arrival order
   * among equals: a run's longest chains then start with it, not last and alone at its end.
   */
  async acquire(urgent = false, length = 0): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else {
      await new Promise<void>((wake) => {
        const at = this.waiting.findIndex((w) => !w.urgent && (urgent || w.length < length));
        this.waiting.splice(at === -1 ? this.waiting.length : at, 0, { wake, urgent, length });
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.wake();
      else this.free += 1;
    };
  }
}

/**
 * Shared (read) or exclusive (write) access, where exclusive access is held by a group: the
 * cases of one exclusive spec file hold it together while nothing else runs (the Session runs
 * them one at a time). By default readers are preferred. `preferWriters`: a group waiting keeps
 * new readers back (but for an urgent one), so the groups run as soon as the readers already in
 * are done, back to back, ahead of the readers that came after them: the Session's exclusive
 * groups run early in a run, not after every other case.
 */
export class ReadWriteLock {
  private readers = 0;
  /** The exclusive group holding the lock, and how many of its members are running. */
  private group: string | null = null;
  private holders = 0;
  /** Waiting callers; group null is a reader. */
  private queue: { group: string | null; urgent?: boolean; wake: () => void }[] = [];

  constructor(private readonly options: { preferWriters?: boolean } = {}) {}

  /** Shared access; an urgent reader is not kept back by a waiting group, only by one holding the lock. */
  async read(urgent = false): Promise<() => void> {
    const writerWaits = this.options.preferWriters && !urgent && this.queue.some((q) => q.group !== null);
    if (this.group === null && !writerWaits) this.readers += 1;
    else await new Promise<void>((wake) => this.queue.push({ group: null, urgent, wake }));
    return once(() => {
      this.readers -= 1;
      this.drain();
    });
  }

  async write(group = ''): Promise<() => void> {
    if (this.group === group || (this.group === null && this.readers === 0)) {
      this.group = group;
      this.holders += 1;
    } else {
      await new Promise<void>((wake) => this.queue.push({ group, wake }));
    }
    return once(() => {
      this.holders -= 1;
      if (this.holders === 0) this.group = null;
      this.drain();
    });
  }

  private drain(): void {
    if (this.group !== null) return;
    const writerWaits = this.queue.some((q) => q.group !== null);
    // Preferring writers, only the urgent readers go while a group waits; else every reader does.
    const readers = this.queue.filter((q) => q.group === null && (!this.options.preferWriters || !writerWaits || q.urgent));
    if (readers.length) {
      this.queue = this.queue.filter((q) => !readers.includes(q));
      this.readers += readers.length;
      for (const r of readers) r.wake();
      if (!this.options.preferWriters) return;
    }
    if (this.readers > 0 || !writerWaits) return;
    const next = this.queue.find((q) => q.group !== null)!.group!;
    const members = this.queue.filter((q) => q.group === next);
    this.queue = this.queue.filter((q) => q.group !== next);
    this.group = next;
    this.holders += members.length;
    for (const m of members) m.wake();
  }
}

/** One named lock a case holds while it runs: shared beside other sharers, or alone. */
export interface LockClaim {
  key: string;
  exclusive: boolean;
  /**
   * Taken after the claims of a lower tier (default 0): a case waiting for its file's lock then
   * holds none of the accounts, so a case changing one of them is not kept waiting meanwhile.
   */
  tier?: number;
}

/**
 * Named readers-writer locks, made on first use. A holder claims several at once; they are taken
 * by tier, then in key order, so two holders never each wait for what the other holds.
 */
export class NamedLocks {
  private readonly locks = new Map<string, ReadWriteLock>();
  /** Each exclusive holder is a group of its own, so exclusive holders never run together. */
  private holders = 0;

  async acquire(claims: readonly LockClaim[]): Promise<() => void> {
    const byKey = new Map<string, boolean>();
    const tiers = new Map<string, number>();
    for (const { key, exclusive, tier = 0 } of claims) {
      byKey.set(key, exclusive || (byKey.get(key) ?? false));
      tiers.set(key, tier);
    }
    const releases: (() => void)[] = [];
    const order = (a: string, b: string) => tiers.get(a)! - tiers.get(b)! || (a < b ? -1 : 1);
    for (const key of [...byKey.keys()].sort(order)) {
      let lock = this.locks.get(key);
      if (!lock) this.locks.set(key, (lock = new ReadWriteLock()));
      releases.push(await (byKey.get(key) ? lock.write(`holder ${(this.holders += 1)}`) : lock.read()));
    }
    return once(() => releases.reverse().forEach((release) => release()));
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}
