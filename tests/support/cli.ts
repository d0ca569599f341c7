// Runs the command line as a user would, in a child process, for the end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { projectPath } from '../../src/common/paths.js';

export const BIN = projectPath('bin', 'teamchat-conformance.mjs');
/** Node's arguments before the CLI's, as the npm scripts give them: `--` keeps Node 20 from
 * reading the CLI's own `--env-file` (it exits 9 for a file it cannot find). */
export const NODE_ARGS = ['--', BIN];

/**
 * The environment without the suite's own settings, CI annotations, forced colour or what npm
 * tells the scripts it runs (`npm test` would otherwise make every run think npm started it, from
 * the checkout's directory): a test's run sees only its flags, as from a shell, and its output is
 * plain text to match against even where CI sets FORCE_COLOR.
 */
export function cleanEnv(): Record<string, string | undefined> {
  const inherited = Object.entries(process.env).filter(
    ([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('npm_') && k !== 'INIT_CWD' && k !== 'GITHUB_ACTIONS' && k !== 'FORCE_COLOR',
  );
  return { ...Object.fromEntries(inherited), NO_COLOR: '1' };
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface CliOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Called with the child right after it starts (to signal it, say). */
  onSpawn?: (child: ChildProcess) => void;
}

export function runCli(args: string[], options: CliOptions = {}): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], { cwd: options.cwd, env: { ...cleanEnv(), ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    options.onSpawn?.(child);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}
