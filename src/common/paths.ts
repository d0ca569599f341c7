// Where the project's data lives (package.json, specs/, schemas/), whatever the working
// directory, and where its code runs from: the TypeScript of src/ and properties/ in a checkout,
// or their compiled JavaScript in dist/ (the installed package, or a checkout after
// `npm run build`). This module is src/common/paths.ts or dist/src/common/paths.js, which tells the two apart.
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';

/** True when this code is the compiled JavaScript of dist/. */
export const COMPILED = import.meta.url.endsWith('.js');

/** The folder holding src/ and properties/ as they run: the project root, or its dist/. */
export const CODE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const PROJECT_ROOT = COMPILED ? join(CODE_ROOT, '..', sep) : CODE_ROOT;

export function projectPath(...parts: string[]): string {
  return join(PROJECT_ROOT, ...parts);
}

/** A data file's path as errors name it: relative to the project when inside it. */
export function displayPath(path: string): string {
  const rel = relative(PROJECT_ROOT, path);
  return rel.startsWith('..') ? path : rel;
}

/** A module by its source path ("src/runner/conformance.entry.ts"), as it runs: compiled or not. */
export function codePath(sourcePath: string): string {
  return join(CODE_ROOT, COMPILED ? sourcePath.replace(/\.ts$/, '.js') : sourcePath);
}

/** The extension of the modules that run: ".ts" from the sources, ".js" compiled. */
export const CODE_EXTENSION = COMPILED ? '.js' : '.ts';

/**
 * A file under node_modules/.cache/teamchat-conformance of the project the suite belongs to:
 * the checkout's own, or, for an installed package, the project it is installed in (the
 * convention of find-cache-dir; the package's own folder is replaced on every install). The
 * sources and the compiled code keep separate caches (dist/ or src/), so a checkout running both
 * (the CLI compiled, its tests from the sources) does not keep replacing one with the other.
 */
export function cachePath(...parts: string[]): string {
  const segments = PROJECT_ROOT.split(sep);
  const modules = segments.lastIndexOf('node_modules');
  const base = modules >= 0 ? segments.slice(0, modules + 1).join(sep) : join(PROJECT_ROOT, 'node_modules');
  return join(base, '.cache', 'teamchat-conformance', COMPILED ? 'dist' : 'src', ...parts);
}
