#!/usr/bin/env node
// Registers tsx's loader (type stripping only, no type-checking) so the TypeScript CLI runs as is.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
