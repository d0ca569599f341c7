// Runs the command line as a user would, in a child process, for the end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectPath } from '../../src/common/paths.js';
import { until } from './time-limits.js';

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

export interface Served {
  /** The env file `serve --env-out` wrote: the URL and an account per role. */
  envFile: string;
  /** What the server printed so far. */
  output: () => string;
  /** SIGTERM, resolved once it has exited. */
  stop: () => Promise<void>;
}

/** `serve --port 0` in a process of its own (as a user's second terminal), ready once its env file is written into `dir` and it says it listens. */
export async function serveCli(dir: string, args: string[] = []): Promise<Served> {
  const envFile = join(dir, 'ref.env');
  const child = spawn(process.execPath, [...NODE_ARGS, 'serve', '--port', '0', '--env-out', envFile, ...args], { env: cleanEnv(), stdio: 'pipe' });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once it says so: the env file is written just before that line, which reaches the pipe later.
  const ready = () => existsSync(envFile) && / listening on /.test(out);
  await until(() => ready() || child.exitCode !== null, 50);
  return {
    envFile,
    output: () => out,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * The command started by a shell that stays its parent (`npm run` and `npx` start it so), for the
 * tests that kill that shell alone: resolves with the shell, once spawned.
 */
export function underShell(args: string[], options: { cwd?: string } = {}): ChildProcess {
  // `; exit $?` keeps the shell from replacing itself with the command.
  return spawn('sh', ['-c', '"$0" "$@"; exit $?', process.execPath, ...NODE_ARGS, ...args], { cwd: options.cwd, env: cleanEnv(), stdio: 'ignore' });
}
