// action.yml: every input reaches what it is for, and every way a run can end leaves its outputs,
// an annotation with the one-line cause and a job summary saying what happened and what to do.
// The run step is run as GitHub runs it (bash -eo pipefail, its env evaluated from the inputs,
// GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_ENV as files) with a stand-in CLI that records its
// command line and environment and ends as told: exit 0, 1, 2 or 3, interrupted, killed. The CLI's
// own loadConfig then reads what it got. tests/e2e/package.test.ts runs the action's install and
// run steps with the packed package and the real CLI.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/config.js';
import { ACTION_ENV, ACTION_INPUTS } from '../../src/common/audience.js';
import { ROLES } from '../../src/common/vocabulary.js';
import { projectPath } from '../../src/common/paths.js';
import { markdownReport } from '../../src/report/writers/markdown.js';
import type { ConformanceReport } from '../../src/report/model/model.js';
import { fixtureReport } from '../report/fixture.js';
import { until } from '../support/time-limits.js';

interface Step {
  id?: string;
  uses?: string;
  if?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'continue-on-error'?: boolean;
}
interface Action {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string; description: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(projectPath('action.yml'), 'utf8')) as Action;
const step = (id: string) => action.runs.steps.find((s) => s.id === id)!;
const work = mkdtempSync(join(tmpdir(), 'tcc-action-'));

// A value for every input, each one recognisable where it lands.
const INPUTS: Record<string, string> = {
  'target-url': 'https://chat.example.test',
  'env-file': join(work, 'target.env'),
  ...Object.fromEntries(
    ROLES.flatMap((role) => [
      [`${role}-email`, `${role}@example.test`],
      [`${role}-api-key`, `key-of-${role}-0123`],
    ]),
  ),
  profile: 'zulip',
  'feature-level': '380',
  operation: 'GET /streams\nPOST /users/me/status\n',
  grep: 'include_all',
  clause: 'op20.\nconv.booleans',
  'fail-on-skip': 'true',
  baseline: 'main/conformance.json',
  expectations: 'known-gaps.yaml',
  shard: '2/3',
  'report-dir': join(work, 'out'),
  har: join(work, 'out', 'run.har'),
  'i-understand-this-writes': 'true',
  args: '--concurrency\n4\n\n--thorough\n--seed\n42\n',
  upload: 'true',
  'artifact-name': '',
  'node-version': '22',
  'package-version': '',
};

/** GitHub's ${{ }} expressions, as far as action.yml uses them. */
function evaluate(text: string, inputs: Record<string, string>, outputs: Record<string, string> = {}): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input) return inputs[input[1]] ?? action.inputs[input[1]]?.default ?? '';
    if (expr === 'github.action_path') return projectPath();
    if (expr in outputs) return outputs[expr];
    throw new Error(`action.test.ts cannot evaluate \${{ ${expr} }}`);
  });
}

/** How the stand-in CLI ends. */
type Ending = 'pass' | 'incomplete' | 'partial' | 'fail' | 'huge' | 'usage' | 'unknown-option' | 'internal' | 'interrupted' | 'killed';

