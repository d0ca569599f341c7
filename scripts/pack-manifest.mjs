// The package.json a tarball ships (`npm pack`, `npm publish`): the checkout's, without the
// scripts that only a checkout can run. `prepare` builds dist/ at `npm install` in a checkout
// (scripts/build.mjs, which the package does not ship); in the package it is an install script
// with no file behind it, which npm warns about at every install. `--strip` (prepack) keeps the
// checkout's file beside it and writes the package's; `--restore` (postpack) puts it back. A pack
// stopped between them leaves the sidecar: the next `--strip` restores from it first.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const MANIFEST = join(ROOT, 'package.json');
const SIDECAR = join(ROOT, '.package.json.checkout');
/** Scripts of the checkout only: what they run is not in the package. */
export const CHECKOUT_SCRIPTS = ['prepare'];

/** The package's manifest from the checkout's. */
export function packedManifest(manifest) {
  const scripts = Object.fromEntries(Object.entries(manifest.scripts ?? {}).filter(([name]) => !CHECKOUT_SCRIPTS.includes(name)));
  return { ...manifest, scripts };
}

function restore() {
  if (existsSync(SIDECAR)) renameSync(SIDECAR, MANIFEST);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--strip')) {
    restore();
    const text = readFileSync(MANIFEST, 'utf8');
    copyFileSync(MANIFEST, SIDECAR);
    writeFileSync(MANIFEST, `${JSON.stringify(packedManifest(JSON.parse(text)), null, 2)}\n`);
  } else if (process.argv.includes('--restore')) restore();
  else throw new Error('pack-manifest.mjs: --strip or --restore');
}
