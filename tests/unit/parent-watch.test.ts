// A command whose parent is gone (npm, npx or a shell killed alone) gets the SIGTERM its group
// would have got (bin/parent-watch.mjs): its own handler takes it, marked as the parent's end;
// without a handler, the signal ends it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/common/paths.js';
import { until } from '../support/time-limits.js';

const WATCH = pathToFileURL(projectPath('bin', 'parent-watch.mjs')).href;

/**
 * A parent process that starts a child watching it (`child`: the module's text before the watch);
 * resolves with both pids once the child watches.
 */
async function family(child: string, dir: string): Promise<{ parent: number; child: number }> {
  const ready = join(dir, 'watching');
  const code = `${child}; import { watchParent } from ${JSON.stringify(WATCH)}; import { writeFileSync as mark } from 'node:fs'; watchParent(20); mark(${JSON.stringify(ready)}, String(process.pid)); setInterval(() => {}, 1000);`;
  const parent = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { spawn } from 'node:child_process'; spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(code)}], { stdio: 'ignore' }); setInterval(() => {}, 1000);`,
    ],
    { stdio: 'ignore' },
  );
  await until(() => existsSync(ready), 20);
  return { parent: parent.pid!, child: Number(readFileSync(ready, 'utf8')) };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a command whose parent is gone', () => {
  it("gets a SIGTERM its handler takes, marked as the parent's end", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcc-parent-'));
    const marker = join(dir, 'got');
    const { parent, child } = await family(
      `import { writeFileSync } from 'node:fs'; process.on('SIGTERM', (signal, from) => { writeFileSync(${JSON.stringify(marker)}, signal + ' ' + from); process.exit(0); })`,
      dir,
    );
    expect(alive(child)).toBe(true);
    process.kill(parent, 'SIGKILL');
    await until(() => existsSync(marker) && !alive(child), 20);
    expect(readFileSync(marker, 'utf8')).toBe('SIGTERM parent-gone');
  });

  it('without a handler, the SIGTERM ends it', async () => {
    const { parent, child } = await family('', mkdtempSync(join(tmpdir(), 'tcc-parent-')));
    expect(alive(child)).toBe(true);
    process.kill(parent, 'SIGTERM');
    await until(() => !alive(child), 20);
  });
});
