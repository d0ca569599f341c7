// The report directory is checked before anything is sent: a run that cannot write its report
// at the end would have changed the target for nothing, and ended in a stack trace.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../common/vocabulary.js';

const WHY: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'is a file, not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
};

/** Makes `dir` if needed and proves a file can be written there; `name` is the flag that set it. */
export function ensureWritableDir(dir: string, name: string): void {
  const path = resolve(dir);
  const probe = join(path, `.write-check-${process.pid}`);
  try {
    mkdirSync(path, { recursive: true });
    if (!statSync(path).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'EEXIST' });
    // Root may pass an access() check on a read-only file system: only a write tells.
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new ConfigError(`${name} ${dir}: cannot write reports there (${WHY[code] ?? (error as Error).message})`);
  }
}
