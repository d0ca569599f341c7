#!/usr/bin/env node
// Registers tsx's loader (type stripping only, no type-checking) so the TypeScript CLI runs as is.
import { register } from 'tsx/esm/api';
import { setFlagsFromString } from 'node:v8';

// Smaller young-generation semispaces and V8's size-over-speed heuristics, for this process and
// its worker threads: the run's objects are short-lived answers, and without them peak memory
// reaches ~400 MiB (npm run bench: ~300 MiB with them, for ~10% more CPU time).
setFlagsFromString('--max-semi-space-size=4 --optimize-for-size');

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
