#!/usr/bin/env node
// Registers tsx's loader (type stripping only, no type-checking) so the TypeScript CLI runs as is.
import { register } from 'tsx/esm/api';
import { setFlagsFromString } from 'node:v8';

// Smaller young-generation semispaces for this process and its worker threads: the run's objects
// are short-lived answers. (--optimize-for-size would save ~40 MiB more for ~10% more CPU time;
// the run stays well under its 400 MB budget without it: npm run bench.)
setFlagsFromString('--max-semi-space-size=4');

// Every module loaded after register() goes through tsx's hooks, which triples the cost of
// importing vitest's node API (~0.6 s instead of ~0.2 s). A run needs it and these libraries, so
// they load first; the other commands do not, and skip it.
const OTHER_COMMANDS = new Set(['serve', 'cleanup', 'validate-response', 'compare', 'merge', 'help']);
const args = process.argv.slice(2);
const command = args.find((arg) => !arg.startsWith('-'));
if (!OTHER_COMMANDS.has(command) && !args.includes('--list') && !args.includes('--help') && !args.includes('--version')) {
  await Promise.all(['vitest/node', 'undici', 'ajv/dist/2020.js', 'ajv-formats', 'yaml', 'commander'].map((name) => import(name)));
}

register();
try {
  const { main } = await import('../src/cli.ts');
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // main() reports its own errors; this is the suite failing to load at all: exit 3, as an internal error.
  process.stderr.write(`teamchat-conformance: internal error: the suite failed to load (please report it with the details below)\ndetails: ${error?.stack ?? error}\n`);
  process.exitCode = 3;
}
