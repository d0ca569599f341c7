// The property files of properties/, listed by the CLI: the run hands their paths to the worker,
// which imports them by path (a directory glob inside the entry would not change the entry's
// text when a file is added, so vitest's module cache could serve a stale list). They run as the
// rest of the code does: properties/*.property.ts from the sources, dist/properties/*.js compiled.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_EXTENSION, CODE_ROOT } from '../common/paths.js';

/** Absolute paths of the property files, sorted; none if the directory is missing. */
export function propertyFiles(): string[] {
  const dir = join(CODE_ROOT, 'properties');
  const suffix = `.property${CODE_EXTENSION}`;
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith(suffix))
      .sort()
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}