// The stand-in CLI: records its command line and environment, then ends as $STANDIN_ENDING says.
// The reports it writes are real ones (the test's writers made them), copied into the report directory.
const STANDIN = `import { appendFileSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
const { STANDIN_DIR: dir, STANDIN_ENDING: ending, CONFORMANCE_REPORT_DIR: out } = process.env;
appendFileSync(dir + '/commands', JSON.stringify(process.argv.slice(2)) + '\\n');
if (process.argv[2] === 'setup') {
  if (process.env.STANDIN_SETUP === 'refused') {
    process.stderr.write('teamchat-conformance: admin account: POST /users refused: the owner may not create users\\n');
    process.exit(2);
  }
  process.stdout.write('setup: made the accounts\\n');
  process.exit(0);
}
writeFileSync(dir + '/captured.json', JSON.stringify({ argv: process.argv.slice(1), env: process.env }));
// The CLI's annotations, as it prints them in the action before its summary.
for (const line of (process.env.STANDIN_ANNOTATIONS ?? '').split('|').filter(Boolean)) process.stdout.write(line + '\\n');
// As the CLI writes them for its reader: in the action's words only when the action said so.
const words = process.env.TEAMCHAT_CONFORMANCE_ACTION === 'true' ? 'action' : 'shell';
const report = (name) => {
  mkdirSync(out, { recursive: true });
  copyFileSync(dir + '/' + words + '/' + name + '.json', out + '/conformance.json');
  copyFileSync(dir + '/' + words + '/' + name + '.md', out + '/conformance.md');
};
if (ending === 'usage') {
  process.stderr.write('teamchat-conformance: https://chat.example.test is not on this machine and the run writes to it: set the action\\'s input i-understand-this-writes: true to go ahead\\n');
  process.exit(2);
}
if (ending === 'unknown-option') {
  process.stderr.write("error: unknown option '--nope'\\n");
  process.exit(2);
}
if (ending === 'internal') {
  process.stderr.write('teamchat-conformance: internal error: boom (a bug in the suite, not in your server: please report it)\\ndetails: Error: boom\\n    at x\\n');
  process.exit(3);
}
if (ending === 'killed') process.kill(process.pid, 'SIGKILL');
if (ending === 'interrupted') {
  // As the CLI does on Ctrl-C: no new case, the report of what ran, exit 1.
  process.once('SIGINT', () => { report('interrupted'); process.exit(1); });
  writeFileSync(dir + '/ready', '');
  setTimeout(() => process.exit(9), 20000);
} else {
  report(ending);
  process.exit(ending === 'fail' || ending === 'huge' ? 1 : 0);
}
`;

/** The reports each ending writes: the fixture's cases, passing, failing, lacking the member account, interrupted, huge. */
function reportsOf(): Record<string, ConformanceReport> {
  const fixture = fixtureReport();
  const passed = fixture.cases.filter((c) => c.status === 'passed');
  const failed = fixture.cases.find((c) => c.status === 'failed')!;
  return {
    pass: fixtureReport({ cases: passed }),
    fail: fixtureReport(),
    incomplete: fixtureReport({
      cases: [...passed, { ...passed[0], id: 'op1.as-member', status: 'skipped', message: 'needs the member account, not configured' }],
    }),
    interrupted: fixtureReport({
      cases: passed,
      runWarnings: ['interrupted by SIGINT: the cases not yet started did not run; cleanup from the ledger removed 3, 0 could not be removed'],
    }),
    // Over GitHub's 1 MiB for a step summary: failures whose messages hold a big answer.
    huge: fixtureReport({
      cases: [
        ...passed,
        ...Array.from({ length: 12 }, (_, i) => ({ ...failed, id: `op1.big-${i}`, message: `answer ${i}:\n${'x'.repeat(99).concat('\n').repeat(1500)}` })),
      ],
    }),
  };
}

/** Each ending's reports as the CLI writes them at a shell (`shell/`) and in the action (`action/`, its inputs named). */
function writeReports(dir: string) {
  for (const words of ['shell', 'action'] as const) {
    vi.stubEnv(ACTION_ENV, words === 'action' ? 'true' : '');
    try {
      mkdirSync(join(dir, words));
      const reports = reportsOf();
      for (const [name, report] of Object.entries(reports)) {
        writeFileSync(join(dir, words, `${name}.json`), JSON.stringify(report));
        writeFileSync(join(dir, words, `${name}.md`), markdownReport(report));
      }
      // A status the action has no word of its own for: it passes it on as the report says it.
      writeFileSync(join(dir, words, 'partial.json'), JSON.stringify({ ...reports.pass, verdict: { ...reports.pass.verdict, status: 'partial' } }));
      writeFileSync(join(dir, words, 'partial.md'), markdownReport(reports.pass));
    } finally {
      vi.unstubAllEnvs();
    }
  }
}

interface Ran {
  argv: string[];
  /** Every command line the step ran the CLI with (setup, run), after node's own arguments. */
  commands: string[][];
  dir: string;
  env: Record<string, string>;
  outputs: Record<string, string>;
  summary: string;
  githubEnv: string;
  stdout: string;
  code: number | null;
}

