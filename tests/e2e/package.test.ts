// The package as a user gets it: packed (`npm pack`, which builds dist/ through prepack),
// installed into an empty project, and run from there with the compiled CLI and no tsx; its type
// declarations compiled in a strict project; and as the GitHub Action installs and runs it.
// SLOW (about 30-50 s: a TypeScript build, two npm installs from the local npm cache, a few
// runs): it packs a copy of the project, so the checkout's own dist/ is never rebuilt under the
// other tests' feet.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../src/common/paths.js';
import { cleanEnv } from '../support/cli.js';
import { scaled } from '../support/time-limits.js';
import { readReportFile } from '../support/report-format.js';

const exec = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// What the package is made from: the `files` of package.json and the build's inputs.
const PACKED_FROM = [
  'package.json',
  'README.md',
  'CHANGELOG.md',
  'docs',
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

describe('the packed package (slow: builds, packs and installs it)', { timeout: scaled(240_000) }, () => {
  const work = mkdtempSync(join(tmpdir(), 'tcc-package-'));
  const app = join(work, 'app');
  let packed: Packed;
  let installOutput = '';

  beforeAll(async () => {
    const copy = join(work, 'project');
    for (const path of PACKED_FROM) cpSync(projectPath(path), join(copy, path), { recursive: true });
    symlinkSync(projectPath('node_modules'), join(copy, 'node_modules'), 'dir');
    const { stdout } = await exec(NPM, ['pack', '--json', '--pack-destination', work], { cwd: copy, env: userEnv(), maxBuffer: 64 * 1024 * 1024 });
    [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Packed[];
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{ "name": "a-server-project", "private": true }\n');
    // From the npm cache where it can: the registry is asked only for what the cache lacks.
    const installed = await exec(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, packed.filename)], {
      cwd: app,
      env: userEnv(),
    });
    installOutput = `${installed.stdout}${installed.stderr}`;
  }, scaled(240_000));

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

  it('is self-contained: every relative link of its Markdown is a file it ships; its package.json runs nothing at install', () => {
    // Before: the README linked to docs/, CHANGELOG.md and CONTRIBUTING.md, which it did not ship, and
    // the `prepare` script (scripts/build.mjs, not shipped) made npm warn of an install script.
    const paths = new Set(packed.files.map((f) => f.path));
    const root = join(app, 'node_modules', 'teamchat-conformance');
    for (const page of [...paths].filter((p) => p.endsWith('.md'))) {
      const text = readFileSync(join(root, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const file = join(dirname(page), target).replace(/\/$/, '');
        expect(
          [...paths].some((p) => p === file || p.startsWith(`${file}/`)),
          `${page} links to ${target}`,
        ).toBe(true);
      }
    }
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(Object.keys(manifest.scripts).filter((name) => /^(pre|post)?(install|prepare)$/.test(name))).toEqual([]);
    expect(installOutput).not.toMatch(/install.?scripts|prepare/i);
    expect(JSON.parse(readFileSync(projectPath('package.json'), 'utf8')).scripts.prepare).toBeDefined(); // the checkout's is kept
  });

  it('installs without tsx: the CLI runs compiled JavaScript', () => {
    expect(existsSync(join(app, 'node_modules', 'teamchat-conformance', 'dist', 'src', 'cli.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
  });

  it('its declarations compile under strict TypeScript with only the package installed (skipLibCheck: false)', async () => {
    // Strict, and every .d.ts the package ships checked: a type the package uses but does not
    // declare (Node's Buffer without @types/node) fails here, as it would in a user's project.
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, skipLibCheck: false, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022' },
        files: ['use.mts'],
      }),
    );
    writeFileSync(
      join(app, 'use.mts'),
      `import { main, readReport, startReferenceServer, type ConformanceReport, type Verdict } from 'teamchat-conformance';
const report: ConformanceReport = readReport('conformance.json');
const verdict: Verdict = report.verdict; // required: no "possibly undefined"
export const word: string = verdict.status;
export const entry = { main, startReferenceServer };
`,
    );
    const tsc = await exec(process.execPath, [projectPath('node_modules', 'typescript', 'bin', 'tsc'), '-p', app], { cwd: app, env: userEnv() }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    );
    expect(tsc).toBe('');
  });

  it("the GitHub Action's steps with the packed package: its install (no development tools), a run, a refusal", async () => {
    const runner = join(work, 'runner');
    mkdirSync(runner);
    const github = (name: string) => {
      const files = {
        GITHUB_OUTPUT: join(runner, `${name}.output`),
        GITHUB_STEP_SUMMARY: join(runner, `${name}.summary`),
        GITHUB_ENV: join(runner, `${name}.env`),
      };
      for (const file of Object.values(files)) writeFileSync(file, '');
      return files;
    };
    const outputs = (file: string) =>
      Object.fromEntries(
        readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split(/=(.*)/s).slice(0, 2)),
      );
    const installed = github('install');
    await exec('bash', [projectPath('scripts', 'action', 'install.sh')], {
      env: {
        ...userEnv(),
        ...installed,
        TCC_ACTION_PATH: projectPath(),
        TCC_PACKAGE_VERSION: join(work, packed.filename),
        RUNNER_TEMP: runner,
        npm_config_prefer_offline: 'true',
      },
    });
    const { bin } = outputs(installed.GITHUB_OUTPUT);
    expect(existsSync(bin)).toBe(true);
    for (const tool of ['typescript', 'eslint', '@stryker-mutator', 'playwright-core', 'tsx', 'prettier'])
      expect(existsSync(join(runner, 'teamchat-conformance', 'node_modules', tool)), tool).toBe(false);
    const step = async (name: string, env: Record<string, string>) => {
      const files = github(name);
      await exec(process.execPath, [projectPath('scripts', 'action', 'run.mjs')], {
        cwd: runner,
        env: { ...userEnv(), ...files, TCC_BIN: bin, CONFORMANCE_REPORT_DIR: join(runner, name), ...env },
      });
      return { outputs: outputs(files.GITHUB_OUTPUT), summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8') };
    };
    const [passed, refused] = await Promise.all([
      step('passed', { CONFORMANCE_OPERATIONS: 'POST /users/me/status' }),
      step('refused', { CONFORMANCE_TARGET_URL: 'https://chat.example.test' }),
    ]);
    // The verdict is the report's own (a run of one operation may say so); the summary starts with its Markdown.
    const written = readReportFile(join(runner, 'passed'));
    expect(passed.outputs).toMatchObject({ verdict: written.verdict.status, 'exit-code': '0', report: join(runner, 'passed', 'conformance.json') });
    expect(['pass', 'partial']).toContain(passed.outputs.verdict);
    expect(passed.summary.startsWith(readFileSync(join(runner, 'passed', 'conformance.md'), 'utf8').trimEnd())).toBe(true);
    expect(refused.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2', report: '' });
    expect(refused.outputs.cause).toMatch(
      /^https:\/\/chat\.example\.test is not on this machine .*: set the action's input i-understand-this-writes: true to go ahead$/,
    );
    expect(refused.summary).toContain(refused.outputs.cause);
  });

  it('the installed command with --env-file <missing file>: exit 2 naming the file, not Node 20 exiting 9', async () => {
    // Before: its `#!/usr/bin/env node` let Node 20 read --env-file itself: "node: nope.env: not found", exit 9.
    // npx is a Node program too, so Node reads the option on npx's command line unless a `--` comes first.
    const missing = (command: string, args: string[]) =>
      exec(command, [...args, 'run', '--env-file', 'nope.env'], { cwd: app, env: userEnv() }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
    for (const ran of [await missing(join(app, 'node_modules', '.bin', 'teamchat-conformance'), []), await missing('npx', ['--', 'teamchat-conformance'])]) {
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain(`teamchat-conformance: env file ${join(app, 'nope.env')}: not found`);
    }
  });

  it('serve --no-seed-accounts, setup, then a run: from the owner alone', async () => {
    const served = spawn(
      process.execPath,
      [
        join(app, 'node_modules', 'teamchat-conformance', 'bin', 'teamchat-conformance.mjs'),
        'serve',
        '--port',
        '0',
        '--no-seed-accounts',
        '--env-out',
        'owner.env',
      ],
      {
        cwd: app,
        env: userEnv(),
      },
    );
    try {
      for (let i = 0; i < 200 && !existsSync(join(app, 'owner.env')); i += 1) await new Promise((r) => setTimeout(r, 50));
      const made = await exec('npx', ['teamchat-conformance', 'setup', '--env-file', 'owner.env', '--env-out', 'run.env'], { cwd: app, env: userEnv() });
      expect(made.stdout).toMatch(/^preflight: .* the owner, admin, moderator, member, member2, guest, bot accounts authenticate with their roles$/m);
      const ran = await exec(
        'npx',
        ['teamchat-conformance', 'run', '--env-file', 'run.env', '--operation', 'POST /users/me/status', '--report-dir', 'setup-run'],
        {
          cwd: app,
          env: userEnv(),
        },
      );
      expect(ran.stdout).toMatch(/^PARTIAL: \d+ passed, 0 failed/m);
    } finally {
      served.kill('SIGTERM');
    }
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
