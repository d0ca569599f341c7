// Parsing and validating the YAML spec files costs most of the CLI's start-up (about 0.6-0.9 s
// here). Their validated form is kept in node_modules/.cache, keyed by every input file's path,
// size and modification time, so an unchanged suite loads as JSON. Any change reloads it.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachePath, codePath, projectPath } from '../../common/paths.js';

const CACHE_FILE = cachePath('suite.json');

function inputsKey(dir: string): string {
  const files = [
    ...readdirSync(dir)
      .filter((n) => n.endsWith('.yaml'))
      .sort()
      .map((n) => join(dir, n)),
    // The meta-schemas validate the files; the response schemas' x-clause annotations back citations.
    ...readdirSync(projectPath('schemas'))
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map((n) => projectPath('schemas', n)),
    codePath('src/engine/load/load.ts'),
    codePath('src/engine/load/citations.ts'),
    codePath('src/engine/load/event-steps.ts'),
    codePath('src/engine/load/created-resources.ts'),
    codePath('src/engine/load/organisation-settings.ts'),
    codePath('src/engine/load/changed-settings.ts'),
    codePath('src/engine/load/statement-kinds.ts'),
    codePath('src/engine/load/set-members.ts'),
  ];
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file);
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function cached<T>(dir: string, load: () => T): T {
  let key: string;
  try {
    key = inputsKey(dir);
    const entry = JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as { key: string; value: T };
    if (entry.key === key) return entry.value;
  } catch {
    key ??= '';
  }
  const value = load(); // errors (a malformed file) propagate and nothing is cached
  try {
    mkdirSync(join(CACHE_FILE, '..'), { recursive: true });
    writeFileSync(CACHE_FILE, JSON.stringify({ key, value }));
  } catch {
    // a read-only checkout: load every time
  }
  return value;
}
