// A command whose parent is gone stops as if it got SIGTERM. `npm run` starts the command through
// `sh -c`, and `npx` the same way: a SIGTERM to npm alone (what a job runner or `docker stop`
// sends) ends npm and its shell but never reaches the command, which Linux hands to init and
// which would go on as an orphan, writing a PASS nobody reads and holding the report directory
// (a served reference server would answer on with no one to stop it). No event tells a process
// its parent died, so the parent's id is polled; once it changes, the process gets the SIGTERM
// the whole group would have got. A process started by init itself (a container's command) has
// no parent to outlive.

/** What the SIGTERM carries, so the run does not take it for a second signal after a first (src/commands/run/run-stop.ts). */
export const PARENT_GONE = 'parent-gone';
export const PARENT_POLL_MS = 250;

/** Polls for the parent's end from now on (an unref'd timer: it keeps no process alive). */
export function watchParent(intervalMs = PARENT_POLL_MS) {
  const parent = process.ppid;
  if (parent <= 1) return null;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    // The command's own handler (a run's stop, serve's) takes it as it takes a SIGTERM; without
    // one, the signal ends the process as it would have.
    if (process.listenerCount('SIGTERM')) process.emit('SIGTERM', 'SIGTERM', PARENT_GONE);
    else process.kill(process.pid, 'SIGTERM');
  }, intervalMs);
  timer.unref();
  return timer;
}
