// The schemas of schemas/ compiled to JavaScript at build time (ajv's standalone code, written by
// `npm run build` to dist/schemas/validators.cjs), so a compiled run does not compile them in
// every worker (0.15-0.2 s of its start, and ajv's own import). The sources, and a dist/ without
// the file, compile them at run time as before; the options are the same (ajv.ts), so are the
// validators and their errors.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { newAjv } from '../../common/ajv.js';
import { COMPILED, CODE_ROOT, projectPath } from '../../common/paths.js';

const require = createRequire(import.meta.url);

/** Where the build writes the validators: beside the compiled code, never among the sources. */
export const PRECOMPILED_FILE = join(CODE_ROOT, 'schemas', 'validators.cjs');

/** The validators a file of standalone code holds, by schema name. */
export function loadValidators(file: string): Record<string, ValidateFunction> {
  return require(file) as Record<string, ValidateFunction>;
}

let loaded: Record<string, ValidateFunction> | null = null;

/** The build's validator of schemas/<name>.schema.json, when this is compiled code that has them. */
export function precompiledValidator(name: string): ValidateFunction | undefined {
  if (!COMPILED) return undefined;
  loaded ??= existsSync(PRECOMPILED_FILE) ? loadValidators(PRECOMPILED_FILE) : {};
  return loaded[name];
}

/**
 * Writes the standalone validators of every schemas/*.schema.json, keyed by name ("get-streams").
 * The schemas of its folders (events/) are added, since a schema may refer to them, but compile at
 * run time: an export's name is a plain identifier-like key.
 */
export function writePrecompiledValidators(file = PRECOMPILED_FILE, dir = projectPath('schemas')): number {
  const { default: standaloneCode } = require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
  const ajv = newAjv({ code: { source: true } });
  const names: Record<string, string> = {};
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((n) => n.split('\\').join('/'))
    .filter((n) => n.endsWith('.schema.json'))
    .sort();
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { $id: string };
    ajv.addSchema(schema);
    if (!file.includes('/')) names[file.replace(/\.schema\.json$/, '')] = schema.$id;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, standaloneCode(ajv, names));
  return Object.keys(names).length;
}
