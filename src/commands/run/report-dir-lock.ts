// A report directory serves one run at a time: two runs writing one ledger and one set of
// reports would mix their entries and overwrite each other's files. The run takes a lock file in
// the directory before it sends anything (created exclusively, holding who took it) and removes
// it when it ends, however it ends (a process exit handler removes it too). A lock left by a
// process that no longer runs on this machine (a kill -9) is stale and taken over.
import { hostname } from 'node:os';
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../common/vocabulary.js';

export const LOCK_FILE = 'run.lock';

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): Holder | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null; // being written this instant, or not ours: treated as held
  }
}

const since = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

/** Takes the directory's lock, or throws a usage error naming the run that holds it. Returns the release. */
export function lockReportDir(dir: string, flag = '--report-dir'): () => void {
  const file = join(resolve(dir), LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      if (holder && holder.host === me.host && !alive(holder.pid)) {
        rmSync(file, { force: true }); // left by a run that was killed
        continue;
      }
      const who = holder
        ? `another run (pid ${holder.pid}${holder.host === me.host ? '' : ` on ${holder.host}`}, started ${since(holder.startedAt)})`
        : 'another run';
      throw new ConfigError(`${flag} ${dir}: in use by ${who}; wait for it to end, or give this run another ${flag} (${file} is its lock)`);
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.off('exit', release);
      rmSync(file, { force: true });
    };
    // A run that exits at once (a second Ctrl-C) still frees the directory.
    process.on('exit', release);
    return release;
  }
  throw new ConfigError(`${flag} ${dir}: could not take its lock ${file}`);
}
