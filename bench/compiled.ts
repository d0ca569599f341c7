// The command the benchmark runs: this checkout's CLI as the package runs it, compiled (dist/,
// built first when missing or older than the sources, so the bin picks it), or, with
// BENCH_BIN=<path to a bin>, another checkout's command (an older commit, for before/after figures).
import { execFileSync } from 'node:child_process';
import { compiledCli } from '../bin/compiled-code.mjs';
import { projectPath } from '../src/common/paths.js';

/** What the runs spawn, and a line saying what it is. */
export function benchCommand(): { bin: string; what: string } {
  if (process.env.BENCH_BIN) return { bin: process.env.BENCH_BIN, what: `BENCH_BIN ${process.env.BENCH_BIN}` };
  if (!compiledCli()) execFileSync(process.execPath, [projectPath('scripts', 'build.mjs')], { stdio: 'inherit' });
  const built = compiledCli();
  if (!built) throw new Error('npm run build did not leave a current dist/');
  return { bin: projectPath('bin', 'teamchat-conformance.mjs'), what: `the compiled CLI (${built})` };
}
