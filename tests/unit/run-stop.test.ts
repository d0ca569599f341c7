// A run's signals (commands/run-stop.ts): the first stops it gently and is announced once; the
// same signal delivered twice at once (the terminal's Ctrl-C, and npm run passing it on) is one;
// a second one later exits at once with 128 + the first signal's number, naming the ledger.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitStatusOf, RunStop, SAME_SIGNAL_MS } from '../../src/commands/run-stop.js';

afterEach(() => vi.restoreAllMocks());

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
});
