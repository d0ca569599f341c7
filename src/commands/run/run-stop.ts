// Ctrl-C (SIGINT) and SIGTERM during a run. The first stops it gently: no case starts after it,
// the cases running get a bounded time to end, what the run created is removed (from its ledger)
// and every report is written, saying INTERRUPTED. The second exits at once: the ledger stays,
// unfinished, and the next run into the directory (or `cleanup`) removes what it lists (a second
// within two seconds of the first is the same one: npm run passes Ctrl-C on as well). Either
// way the run exits with 128 + the signal's number, 130 for SIGINT and 143 for SIGTERM: the status
// a shell gives a process a signal stopped, which is also what `npm run` and `npx` report, as
// they re-raise the signal they got once the command has ended.
//
// From the moment a RunStop exists until it is disposed, its handler is the only one: a
// SIGINT/SIGTERM listener anything else adds (vitest's logger adds one that exits the process,
// while vitest starts) is taken off again before any signal can reach it, so a signal at any
// moment of the run is this class's to handle. A parent gone (bin/parent-watch.mjs) arrives as
// a SIGTERM that never counts as a second signal.
import { constants } from 'node:os';

export const exitStatusOf = (signal: NodeJS.Signals): number => 128 + (constants.signals[signal] ?? 0);

/** How long the cases running when the signal came may take to end before the run goes on without them. */
export const STOP_GRACE_MS = 10_000;
/** Signals this close to the first are the same one, delivered twice (on a busy machine npm passes its copy on late). */
export const SAME_SIGNAL_MS = 2000;

const EARLY = Symbol.for('teamchat-conformance.early-signal');
/** What bin/parent-watch.mjs passes along with the SIGTERM it emits when the process's parent is gone. */
export const PARENT_GONE = 'parent-gone';
type Listener = (...args: unknown[]) => void;
interface EarlySignal {
  signal: NodeJS.Signals | null;
  handler: (signal: NodeJS.Signals) => void;
}

export class RunStop {
  signal: NodeJS.Signals | null = null;
  private at = 0;
  /** Resolves with the first signal. */
  readonly stopped: Promise<NodeJS.Signals>;
  /** Set once the run has a ledger: a second signal names it. */
  ledger: { file: string; cleanup: string } | null = null;
  private announce: (signal: NodeJS.Signals) => void = () => {};
  private readonly handler = (signal: NodeJS.Signals, from?: unknown) => this.receive(signal, from === PARENT_GONE);
  /** Takes off every other signal listener, in a microtask: before the event loop can deliver a signal to it. */
  private readonly guard = (event: string | symbol, listener: Listener) => {
    if ((event === 'SIGINT' || event === 'SIGTERM') && listener !== this.handler) queueMicrotask(() => process.off(event, listener));
  };

  constructor(private readonly say: (line: string) => void) {
    this.stopped = new Promise((resolve) => (this.announce = resolve));
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
    process.on('newListener', this.guard);
    // The command noted a signal that came while it was loading (bin/teamchat-conformance.mjs).
    const early = (globalThis as Record<symbol, EarlySignal | undefined>)[EARLY];
    if (early) {
      process.off('SIGINT', early.handler);
      process.off('SIGTERM', early.handler);
      delete (globalThis as Record<symbol, unknown>)[EARLY];
      if (early.signal) this.receive(early.signal);
    }
  }

  private receive(signal: NodeJS.Signals, parentGone = false): void {
    // `npm run` passes the terminal's Ctrl-C on to the command, which the terminal signalled too:
    // the two arrive together and are one Ctrl-C. A second one is a signal a moment later; the
    // parent going away (the shell npm ran the command in dies of the same Ctrl-C) is none.
    if (this.signal && (parentGone || Date.now() - this.at < SAME_SIGNAL_MS)) return;
    if (this.signal) {
      const left = this.ledger
        ? `; what it created is listed in ${this.ledger.file}: the next run into that directory removes it first, or run ${this.ledger.cleanup}`
        : '';
      this.say(`teamchat-conformance: ${signal} again: stopped at once${left}`);
      process.exit(exitStatusOf(this.signal));
    }
    this.signal = signal;
    this.at = Date.now();
    this.say(
      `teamchat-conformance: ${signal}: stopping. No new case starts; the cases running get up to ${STOP_GRACE_MS / 1000} s to end; ` +
        `then what the run created is removed and the reports are written, marked INTERRUPTED (${signal} again stops at once)`,
    );
    this.announce(signal);
  }

  dispose(): void {
    process.off('newListener', this.guard);
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }
}
