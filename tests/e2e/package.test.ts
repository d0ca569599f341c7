// The package as a user gets it: packed (`npm pack`, which builds dist/ through prepack),
// installed into an empty project, and run from there with the compiled CLI and no tsx.
// SLOW (about 20-40 s: a TypeScript build, an npm install from the local npm cache, a full
// run): it packs a copy of the project, so the checkout's own dist/ is never rebuilt under the
// other tests' feet.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../src/common/paths.js';
import { cleanEnv } from '../support/cli.js';
import { readReportFile } from '../support/report-format.js';

const exec = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// What the package is made from: the `files` of package.json and the build's inputs.
const PACKED_FROM = [
  'package.json',
  'README.md',
  'LICENSE',
  '.env.example',
  'tsconfig.json',
  'tsconfig.build.json',
  'bin',
  'scripts',
  'src',
  'properties',
  'specs',
  'schemas',
  'reports/README.md',
];
const { version } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string };

/** The environment of a user's shell: no settings of this suite, nor of the npm script running the tests. */
function userEnv(): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(cleanEnv()).filter(([k]) => !/^npm_(lifecycle|package|command|config_(global|prefix|local_prefix|dry_run))/i.test(k)),
  );
}

interface Packed {
  files: { path: string }[];
  filename: string;
}

describe('the packed package (slow: builds, packs and installs it)', { timeout: 240_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'tcc-package-'));
  const app = join(work, 'app');
  let packed: Packed;

  beforeAll(async () => {
    const copy = join(work, 'project');
    for (const path of PACKED_FROM) cpSync(projectPath(path), join(copy, path), { recursive: true });
    symlinkSync(projectPath('node_modules'), join(copy, 'node_modules'), 'dir');
    const { stdout } = await exec(NPM, ['pack', '--json', '--pack-destination', work], { cwd: copy, env: userEnv(), maxBuffer: 64 * 1024 * 1024 });
    [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Packed[];
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{ "name": "a-server-project", "private": true }\n');
    // From the npm cache where it can: the registry is asked only for what the cache lacks.
    await exec(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error', join(work, packed.filename)], {
      cwd: app,
      env: userEnv(),
    });
  }, 240_000);

  it('holds the compiled code, specs, schemas, the reports README and the licence, and no tests, bench, sources or scripts', () => {
    const paths = packed.files.map((f) => f.path);
    for (const needed of [
      'bin/teamchat-conformance.mjs',
      'dist/src/cli.js',
      'dist/src/runner/conformance.entry.js',
      'dist/properties/topics-order.property.js',
      'dist/schemas/validators.cjs',
      'specs/clauses.yaml',
      'schemas/conformance-report.schema.json',
      'reports/README.md',
      'README.md',
      'LICENSE',
      'package.json',
    ])
      expect(paths).toContain(needed);
    expect(paths.filter((p) => /^(tests|bench|scripts|src|properties|\.github|\.ci)\//.test(p) || p === 'action.yml')).toEqual([]);
  });

  it('installs without tsx: the CLI runs compiled JavaScript', () => {
    expect(existsSync(join(app, 'node_modules', 'teamchat-conformance', 'dist', 'src', 'cli.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
  });

  it('npx teamchat-conformance --version prints the version', async () => {
    const { stdout } = await exec('npx', ['teamchat-conformance', '--version'], { cwd: app, env: userEnv() });
    expect(stdout.trim()).toBe(version);
  });

  it('validate-response judges an answer with the packaged schemas', async () => {
    writeFileSync(join(app, 'answer.json'), '{"result":"success","msg":"","streams":[{"name":"no id"}]}');
    const ran = await exec('npx', ['teamchat-conformance', 'validate-response', '--operation', 'GET /streams', '--status', '200', 'answer.json'], {
      cwd: app,
      env: userEnv(),
    }).then(
      (r) => ({ ...r, code: 0 }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('[res.channel.stream_id] streams[0].stream_id: expected the field (required), got nothing (the field is missing)');
  });

  it('a full run against the embedded reference server exits 0 and writes the reports', async () => {
    const ran = await exec('npx', ['teamchat-conformance', 'run', '--report-dir', 'out'], { cwd: app, env: userEnv() }).then(
      (r) => ({ ...r, code: 0 }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(ran.stderr.split('\n').filter((line) => line && !/^npm (warn|notice)/.test(line))).toEqual([]); // npx's own warnings aside
    expect(ran.code).toBe(0);
    for (const name of ['conformance.json', 'conformance.html', 'conformance.md', 'junit.xml']) expect(existsSync(join(app, 'out', name))).toBe(true);
    const report = readReportFile(join(app, 'out'));
    expect(report).toMatchObject({ tool: { name: 'teamchat-conformance', version }, target: { embedded: true }, verdict: { status: 'pass' } });
    expect(report.summary.passed).toBe(report.summary.total);
    expect(report.cases.some((c: { id: string }) => c.id.startsWith('prop.'))).toBe(true);
  });
});
