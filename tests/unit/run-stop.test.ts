// A run's signals (commands/run/run-stop.ts): the first stops it gently and is announced once; the
// same signal delivered twice at once (the terminal's Ctrl-C, and npm run passing it on) is one;
// a second one later exits at once with 128 + the first signal's number, naming the ledger.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitStatusOf, PARENT_GONE, RunStop, SAME_SIGNAL_MS } from '../../src/commands/run/run-stop.js';
import { PARENT_GONE as BIN_PARENT_GONE } from '../../bin/parent-watch.mjs';

afterEach(() => vi.restoreAllMocks());
/** What bin/parent-watch.mjs emits once the parent is gone (Node's types know no extra argument). */
const emitFromWatch = () => (process.emit as (event: string, ...args: unknown[]) => boolean)('SIGTERM', 'SIGTERM', PARENT_GONE);

describe("a run's signals", () => {
  it('128 + the signal number: 130 for SIGINT, 143 for SIGTERM', () => {
    expect([exitStatusOf('SIGINT'), exitStatusOf('SIGTERM')]).toEqual([130, 143]);
  });

  it('the first stops the run once; one within two seconds is the same; a later one exits at once, naming the ledger', async () => {
    const said: string[] = [];
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const stop = new RunStop((line) => said.push(line));
    try {
      process.emit('SIGINT', 'SIGINT');
      expect(stop.signal).toBe('SIGINT');
      await expect(stop.stopped).resolves.toBe('SIGINT');
      expect(said).toEqual([expect.stringMatching(/^teamchat-conformance: SIGINT: stopping\. No new case starts; the cases running get up to 10 s to end;/)]);
      clock.mockReturnValue(1_000_000 + SAME_SIGNAL_MS - 1);
      process.emit('SIGTERM', 'SIGTERM');
      expect([said.length, exit.mock.calls.length, stop.signal]).toEqual([1, 0, 'SIGINT']);
      stop.ledger = { file: '/r/ledger.jsonl', cleanup: 'npm run cli -- cleanup --ledger /r/ledger.jsonl' };
      clock.mockReturnValue(1_000_000 + SAME_SIGNAL_MS);
      process.emit('SIGTERM', 'SIGTERM');
      expect(exit.mock.calls).toEqual([[130]]);
      expect(said[1]).toBe(
        'teamchat-conformance: SIGTERM again: stopped at once; what it created is listed in /r/ledger.jsonl: the next run into that directory removes it first, or run npm run cli -- cleanup --ledger /r/ledger.jsonl',
      );
    } finally {
      stop.dispose();
    }
    expect(process.listeners('SIGINT').length + process.listeners('SIGTERM').length).toBeLessThan(10);
  });

  it('takes over a signal the command noted while it was loading, and the handler that noted it', () => {
    const handler = vi.fn();
    process.on('SIGINT', handler);
    (globalThis as Record<symbol, unknown>)[Symbol.for('teamchat-conformance.early-signal')] = { signal: 'SIGTERM', handler };
    const stop = new RunStop(() => undefined);
    try {
      expect(stop.signal).toBe('SIGTERM');
      expect(process.listeners('SIGINT')).not.toContain(handler);
      expect((globalThis as Record<symbol, unknown>)[Symbol.for('teamchat-conformance.early-signal')]).toBeUndefined();
    } finally {
      stop.dispose();
    }
    const quiet = new RunStop(() => undefined);
    expect(quiet.signal).toBeNull();
    quiet.dispose();
  });

  it("is the only handler while it lives: a listener added later (vitest's logger exits the process) never hears a signal", async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const stop = new RunStop(() => undefined);
    const foreign = vi.fn(() => process.exit(130));
    try {
      process.once('SIGINT', foreign);
      process.on('SIGTERM', foreign);
      // A signal is delivered from the event loop, never in the middle of code: a microtask later, the listeners are gone.
      await Promise.resolve();
      expect([process.listeners('SIGINT').includes(foreign), process.listeners('SIGTERM').includes(foreign)]).toEqual([false, false]);
      process.emit('SIGINT', 'SIGINT');
      expect([foreign.mock.calls.length, exit.mock.calls.length, stop.signal]).toEqual([0, 0, 'SIGINT']);
    } finally {
      stop.dispose();
    }
    // Disposed, it guards no more.
    const after = vi.fn();
    process.on('SIGINT', after);
    await Promise.resolve();
    expect(process.listeners('SIGINT')).toContain(after);
    process.off('SIGINT', after);
  });

  it('a parent gone is a SIGTERM that stops the run, and never a second signal', () => {
    expect(PARENT_GONE).toBe(BIN_PARENT_GONE);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(5_000_000);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const first = new RunStop(() => undefined);
    try {
      emitFromWatch();
      expect(first.signal).toBe('SIGTERM');
    } finally {
      first.dispose();
    }
    const stop = new RunStop(() => undefined);
    try {
      process.emit('SIGINT', 'SIGINT');
      // The shell npm ran the command in dies of the same Ctrl-C, long after: still one stop.
      clock.mockReturnValue(5_000_000 + 10 * SAME_SIGNAL_MS);
      emitFromWatch();
      expect([stop.signal, exit.mock.calls.length]).toEqual(['SIGINT', 0]);
    } finally {
      stop.dispose();
    }
  });
});
