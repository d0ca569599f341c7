// Ctrl-C reaches the CLI's main thread; the cases run in vitest's worker threads. A
// BroadcastChannel named after the run carries the stop to them in memory, so a case checks a
// boolean before it starts instead of the file system. A worker that opens its channel after the
// stop was announced asks for it ("hello"), and the CLI answers with the stop.
import { BroadcastChannel } from 'node:worker_threads';

type Message = { stop: string } | 'hello';

export const stopChannelName = (runId: string): string => `teamchat-conformance:stop:${runId}`;

/** The CLI's end: `stop(signal)` reaches every worker of the run, those that start later too. */
export class StopAnnouncer {
  private readonly channel: BroadcastChannel;
  private signal: string | null = null;

  constructor(name: string) {
    this.channel = new BroadcastChannel(name);
    this.channel.onmessage = (event) => {
      if ((event as { data: Message }).data === 'hello' && this.signal) this.channel.postMessage({ stop: this.signal } satisfies Message);
    };
    // Listening must not keep the process alive.
    this.channel.unref();
  }

  stop(signal: string): void {
    this.signal = signal;
    this.channel.postMessage({ stop: signal } satisfies Message);
  }

  close(): void {
    this.channel.close();
  }
}

/** A worker's end: `stopped` turns true once the CLI announces a stop, and `whenStopped` resolves. */
export class StopListener {
  stopped = false;
  /** Resolves at the stop: a wait (fixtures aging) ends there instead of running its course. */
  readonly whenStopped: Promise<void>;
  private readonly channel: BroadcastChannel;

  constructor(name: string) {
    this.channel = new BroadcastChannel(name);
    let resolveStop = () => {};
    this.whenStopped = new Promise((resolve) => (resolveStop = resolve));
    this.channel.onmessage = (event) => {
      if (typeof (event as { data: Message }).data === 'object') {
        this.stopped = true;
        resolveStop();
      }
    };
    this.channel.unref();
    this.channel.postMessage('hello' satisfies Message);
  }

  close(): void {
    this.channel.close();
  }
}
