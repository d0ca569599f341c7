// The property files of properties/, listed by the CLI: the run hands their paths to the worker,
// which imports them by path (a directory glob inside the entry would not change the entry's
// text when a file is added, so vitest's module cache could serve a stale list).
import { readdirSync } from 'node:fs';
import { projectPath } from '../paths.js';

/** Absolute paths of properties/*.property.ts, sorted; none if the directory is missing. */
export function propertyFiles(): string[] {
  try {
    return readdirSync(projectPath('properties')).filter((n) => n.endsWith('.property.ts')).sort().map((n) => projectPath('properties', n));
  } catch {
    return [];
  }
}
