// Ctrl-C's stop travels from the CLI to the workers in memory; a worker that starts listening
// after the stop still hears it. (tests/robustness/isolation.test.ts interrupts a real run.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StopAnnouncer, StopListener, stopChannelName } from '../../src/runner/stop-signal.js';

const open: { close(): void }[] = [];
const track = <T extends { close(): void }>(end: T): T => (open.push(end), end);
afterEach(() => open.splice(0).forEach((end) => end.close()));

describe('the stop signal', () => {
  it('reaches a listener that was there before the stop, and only the listeners of that run', async () => {
    const announcer = track(new StopAnnouncer(stopChannelName('run-a')));
    const listener = track(new StopListener(stopChannelName('run-a')));
    const otherRun = track(new StopListener(stopChannelName('run-b')));
    expect(listener.stopped).toBe(false);
    announcer.stop('SIGINT');
    await vi.waitFor(() => expect(listener.stopped).toBe(true));
    expect(otherRun.stopped).toBe(false);
  });

  it('resolves whenStopped at the stop, so a wait can end there', async () => {
    const announcer = track(new StopAnnouncer(stopChannelName('run-e')));
    const listener = track(new StopListener(stopChannelName('run-e')));
    let ended = false;
    void listener.whenStopped.then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended).toBe(false);
    announcer.stop('SIGINT');
    await vi.waitFor(() => expect(ended).toBe(true));
  });

  it('reaches a listener that opened after the stop was announced', async () => {
    const announcer = track(new StopAnnouncer(stopChannelName('run-c')));
    announcer.stop('SIGTERM');
    const late = track(new StopListener(stopChannelName('run-c')));
    await vi.waitFor(() => expect(late.stopped).toBe(true));
  });

  it('leaves a listener running while no stop is announced', async () => {
    track(new StopAnnouncer(stopChannelName('run-d')));
    const listener = track(new StopListener(stopChannelName('run-d')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listener.stopped).toBe(false);
  });
});
