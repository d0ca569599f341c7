// Loaded with --import (and --expose-gc) into a long-lived `serve` process by the benchmark: on
// the message "probe" it collects garbage and answers with the process's memory, so what a run
// left behind is measured, not what the collector has not got round to yet.
process.on('message', (message) => {
  if (message !== 'probe') return;
  globalThis.gc?.();
  globalThis.gc?.();
  process.send?.(process.memoryUsage());
});
// The channel must not keep the process alive: `serve` ends on SIGINT as it would without it.
process.channel?.unref();
