// action.yml: every input reaches what it is for. The run step's script is run as GitHub runs it
// (bash -eo pipefail, its env evaluated from the inputs) with a stand-in `node` that records the
// command line and environment the CLI would get; the CLI's own loadConfig then reads them.
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/config.js';
import { ROLES } from '../../src/common/vocabulary.js';
import { projectPath } from '../../src/common/paths.js';

interface Step {
  id?: string;
  uses?: string;
  if?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
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
  baseline: 'main/conformance.json',
  expectations: 'known-gaps.yaml',
  shard: '2/3',
  'report-dir': join(work, 'out'),
  har: join(work, 'out', 'run.har'),
  'i-understand-this-writes': 'true',
  args: '--concurrency 4 --thorough',
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

interface Captured {
  argv: string[];
  env: Record<string, string>;
  outputs: Record<string, string>;
  summary: string;
  code: number;
}

/** Runs the run step with the stand-in node, which exits with `exit`. */
async function runStep(inputs: Record<string, string>, exit: number): Promise<Captured> {
  const dir = mkdtempSync(join(work, 'step-'));
  const capture = join(dir, 'capture.mjs');
  writeFileSync(
    capture,
    `import { mkdirSync, writeFileSync } from 'node:fs';
const dir = process.env.CONFORMANCE_REPORT_DIR;
mkdirSync(dir, { recursive: true });
writeFileSync(dir + '/conformance.md', '## stand-in report\\n');
writeFileSync(dir + '/conformance.json', '{}');
writeFileSync(${JSON.stringify(join(dir, 'captured.json'))}, JSON.stringify({ argv: process.argv.slice(2), env: process.env }));
process.exit(${exit});
`,
  );
  writeFileSync(join(dir, 'node'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(capture)} "$@"\n`);
  chmodSync(join(dir, 'node'), 0o755);
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const run = step('run');
  const env = Object.fromEntries(
    Object.entries(run.env!).map(([k, v]) => [k, evaluate(v, inputs, { 'steps.install.outputs.bin': '/action/bin/teamchat-conformance.mjs' })]),
  );
  writeFileSync(join(dir, 'step.sh'), run.run!);
  const code = await promisify(execFile)('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(dir, 'step.sh')], {
    cwd: work,
    env: { PATH: `${dir}:${process.env.PATH}`, HOME: process.env.HOME, GITHUB_ACTIONS: 'true', ...files, ...env },
  }).then(
    () => 0,
    (error: { code: number }) => error.code,
  );
  const outputs = Object.fromEntries(
    readFileSync(files.GITHUB_OUTPUT, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  const captured = JSON.parse(readFileSync(join(dir, 'captured.json'), 'utf8')) as Pick<Captured, 'argv' | 'env'>;
  return { ...captured, outputs, summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'), code };
}

describe('action.yml', () => {
  let failing: Captured;
  beforeAll(async () => {
    // The env file names another target: the inputs take precedence over it.
    writeFileSync(INPUTS['env-file'], 'CONFORMANCE_TARGET_URL=http://127.0.0.1:1\n');
    failing = await runStep(INPUTS, 1);
  });

  it('is a composite action that sets up Node, installs the package and runs it', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps[0]).toMatchObject({ uses: 'actions/setup-node@v4', with: { 'node-version': '${{ inputs.node-version }}' } });
    expect(step('install').env).toMatchObject({ TCC_PACKAGE_VERSION: '${{ inputs.package-version }}' });
    for (const s of action.runs.steps.filter((x) => x.run)) expect(s.run).not.toMatch(/\$\{\{/); // inputs arrive as environment variables only
  });

  it('passes the env file and the extra arguments on the command line', () => {
    expect(failing.argv).toEqual(['/action/bin/teamchat-conformance.mjs', 'run', '--env-file', INPUTS['env-file'], '--concurrency', '4', '--thorough']);
    expect(failing.env.GITHUB_ACTIONS).toBe('true');
  });

  it('every other run input reaches the configuration the CLI reads from its environment', () => {
    const config = loadConfig({ env: failing.env, envFile: INPUTS['env-file'], cwd: work });
    expect(config).toMatchObject({
      targetUrl: INPUTS['target-url'],
      profile: 'zulip',
      featureLevel: 380,
      baseline: INPUTS.baseline,
      expectations: INPUTS.expectations,
      shard: { index: 2, count: 3 },
      reportDir: INPUTS['report-dir'],
      har: INPUTS.har,
      allowWrites: true,
    });
    for (const role of ROLES) expect(config.accounts[role]).toEqual({ email: INPUTS[`${role}-email`], apiKey: INPUTS[`${role}-api-key`] });
  });

  it('sets the outputs, writes the Markdown report to the job summary, and leaves failing to the last step', () => {
    expect(failing.code).toBe(0);
    expect(failing.outputs).toEqual({
      'exit-code': '1',
      verdict: 'fail',
      'report-dir': INPUTS['report-dir'],
      report: join(INPUTS['report-dir'], 'conformance.json'),
      'artifact-name': 'conformance-reports-shard-2-of-3',
    });
    expect(failing.summary).toBe('## stand-in report\n');
    for (const [name, output] of Object.entries(action.outputs)) expect(output.value).toBe(`\${{ steps.run.outputs.${name} }}`);
    expect(action.runs.steps.at(-1)).toMatchObject({ if: "steps.run.outputs.exit-code != '0'" });
  });

  it('a passing run with the defaults: the embedded server, verdict pass, the named artifact', async () => {
    const defaults = await runStep({ 'report-dir': join(work, 'defaults'), 'artifact-name': 'mine' }, 0);
    expect(defaults.argv).toEqual(['/action/bin/teamchat-conformance.mjs', 'run']);
    const config = loadConfig({ env: defaults.env, cwd: work });
    expect(config).toMatchObject({
      targetUrl: null,
      profile: 'spec',
      featureLevel: null,
      baseline: null,
      expectations: null,
      shard: null,
      allowWrites: false,
      accounts: {},
    });
    expect(defaults.outputs).toMatchObject({ 'exit-code': '0', verdict: 'pass', 'artifact-name': 'mine' });
    const usage = await runStep({ 'report-dir': join(work, 'usage') }, 2);
    expect(usage.outputs).toMatchObject({ verdict: 'error', 'artifact-name': 'conformance-reports' });
  });

  it('uploads the report directory and the HAR when asked, under the artifact name', () => {
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.uses).toBe('actions/upload-artifact@v4');
    expect(upload.if).toContain("inputs.upload == 'true'");
    expect(upload.if).toContain('always()');
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