/** Runs the run step with the stand-in CLI (or, with `bin: ''`, as after a failed install). */
async function runStep(
  inputs: Record<string, string>,
  ending: Ending,
  options: { bin?: string; before?: (dir: string) => void; env?: Record<string, string> } = {},
): Promise<Ran> {
  const dir = mkdtempSync(join(work, 'step-'));
  writeFileSync(join(dir, 'standin.mjs'), STANDIN);
  writeReports(dir);
  options.before?.(dir);
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary'), GITHUB_ENV: join(dir, 'env') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const run = step('run');
  const env = Object.fromEntries(
    Object.entries(run.env!).map(([k, v]) => [k, evaluate(v, inputs, { 'steps.install.outputs.bin': options.bin ?? join(dir, 'standin.mjs') })]),
  );
  writeFileSync(join(dir, 'step.sh'), run.run!);
  // In its own process group, as a runner's step: a cancel reaches the whole group.
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(dir, 'step.sh')], {
    cwd: work,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_ACTIONS: 'true',
      STANDIN_DIR: dir,
      STANDIN_ENDING: ending,
      RUNNER_TEMP: dir,
      ...options.env,
      ...files,
      ...env,
    },
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', () => undefined);
  if (ending === 'interrupted') {
    await until(() => existsSync(join(dir, 'ready')));
    process.kill(-child.pid!, 'SIGINT');
  }
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const outputs = Object.fromEntries(
    readFileSync(files.GITHUB_OUTPUT, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  const captured = existsSync(join(dir, 'captured.json'))
    ? (JSON.parse(readFileSync(join(dir, 'captured.json'), 'utf8')) as Pick<Ran, 'argv' | 'env'>)
    : { argv: [], env: {} };
  const commands = existsSync(join(dir, 'commands'))
    ? readFileSync(join(dir, 'commands'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as string[])
    : [];
  return {
    ...captured,
    commands,
    dir,
    outputs,
    summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'),
    githubEnv: readFileSync(files.GITHUB_ENV, 'utf8'),
    stdout,
    code,
  };
}

/** The inputs of a run against the embedded server, with its own report directory. */
const plain = (name: string, more: Record<string, string> = {}) => ({ 'report-dir': join(work, name), ...more });

describe('action.yml', () => {
  let failing: Ran;
  beforeAll(async () => {
    // The env file names another target: the inputs take precedence over it.
    writeFileSync(INPUTS['env-file'], 'CONFORMANCE_TARGET_URL=http://127.0.0.1:1\n');
    failing = await runStep(INPUTS, 'fail');
  });

  it('is a composite action: sets up Node, installs the package, runs it whatever happened, uploads, fails last', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps[0]).toMatchObject({ uses: 'actions/setup-node@v4', with: { 'node-version': '${{ inputs.node-version }}' } });
    expect(step('install')).toMatchObject({ 'continue-on-error': true, env: { TCC_PACKAGE_VERSION: '${{ inputs.package-version }}' } });
    expect(step('install').run).toContain('scripts/action/install.sh');
    expect(step('run')).toMatchObject({ if: 'always()', env: { TCC_BIN: '${{ steps.install.outputs.bin }}' } });
    expect(step('run').run).toContain('scripts/action/run.mjs');
    for (const s of action.runs.steps.filter((x) => x.run)) expect(s.run).not.toMatch(/\$\{\{/); // inputs arrive as environment variables only
    expect(action.runs.steps.at(-1)).toMatchObject({ if: "always() && steps.run.outputs.exit-code != '0'" });
    expect(action.runs.steps.at(-1)!.run).toContain('exit "${TCC_EXIT_CODE:-3}"');
  });

  it('installs the package with its own dependencies only: the version of the action, or the one asked for', () => {
    const script = readFileSync(projectPath('scripts/action/install.sh'), 'utf8');
    expect(script).toContain('npm install --prefix "$prefix" --omit=dev');
    expect(script).toContain('package="teamchat-conformance@$spec"');
    expect(script).toContain('"$TCC_ACTION_PATH/package.json"');
  });

  it.each([
    ['published', '9.8.7', ['view teamchat-conformance@9.8.7 version', 'install --prefix <prefix> --omit=dev teamchat-conformance@9.8.7']],
    // Before: it installed teamchat-conformance@<version> from npm, which has no such package (404).
    [
      'not published',
      '',
      [
        'view teamchat-conformance@9.8.7 version',
        'ci (in <prefix>/source)',
        'pack --pack-destination <prefix>',
        'install --prefix <prefix> --omit=dev <prefix>/teamchat-conformance-9.8.7.tgz',
      ],
    ],
  ])('with no package-version, the version of the action %s on npm', async (_, published, calls) => {
    const dir = mkdtempSync(join(work, 'install-'));
    const actionPath = join(dir, 'action');
    mkdirSync(actionPath);
    writeFileSync(join(actionPath, 'package.json'), '{ "version": "9.8.7" }\n');
    // A stand-in npm: records each call; `view` says what npm has, `pack` makes the tarball.
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'npm'),
      [
        '#!/usr/bin/env bash',
        'where=""; [ "$1" = ci ] && where=" (in $PWD)"',
        'echo "$*$where" | sed -e "s/ --no-audit --no-fund//; s/ --no-package-lock//; s/ --loglevel error//; s/ *$//" >>"$CALLS"',
        '[ "$1" = view ] && { [ -n "$PUBLISHED" ] && echo "$PUBLISHED"; [ -n "$PUBLISHED" ]; exit; }',
        '[ "$1" = pack ] && touch "$3/teamchat-conformance-9.8.7.tgz"',
        'exit 0',
      ].join('\n'),
      { mode: 0o755 },
    );
    const output = join(dir, 'output');
    writeFileSync(output, '');
    await new Promise<void>((resolve, reject) =>
      spawn('bash', [projectPath('scripts/action/install.sh')], {
        env: {
          PATH: `${bin}:${process.env.PATH}`,
          TCC_ACTION_PATH: actionPath,
          RUNNER_TEMP: dir,
          GITHUB_OUTPUT: output,
          CALLS: join(dir, 'calls'),
          PUBLISHED: published,
        },
        stdio: 'ignore',
      }).on('close', (code) => (code === 0 ? resolve() : reject(new Error(`install.sh exited ${code}`)))),
    );
    const prefix = join(dir, 'teamchat-conformance');
    expect(
      readFileSync(join(dir, 'calls'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(prefix).join('<prefix>')),
    ).toEqual(calls);
    expect(readFileSync(output, 'utf8')).toBe(`bin=${prefix}/node_modules/teamchat-conformance/bin/teamchat-conformance.mjs\n`);
  });

  it('passes the env file and the extra arguments, one per line, on the command line', () => {
    expect(failing.argv.slice(1)).toEqual(['run', '--env-file', INPUTS['env-file'], '--concurrency', '4', '--thorough', '--seed', '42']);
    expect(failing.env.GITHUB_ACTIONS).toBe('true');
    expect(failing.env[ACTION_ENV]).toBe('true');
  });

  it('every other run input reaches the configuration the CLI reads from its environment', () => {
    const config = loadConfig({ env: failing.env, envFile: INPUTS['env-file'], cwd: work });
    expect(config).toMatchObject({
      targetUrl: INPUTS['target-url'],
      profile: 'zulip',
      featureLevel: 380,
      operations: ['GET /streams', 'POST /users/me/status'],
      grep: 'include_all',
      clauses: ['op20.', 'conv.booleans'],
      failOnSkip: true,
      // Relative paths are the workspace's (the directory the CLI runs in).
      baseline: join(work, INPUTS.baseline),
      expectations: join(work, INPUTS.expectations),
      shard: { index: 2, count: 3 },
      reportDir: INPUTS['report-dir'],
      har: INPUTS.har,
      allowWrites: true,
    });
    for (const role of ROLES) expect(config.accounts[role]).toEqual({ email: INPUTS[`${role}-email`], apiKey: INPUTS[`${role}-api-key`] });
  });

  it('names in its messages the input each CONFORMANCE_* variable it sets comes from', () => {
    const set = Object.fromEntries(
      Object.entries(step('run').env!).flatMap(([k, v]) => (k.startsWith('CONFORMANCE_') ? [[k, /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(v)![1]]] : [])),
    );
    expect(set).toEqual(ACTION_INPUTS);
  });

  it('declares every output it sets, and sets no environment for later steps', () => {
    expect(Object.keys(action.outputs).sort()).toEqual(['artifact-name', 'exit-code', 'report', 'report-dir', 'verdict']);
    for (const [name, output] of Object.entries(action.outputs)) {
      expect(output.value).toBe(`\${{ steps.run.outputs.${name} }}`);
      expect(failing.outputs[name], name).toBeDefined();
    }
    expect(failing.githubEnv).toBe('');
  });

  it('exit 1: verdict fail, the reasons in an ::error line, the report first in the summary, then what to do', () => {
    expect(failing.code).toBe(0); // the last step fails the job, after the upload
    expect(failing.outputs).toMatchObject({
      'exit-code': '1',
      verdict: 'fail',
      'report-dir': INPUTS['report-dir'],
      report: join(INPUTS['report-dir'], 'conformance.json'),
      'artifact-name': 'conformance-reports-shard-2-of-3',
    });
    expect(failing.outputs.cause).toBe('FAIL: 1 passed, 1 failed, 1 errored, 1 skipped of 4 cases; 2 failures: op1.fail, op2.error');
    expect(failing.stdout).toContain(`::error title=teamchat-conformance fail::${failing.outputs.cause}`);
    expect(failing.summary).toMatch(/^## ❌ teamchat-conformance: FAIL: /);
    expect(failing.summary).toContain('#### ❌ `op1.fail`');
    expect(failing.summary).toMatch(/### What to do\n\n.*curl.*the artifact `conformance-reports-shard-2-of-3`.*\n.*`expectations`.*`baseline`/);
  });

  it('exit 0: verdict pass, a notice, the report in the summary; the defaults run the embedded server', async () => {
    const ran = await runStep(plain('pass', { 'artifact-name': 'mine' }), 'pass');
    expect(ran.argv.slice(1)).toEqual(['run']);
    expect(loadConfig({ env: ran.env, cwd: work })).toMatchObject({
      targetUrl: null,
      profile: 'spec',
      featureLevel: null,
      operations: [],
      grep: null,
      clauses: [],
      failOnSkip: false,
      baseline: null,
      shard: null,
      allowWrites: false,
      accounts: {},
    });
    expect(ran.outputs).toMatchObject({ 'exit-code': '0', verdict: 'pass', 'artifact-name': 'mine', report: join(work, 'pass', 'conformance.json') });
    expect(ran.stdout).toContain('::notice title=teamchat-conformance pass::PASS: 1 passed, 0 failed, 0 errored, 0 skipped of 1 cases');
    expect(ran.summary).toMatch(/^## ✅ teamchat-conformance: PASS/);
    expect(ran.summary).toContain('The reports are in the artifact `mine`');
  });

  it('exit 0 without the member account: verdict incomplete, a warning naming the input member-email, what to configure', async () => {
    const ran = await runStep(plain('incomplete'), 'incomplete');
    expect(ran.outputs).toMatchObject({ 'exit-code': '0', verdict: 'incomplete' });
    expect(ran.outputs.cause).toBe('INCOMPLETE: 1 passed, 0 failed, 0 errored, 1 skipped of 2 cases; 1 skipped: no member account (input member-email)');
    expect(ran.stdout).toContain(`::warning title=teamchat-conformance incomplete::${ran.outputs.cause}`);
    expect(ran.summary).toMatch(/^## ⚠️ teamchat-conformance: INCOMPLETE/);
    expect(ran.summary).toContain('- 1 skipped: no member account (input member-email)');
    expect(ran.summary).toMatch(/### What to do\n\n.*`<role>-email`.*\n.*`fail-on-skip: true`/);
    // The action's user sets inputs: no message sends them looking for the CLI's variable.
    expect(`${ran.stdout}${ran.summary}${JSON.stringify(ran.outputs)}`).not.toContain('CONFORMANCE_MEMBER_EMAIL');
    const report = readFileSync(ran.outputs.report, 'utf8');
    expect(JSON.parse(report).verdict.incomplete).toEqual([{ cause: 'no member account (input member-email)', roles: ['member'], count: 1 }]);
  });

  it("a job summary over GitHub's 1 MiB: cut at a line after the verdict and the failures, saying where the whole report is", async () => {
    const ran = await runStep(plain('huge', { 'artifact-name': 'big' }), 'huge');
    const markdown = readFileSync(join(work, 'huge', 'conformance.md'), 'utf8');
    expect(Buffer.byteLength(markdown)).toBeGreaterThan(1024 * 1024);
    expect(Buffer.byteLength(ran.summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(Buffer.byteLength(ran.summary)).toBeGreaterThan(1000 * 1024); // cut no more than it must
    expect(ran.outputs).toMatchObject({ verdict: 'fail', 'exit-code': '1' });
    // The verdict, its reasons and the first failures as the report has them, cut where a line ends.
    const kept = ran.summary.slice(0, ran.summary.indexOf('\n**This summary was cut here**'));
    expect(ran.summary).toMatch(/^## ❌ teamchat-conformance: FAIL: /);
    expect(ran.summary).toContain('#### ❌ `op1.big-0`');
    const body = kept.replace(/\n```+\n*$/, '').trimEnd();
    expect(markdown.startsWith(body)).toBe(true);
    expect(markdown[body.length]).toBe('\n');
    // An open code block is closed, so what follows reads as text.
    expect((kept.match(/^```/gm) ?? []).length % 2).toBe(0);
    expect(ran.summary).toContain(
      "**This summary was cut here** to fit GitHub's limit of 1 MiB for a step's summary: the whole report is `conformance.md` (and `conformance.html`) in the artifact `big`.",
    );
    expect(ran.summary).toMatch(/\n### What to do\n\nEach failure above .*\n.*\n+$/);
    expect(ran.summary).not.toContain('### Per operation');
    // Without the upload, the report directory.
    const local = await runStep(plain('huge-local', { upload: 'false' }), 'huge');
    expect(local.summary).toContain(`the whole report is \`conformance.md\` (and \`conformance.html\`) in \`${join(work, 'huge-local')}\`.`);
  });

  it("exit 0 with any other status of the report's verdict: that status, a warning", async () => {
    const ran = await runStep(plain('partial'), 'partial');
    expect(ran.outputs).toMatchObject({ 'exit-code': '0', verdict: 'partial', cause: 'PARTIAL: 1 passed, 0 failed, 0 errored, 0 skipped of 1 cases' });
    expect(ran.stdout).toContain('::warning title=teamchat-conformance partial::PARTIAL: ');
    expect(ran.summary).toContain('Every case that ran passed, but not every case ran');
  });

  it("exit 2: verdict error, the CLI's one-line cause in the annotation and the summary, no report, what to fix", async () => {
    // A report an earlier run left there is not this run's.
    const stale = plain('usage', { 'target-url': 'https://chat.example.test' });
    mkdirSync(stale['report-dir'], { recursive: true });
    writeFileSync(join(stale['report-dir'], 'conformance.json'), JSON.stringify(fixtureReport()));
    const old = new Date(Date.now() - 60_000);
    const { utimesSync } = await import('node:fs');
    utimesSync(join(stale['report-dir'], 'conformance.json'), old, old);
    const ran = await runStep(stale, 'usage');
    const cause =
      "https://chat.example.test is not on this machine and the run writes to it: set the action's input i-understand-this-writes: true to go ahead";
    expect(ran.outputs).toEqual({
      verdict: 'error',
      'exit-code': '2',
      'report-dir': stale['report-dir'],
      report: '',
      'artifact-name': 'conformance-reports',
      cause,
    });
    expect(ran.stdout).toContain(`::error title=teamchat-conformance error::${cause}`);
    expect(ran.summary).toMatch(
      /^## ❌ teamchat-conformance could not run\n\n```\n.*i-understand-this-writes: true to go ahead\n```\n\n### What to do\n\nNo case ran\./,
    );
  });

  it("leads the annotations with the cause, then the run's own (which leave it a place of the 10 GitHub keeps)", async () => {
    // Before: the run's ::error lines came first and the cause last, lost past the tenth.
    const errors = Array.from({ length: 9 }, (_, i) => `::error title=conformance%3A op1.f${i}::broken`);
    const ran = await runStep(plain('annotated'), 'fail', { env: { STANDIN_ANNOTATIONS: errors.join('|') } });
    const lines = ran.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(lines[0]).toMatch(/^::error title=teamchat-conformance fail::FAIL: /);
    expect(lines.slice(1)).toEqual(errors);
  });

  it('with setup: true, runs setup into a file of the runner, then the run on it; a refused setup is the cause, and no run', async () => {
    const inputs = plain('setup', { setup: 'true', 'owner-email': 'owner@example.test', 'owner-api-key': 'key-of-owner-0123' });
    const ran = await runStep(inputs, 'pass');
    const envOut = join(ran.dir, 'teamchat-conformance-setup.env');
    expect(ran.commands).toEqual([
      ['setup', '--env-out', envOut],
      ['run', '--env-file', envOut],
    ]);
    expect(ran.env).toMatchObject({ CONFORMANCE_OWNER_EMAIL: 'owner@example.test', CONFORMANCE_OWNER_API_KEY: 'key-of-owner-0123' });
    expect(ran.outputs.verdict).toBe('pass');
    const refused = await runStep(inputs, 'pass', { env: { STANDIN_SETUP: 'refused' } });
    expect(refused.commands).toHaveLength(1);
    expect(refused.outputs).toMatchObject({
      verdict: 'error',
      'exit-code': '2',
      report: '',
      cause: 'admin account: POST /users refused: the owner may not create users',
    });
    expect(refused.summary).toContain("`setup` could not make the accounts the run needs from the owner's account");
  });

  it('extra-accounts reaches setup as its --extra-* flags; a value it cannot read, or one without setup: true, is the cause, and nothing runs', async () => {
    const owner = { setup: 'true', 'owner-email': 'owner@example.test', 'owner-api-key': 'key-of-owner-0123' };
    const auto = await runStep(plain('extra-auto', { ...owner, 'extra-accounts': 'auto' }), 'pass');
    expect(auto.commands[0]).toEqual([
      'setup',
      '--env-out',
      join(auto.dir, 'teamchat-conformance-setup.env'),
      '--extra-members',
      'auto',
      '--extra-admins',
      'auto',
      '--extra-owners',
      'auto',
    ]);
    const counted = await runStep(plain('extra-counted', { ...owner, 'extra-accounts': ' 8, 4,3 ' }), 'pass');
    expect(counted.commands[0].slice(3)).toEqual(['--extra-members', '8', '--extra-admins', '4', '--extra-owners', '3']);
    const unread = await runStep(plain('extra-unread', { ...owner, 'extra-accounts': 'lots' }), 'pass');
    expect(unread.commands).toEqual([]);
    expect(unread.outputs).toMatchObject({
      verdict: 'error',
      'exit-code': '2',
      cause: 'input extra-accounts: expected auto, or three numbers of members, administrators and owners (as 8,4,3), got "lots"',
    });
    expect(unread.summary).toContain('extra-accounts: 8,4,3');
    const alone = await runStep(plain('extra-alone', { 'extra-accounts': 'auto' }), 'pass');
    expect(alone.commands).toEqual([]);
    expect(alone.outputs.cause).toBe('input extra-accounts: setup makes the extra accounts: set the input setup: true too (or list them in the env file)');
  });

  it('the input env-file naming a missing file: exit 2, the cause names the input and the file, not Node (which exits 9 on Node 20)', async () => {
    // Before: Node 20 read --env-file itself and exited 9 with "node: nope.env: not found".
    const ran = await runStep(plain('no-env-file', { 'env-file': 'nope.env' }), 'pass', { bin: projectPath('bin', 'teamchat-conformance.mjs') });
    expect(ran.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2', cause: `input env-file: env file ${join(work, 'nope.env')}: not found` });
  });

  it("exit 2 for an unknown option in args: commander's line is the cause", async () => {
    const ran = await runStep(plain('unknown-option', { args: '--nope' }), 'unknown-option');
    expect(ran.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2', cause: "error: unknown option '--nope'" });
  });

  it('exit 3: verdict error, the internal error named, where to report it', async () => {
    const ran = await runStep(plain('internal'), 'internal');
    expect(ran.outputs).toMatchObject({ verdict: 'error', 'exit-code': '3', report: '' });
    expect(ran.outputs.cause).toBe('internal error: boom (a bug in the suite, not in your server: please report it)');
    expect(ran.summary).toMatch(/^## 💥 teamchat-conformance: internal error\n/);
    expect(ran.summary).toContain('This is a bug of teamchat-conformance, not of your server. Please report it at https://github.com/');
  });

  it('interrupted (the job cancelled): the CLI gets the signal once, writes its report; verdict interrupted, what to do', async () => {
    const ran = await runStep(plain('interrupted'), 'interrupted');
    expect(ran.code).toBe(0);
    expect(ran.outputs).toMatchObject({ verdict: 'interrupted', 'exit-code': '1', report: join(work, 'interrupted', 'conformance.json') });
    expect(ran.outputs.cause).toMatch(
      /^INTERRUPTED: interrupted by SIGINT: the cases not yet started did not run; .* \(1 passed, 0 failed, 0 errored, 0 skipped of 1 cases\)$/,
    );
    expect(ran.stdout).toContain('::error title=teamchat-conformance interrupted::INTERRUPTED: ');
    expect(ran.summary).toMatch(
      /^## ⏹️ teamchat-conformance: interrupted\n[\s\S]*### What to do\n\nThe run was stopped[\s\S]*`timeout-minutes`[\s\S]*`shard`[\s\S]*---\n\n## /,
    );
  });

  it('killed before it wrote a report: verdict interrupted, exit code 128 + the signal', async () => {
    const ran = await runStep(plain('killed'), 'killed');
    expect(ran.outputs).toMatchObject({
      verdict: 'interrupted',
      'exit-code': '137',
      report: '',
      cause: 'the run was stopped by SIGKILL before it wrote its report',
    });
  });

  it('the install failed: verdict error, exit 2, the outputs still set, the summary says what to check', async () => {
    const ran = await runStep(plain('install', { 'package-version': '9.9.9' }), 'pass', { bin: '' });
    expect(ran.argv).toEqual([]); // nothing ran
    expect(ran.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2', report: '', 'report-dir': join(work, 'install') });
    expect(ran.outputs.cause).toBe("teamchat-conformance could not be installed (9.9.9; see the install step's log)");
    expect(ran.summary).toContain('Check the input `package-version`');
  });

  it('args in the old space-separated form: verdict error with how to write it, nothing run', async () => {
    const ran = await runStep(plain('args', { args: '--concurrency 4' }), 'pass');
    expect(ran.argv).toEqual([]);
    expect(ran.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2' });
    expect(ran.outputs.cause).toBe(
      'input args: "--concurrency 4": give one argument per line (--concurrency on one line, 4 on the next), or write --concurrency=4',
    );
  });

  it('an unwritable report directory: the CLI says so (exit 2), the step still sets every output', async () => {
    const blocker = join(work, 'a-file');
    writeFileSync(blocker, '');
    const ran = await runStep({ 'report-dir': join(blocker, 'reports') }, 'usage');
    expect(ran.code).toBe(0);
    expect(ran.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2', 'report-dir': join(blocker, 'reports'), report: '' });
  });

  it('uploads the report directory and the HAR when asked and a report was written, under the artifact name', () => {
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.uses).toBe('actions/upload-artifact@v4');
    expect(upload.if).toBe("always() && inputs.upload == 'true' && steps.run.outputs.report != ''");
    expect(upload.with!.name).toBe('${{ steps.run.outputs.artifact-name }}');
    expect(
      upload
        .with!.path.split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ).toEqual(['${{ steps.run.outputs.report-dir }}', '${{ inputs.har }}']);
  });

  it('uses every input it declares', () => {
    const text = JSON.stringify(action.runs.steps);
    for (const name of Object.keys(action.inputs)) expect(text, name).toMatch(new RegExp(`inputs\\.${name}(?![\\w-])`));
  });
});

describe('the release the README follows', () => {
  const { version } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string };

  it('the README uses the tag of the major version (`@v<major>`), which the action installs; CHANGELOG.md has the version', () => {
    const readme = readFileSync(projectPath('README.md'), 'utf8');
    const tags = [...readme.matchAll(/teamchat-conformance\/teamchat-conformance@(v[\w.]+)/g)].map((m) => m[1]);
    expect(tags.length).toBeGreaterThan(0);
    expect(new Set(tags)).toEqual(new Set([`v${version.split('.')[0]}`]));
    expect(readFileSync(projectPath('CHANGELOG.md'), 'utf8')).toMatch(new RegExp(`^## ${version.replace(/\./g, '\\.')}\\b`, 'm'));
  });
});
