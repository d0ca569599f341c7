// Who may rely on one organisation setting at a time. Cases needing a value the setting has
// share it; a case needing another value waits until they are done, then leads: it makes the
// setting hold (read, set, read back) while nobody else enters, and opens it to every waiting
// case its value fits. A case that changes the setting in its own steps holds it alone. Sharers
// go first: a run's cases are all in flight from its start, so the cases needing one value run
// together and the setting changes once per value, not once per case (a real server limits each
// account's requests); a run is finite, so a case needing another value gets its turn. Of the
// cases waiting for a turn, those of the part of the run that goes first lead first (the
// exclusive groups, or the cases beside each other: Session.goesFirst): a case that can only
// run later does not hold a value that keeps back cases able to run now.

interface Waiter {
  fits: () => boolean;
  alone: boolean;
  first: boolean;
  wake: (lead: boolean) => void;
}

export class SettingTurns {
  private holders = 0;
  /** The leader is making the setting hold: nobody joins until it has. */
  private settling = false;
  /** The holder changes the setting itself: nobody joins. */
  private alone = false;
  private queue: Waiter[] = [];

  /**
   * Waits for a turn. Resolves true when the caller leads (it must make the setting hold, then
   * call settled(), or leave()), false when it joins holders whose value fits it. `first`: the
   * caller is of the part of the run that goes first, and leads before the others waiting.
   */
  enter(fits: () => boolean, alone = false, first = true): Promise<boolean> {
    if (this.mayJoin(fits, alone)) {
      this.holders += 1;
      return Promise.resolve(false);
    }
    if (this.holders === 0 && !this.queue.length) return Promise.resolve(this.lead(alone));
    return new Promise((wake) => this.queue.push({ fits, alone, first, wake }));
  }

  /** The leader made the setting hold (or found it so): the cases it fits may join. */
  settled(): void {
    this.settling = false;
    this.admit();
  }

  leave(): void {
    this.holders -= 1;
    if (this.holders > 0) return;
    this.settling = false;
    this.alone = false;
    this.admit();
  }

  /** Nobody holds the setting or waits for it. */
  get idle(): boolean {
    return this.holders === 0 && !this.queue.length;
  }

  private mayJoin(fits: () => boolean, alone: boolean): boolean {
    return this.holders > 0 && !this.settling && !this.alone && !alone && fits();
  }

  private lead(alone: boolean): boolean {
    this.holders += 1;
    this.settling = true;
    this.alone = alone;
    return true;
  }

  private admit(): void {
    const joining = this.queue.filter((w) => this.mayJoin(w.fits, w.alone));
    this.queue = this.queue.filter((w) => !joining.includes(w));
    this.holders += joining.length;
    for (const w of joining) w.wake(false);
    if (this.holders > 0 || !this.queue.length) return;
    const at = Math.max(
      0,
      this.queue.findIndex((w) => w.first),
    );
    const [next] = this.queue.splice(at, 1);
    next.wake(this.lead(next.alone));
  }
}
