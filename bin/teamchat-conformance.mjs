#!/bin/sh
//usr/bin/env true; exec /usr/bin/env node -- "$0" "$@"
// The two lines above start Node from the shell as `node -- <this file> <arguments>`: Node 20 reads
// a `--env-file` anywhere on its command line before a `--` as its own, and exits 9 for a missing
// file before the suite can name it. To Node, the second line is a comment.
// The command line. It runs the compiled JavaScript of dist/ when that is current (always in the
// installed package; in a checkout after `npm run build`, until a source changes), else the
// TypeScript sources through tsx's loader (type stripping only, no type-checking).
import { constants } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { watchParent } from './parent-watch.mjs';

// Smaller young-generation semispaces for this process and its worker threads: the run's objects
// are short-lived answers. (--optimize-for-size would save ~40 MiB more for ~10% more CPU time;
// the run stays well under its memory budget without it: npm run bench.)
setFlagsFromString('--max-semi-space-size=4');

const args = process.argv.slice(2);
// Only the default command runs the suite, and a command other than the default must be named
// first (commander's rule), so no list of the other commands is needed.
const runsSuite =
  (args[0] === undefined || args[0] === 'run' || args[0].startsWith('-')) &&
  !args.some((arg) => arg === '--list' || arg === '--help' || arg === '-h' || arg === '--version' || arg === '-V');

// A run stopped while it is still loading (Ctrl-C in its first second) is stopped like any other:
// the signal is noted here, and the run takes it over once it can write its reports
// (src/commands/run/run-stop.ts), instead of Node ending the process with nothing written.
if (runsSuite) {
  const early = { signal: null, handler: (signal) => (early.signal ??= signal) };
  globalThis[Symbol.for('teamchat-conformance.early-signal')] = early;
  process.on('SIGINT', early.handler);
  process.on('SIGTERM', early.handler);
}
// A parent gone (npm or npx killed alone) stops the command as a SIGTERM to its group would.
watchParent();

/** The CLI module: dist/'s compiled code when current, else the sources through tsx. */
async function loadCli() {
  // Imported here, not above: the early signal handler is in place before anything is read.
  const { compiledCli } = await import('./compiled-code.mjs');
  const compiled = compiledCli();
  if (compiled) return import(compiled);
  // Every module loaded after register() goes through tsx's hooks, which triples the cost of
  // importing vitest's node API (~0.6 s instead of ~0.2 s). A run needs it and these libraries,
  // so they load first.
  if (runsSuite) {
    await Promise.all(['vitest/node', 'undici', 'ajv/dist/2020.js', 'ajv-formats', 'yaml', 'commander'].map((name) => import(name)));
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/cli.ts');
}

let cli;
try {
  cli = await loadCli();
} catch (error) {
  const early = globalThis[Symbol.for('teamchat-conformance.early-signal')];
  if (early?.signal) {
    // Stopped while loading, before anything was sent: run from the sources, the same Ctrl-C ends
    // tsx's esbuild service, and the rest of the suite cannot load to write a report.
    process.stderr.write(`teamchat-conformance: ${early.signal} while loading: stopped before anything was sent\n`);
    process.exit(128 + constants.signals[early.signal]);
  }
  // main() reports its own errors; this is the suite failing to load at all: exit 3, as an internal error.
  process.stderr.write(
    `teamchat-conformance: internal error: the suite failed to load (please report it with the details below)\ndetails: ${error?.stack ?? error}\n`,
  );
  process.exitCode = 3;
}
if (cli) process.exitCode = await cli.main(args);
