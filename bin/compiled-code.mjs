// Whether the compiled CLI (dist/) may run: always in the installed package, which ships no
// sources; in a checkout only while dist/ was built from the sources as they are now (the
// TypeScript, and the schemas, whose validators the build generates), judged by a key of every
// source file's path, size and modification time (scripts/build.mjs stores it).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const SOURCE_DIRS = ['src', 'properties', 'schemas'];
const SOURCE_FILES = ['tsconfig.json', 'tsconfig.build.json'];
const SOURCE_NAME = /\.ts$|\.schema\.json$/;

export const compiledCliPath = (root = ROOT) => join(root, 'dist', 'src', 'cli.js');
export const buildStampPath = (root = ROOT) => join(root, 'dist', 'build-stamp.json');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : SOURCE_NAME.test(entry.name) ? [path] : [];
  });
}

/** The key of the sources dist/ is compiled from; null where there are none (the package). */
export function sourcesKey(root = ROOT) {
  if (!existsSync(join(root, 'src'))) return null;
  const dirs = SOURCE_DIRS.map((dir) => join(root, dir)).filter((dir) => existsSync(dir));
  const files = [...dirs.flatMap(sourceFiles), ...SOURCE_FILES.map((name) => join(root, name))].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file, { throwIfNoEntry: false });
    hash.update(`${relative(root, file)}\0${stat?.size ?? -1}\0${stat?.mtimeMs ?? -1}\n`);
  }
  return hash.digest('hex');
}

/** The compiled CLI's path when it may run, else null (run the sources). */
export function compiledCli(root = ROOT) {
  const cli = compiledCliPath(root);
  if (!existsSync(cli)) return null;
  const key = sourcesKey(root);
  if (key === null) return cli;
  try {
    return JSON.parse(readFileSync(buildStampPath(root), 'utf8')).sources === key ? cli : null;
  } catch {
    return null; // built by hand, or a build that did not finish
  }
}
