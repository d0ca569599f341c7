#!/usr/bin/env node
// Registers tsx's loader (type stripping only, no type-checking) so the TypeScript CLI runs as is.
import { register } from 'tsx/esm/api';
import { setFlagsFromString } from 'node:v8';

// Smaller young-generation semispaces for this process and its worker threads: the run's
// objects are short-lived answers, and the default lets peak memory grow past 450 MB.
setFlagsFromString('--max-semi-space-size=4');

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
