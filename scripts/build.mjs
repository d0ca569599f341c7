// `npm run build` (and prepack): compiles src/ and properties/ to dist/ with tsconfig.build.json,
// generates the schemas' validators (dist/schemas/validators.cjs, src/engine/judge/precompiled-schemas.ts),
// then stamps dist/ with the key of the sources it was built from (bin/compiled-code.mjs), so a
// checkout runs dist/ only while it is current. The key is taken before compiling: a source
// edited during the build leaves dist/ stale, never wrongly current.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStampPath, ROOT, sourcesKey } from '../bin/compiled-code.mjs';

const key = sourcesKey(ROOT);
rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
const { writePrecompiledValidators } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'engine', 'judge', 'precompiled-schemas.js')).href);
writePrecompiledValidators();
writeFileSync(buildStampPath(ROOT), `${JSON.stringify({ sources: key })}\n`);
