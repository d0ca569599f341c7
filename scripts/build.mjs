// `npm run build` (and prepack): compiles src/ and properties/ to dist/ with tsconfig.build.json,
// generates the schemas' validators (dist/schemas/validators.cjs, src/engine/judge/precompiled-schemas.ts),
// then stamps dist/ with the key of the sources it was built from (bin/compiled-code.mjs), so a
// checkout runs dist/ only while it is current. The key is taken before compiling: a source
// edited during the build leaves dist/ stale, never wrongly current.
//
// `--at-install` (the `prepare` script, run by `npm install` and `npm ci` in a checkout): the
// README's first command then runs compiled code from the first run (start-up about 0.2 s instead
// of 0.6 s through tsx), for about 8 s more of install. There a build that cannot be done
// (`--omit=dev`: no TypeScript) or that fails (sources mid-edit) only says so: the commands run
// the sources. npm pack and publish build through prepack, strictly, so prepare leaves them alone.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStampPath, ROOT, sourcesKey } from '../bin/compiled-code.mjs';

const atInstall = process.argv.includes('--at-install');

function build() {
  const key = sourcesKey(ROOT);
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  return import(pathToFileURL(join(ROOT, 'dist', 'src', 'engine', 'judge', 'precompiled-schemas.js')).href).then(({ writePrecompiledValidators }) => {
    writePrecompiledValidators();
    writeFileSync(buildStampPath(ROOT), `${JSON.stringify({ sources: key })}\n`);
  });
}

if (!atInstall) await build();
else if (!['pack', 'publish'].includes(process.env.npm_command ?? '') && sourcesKey(ROOT) !== null) {
  try {
    await build();
  } catch (error) {
    rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
    const why = /Cannot find module 'typescript/.test(String(error)) ? 'TypeScript is not installed' : 'the build failed';
    process.stderr.write(`teamchat-conformance: dist/ not built (${why}); the commands run the sources until \`npm run build\`\n`);
  }
}
