// The GitHub Action's run step (action.yml): runs `teamchat-conformance run` with the step's
// inputs, then, whatever happened, sets every output, writes the job summary (what happened and
// what to do) and an annotation with the one-line cause. It exits 0 itself, so that the upload step
// runs; the action's last step fails the job with the run's exit status.
//
// Inputs arrive as environment variables, never spliced into a script: the CLI's CONFORMANCE_*
// (action.yml sets them from the inputs) and the action's own TCC_*. tests/unit/action.test.ts runs
// this script for every exit status with GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_ENV as files.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const env = process.env;
const TOOL = 'teamchat-conformance';
const ISSUES = 'https://github.com/teamchat-conformance/teamchat-conformance/issues';
/** The first failures a cause names; the job summary lists them all. */
const CAUSE_LIMIT = 400;

/** `args`: one argument per line (blank lines skipped), so a value may hold spaces: `--operation` then `GET /streams`. */
export function parseArgs(text) {
  const args = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  // `--concurrency 4` on one line was the old, space-separated form: say how to write it now.
  const joined = args.find((arg) => /^--[a-z][\w-]*\s+\S/.test(arg));
  if (joined) {
    const [flag, ...value] = joined.split(/\s+/);
    return {
      args,
      error: `input args: "${joined}": give one argument per line (${flag} on one line, ${value.join(' ')} on the next), or write ${flag}=${value.join(' ')}`,
    };
  }
  return { args, error: null };
}

/**
 * The run's command line: the env file and the extra arguments (the rest reaches the CLI as
 * CONFORMANCE_*). Node is given `--` first: Node 20 reads a `--env-file` anywhere on its command
 * line as its own and exits 9 for a missing file, before the suite can name the input.
 */
export function commandLine(bin, envFile = env.TCC_ENV_FILE) {
  const { args, error } = parseArgs(env.TCC_ARGS);
  return { argv: ['--', bin, 'run', ...(envFile ? ['--env-file', envFile] : []), ...args], error };
}

/**
 * With the input setup: true, `setup` makes the accounts from the owner's and writes them to a file of the runner's, which the run then reads;
 * with extra-accounts, the extra members, administrators and owners too (a mistake in it is the error, and nothing runs).
 */
export function setupCommandLine(bin) {
  const envOut = join(env.RUNNER_TEMP || tmpdir(), 'teamchat-conformance-setup.env');
  const { args, error } = extraAccountsArgs(env.TCC_EXTRA_ACCOUNTS);
  return { argv: ['--', bin, 'setup', '--env-out', envOut, ...(env.TCC_ENV_FILE ? ['--env-file', env.TCC_ENV_FILE] : []), ...args], envOut, error };
}

/**
 * The input extra-accounts as setup's flags: `auto` (as many of each as the limit the target
 * states calls for), or three numbers of members, administrators and owners (`8,4,3`).
 */
export function extraAccountsArgs(text = '') {
  const value = text.trim();
  if (!value) return { args: [], error: null };
  const counts = value === 'auto' ? ['auto', 'auto', 'auto'] : /^\d+\s*,\s*\d+\s*,\s*\d+$/.test(value) ? value.split(',').map((n) => n.trim()) : null;
  if (!counts)
    return { args: [], error: `input extra-accounts: expected auto, or three numbers of members, administrators and owners (as 8,4,3), got "${value}"` };
  return { args: ['--extra-members', counts[0], '--extra-admins', counts[1], '--extra-owners', counts[2]], error: null };
}

/** The CLI's one-line cause on stderr: its own `teamchat-conformance: ...`, or commander's `error: unknown option ...`. */
const causeLine = (line) => (line.startsWith(`${TOOL}: `) ? line.slice(TOOL.length + 2).trim() : line.startsWith('error: ') ? line.trim() : null);

/** Calls `each` with every whole line of a stream, and the last one unended when it closes. */
function eachLine(stream, each) {
  let pending = '';
  stream.on('data', (chunk) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) each(line);
  });
  stream.on('end', () => {
    if (pending) each(pending);
  });
}

/**
 * Runs the CLI, its output passed through but for its annotations (`::error ...`), which it
 * returns: the step prints them after its own, whose cause comes first. Keeps its last line of
 * stderr that gives the one-line cause.
 */
function runCli(argv) {
  return new Promise((done) => {
    // Its own process group: a Ctrl-C or cancel reaches it once, from here, not twice (twice kills it before its cleanup).
    const child = spawn(process.execPath, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...env, GITHUB_ACTIONS: 'true', TEAMCHAT_CONFORMANCE_ACTION: 'true' },
    });
    let said = '';
    const annotations = [];
    eachLine(child.stdout, (line) => (/^::(error|warning|notice)\b/.test(line) ? annotations.push(line) : process.stdout.write(`${line}\n`)));
    eachLine(child.stderr, (line) => {
      process.stderr.write(`${line}\n`);
      said = causeLine(line) ?? said;
    });
    const forwarded = new Set();
    const forward = (signal) => {
      if (forwarded.has(signal)) return;
      forwarded.add(signal);
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => done({ code: null, signal: null, said: `could not start ${TOOL}: ${error.message}`, forwarded, annotations }));
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done({ code, signal, said, forwarded, annotations });
    });
  });
}

/** conformance.json, if this run wrote it (one left by an earlier run in the same directory does not count). */
function readReport(file, since) {
  try {
    if (!existsSync(file) || statSync(file).mtimeMs < since - 1000) return null;
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/**
 * The verdict output: from the report's own verdict when the run wrote one and ended as a run does
 * (exit 0 or 1): its `status` (pass, fail, interrupted, partial, ...), `incomplete` when what ran
 * passed but cases were skipped for missing configuration. Without a report: from the exit status.
 * Exit 2 or 3 is always `error`; a run killed by a signal, `interrupted`.
 */
export function verdictOf(code, signal, report) {
  if (signal) return 'interrupted';
  if (code !== 0 && code !== 1) return 'error';
  const verdict = report?.verdict;
  if (!verdict) return code === 0 ? 'pass' : 'fail';
  // A verdict that cannot say interrupted (pass or fail of what ran): the run's warning says so.
  if ((verdict.status === 'pass' || verdict.status === 'fail') && report.runWarnings?.some((w) => /^interrupted by /.test(w))) return 'interrupted';
  if (verdict.status === 'pass' && verdict.incomplete?.length) return 'incomplete';
  return String(verdict.status);
}

const counts = (s) => `${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped of ${s.total} cases`;
const shorten = (text) => (text.length > CAUSE_LIMIT ? `${text.slice(0, CAUSE_LIMIT - 3)}...` : text);

/** The one line that says what happened, for the annotation, the summary and the last step. */
export function causeOf({ verdict, code, signal, said, report, installFailed, argsError }) {
  if (installFailed) return `${TOOL} could not be installed (${env.TCC_PACKAGE_VERSION || 'the version of this action'}; see the install step's log)`;
  if (argsError) return argsError;
  if (signal && !report) return `the run was stopped by ${signal} before it wrote its report`;
  if (verdict === 'error') return said || `${TOOL} exited with status ${code}${code === 3 ? ' (an internal error)' : ''}; see the step's log`;
  const s = report?.summary;
  if (verdict === 'interrupted') {
    const why = report?.runWarnings?.find((w) => /^interrupted by /.test(w)) ?? report?.verdict?.reasons?.[0] ?? `stopped by ${signal ?? 'a signal'}`;
    return shorten(`INTERRUPTED: ${why}${s ? ` (${counts(s)})` : ''}`);
  }
  if (!s) return verdict === 'pass' ? 'PASS' : `FAIL (exit status ${code}; no report was written)`;
  const reasons = report.verdict?.reasons ?? [];
  if (verdict === 'incomplete') {
    const skips = report.verdict.incomplete.map((x) => `${x.count} skipped: ${x.cause}`).join('; ');
    return shorten(`INCOMPLETE: ${counts(s)}; ${skips}`);
  }
  return shorten(`${verdict.toUpperCase()}: ${counts(s)}${reasons.length ? `; ${reasons.join('; ')}` : ''}`);
}

/** What to do next, by what happened. */
function whatToDo({ verdict, code, installFailed, argsError, setupFailed, artifact, upload }) {
  const reports = upload ? `the artifact \`${artifact}\` (open \`conformance.html\` in a browser)` : 'the report directory';
  if (installFailed)
    return [
      'Check the input `package-version` (a published version of teamchat-conformance, or the path of a tarball made with `npm pack`), or leave it empty for the version of this action.',
      "npm's own messages are in the log of the step that installs it.",
    ];
  if (argsError?.startsWith('input extra-accounts'))
    return [
      'With `setup: true`, set `extra-accounts: auto` for a target that limits each account (as many as its limit calls for), or give three numbers of members, administrators and owners, for example:',
      '',
      '```yaml',
      'setup: true',
      'extra-accounts: 8,4,3',
      '```',
    ];
  if (argsError) return ['Write the input `args` one argument per line, for example:', '', '```yaml', 'args: |', '  --concurrency', '  4', '```'];
  if (setupFailed && verdict === 'error')
    return [
      "`setup` could not make the accounts the run needs from the owner's account (the line above says why, and what an administrator must grant); no case ran.",
      'Fix that, or leave `setup` out and give every account as the inputs `<role>-email` and `<role>-api-key`.',
    ];
  if (verdict === 'error' && code === 3)
    return [`This is a bug of teamchat-conformance, not of your server. Please report it at ${ISSUES} with this step's log (it ends with the details).`];
  if (verdict === 'error')
    return [
      'No case ran. Fix what the line above names: an input of this step (`target-url`, the `<role>-email`/`<role>-api-key` pairs, `profile`, `report-dir`, ...), the env file, or the target itself (is it up, do the accounts exist?), then run the job again.',
      'A target that is not on the runner needs the input `i-understand-this-writes: true`: the run creates and changes data there.',
    ];
  if (verdict === 'interrupted')
    return [
      'The run was stopped (the job cancelled, or a time limit) before every case ran; what it created on the target was removed as far as it got. Run the job again.',
      `If a time limit stopped it, raise the job's \`timeout-minutes\`, or split the run over jobs with the input \`shard\`. The partial reports are in ${reports}.`,
    ];
  if (verdict === 'incomplete')
    return [
      'Every case that ran passed, but cases were skipped because an account is not configured (listed above). Add the missing `<role>-email` and `<role>-api-key` inputs to test everything,',
      'or set the input `fail-on-skip: true` to fail such runs.',
    ];
  if (verdict === 'pass') return [`The reports are in ${reports}.`];
  if (code === 0) return [`Every case that ran passed, but not every case ran (the report says why). The reports are in ${reports}.`];
  return [
    `Each failure above names the rule of the API document it breaks, with the request, the answer and a \`curl\` line to replay it; every case is in ${reports}.`,
    'Failures you know of and accept: list them in a file for the input `expectations`, or compare against an earlier run with the input `baseline` (only new failures then fail the job).',
  ];
}

const escapeData = (text) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * GitHub refuses a step's summary over 1 MiB: the upload fails and the job shows an error instead.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#step-isolation-and-limits
 */
export const SUMMARY_LIMIT = 1024 * 1024;
const bytes = (text) => Buffer.byteLength(text, 'utf8');

/**
 * The first lines of `markdown` that fit in `budget` bytes with the closers they need: a fenced
 * block or a <details> cut open would swallow what follows it (the note, what to do).
 */
export function cutMarkdown(markdown, budget) {
  const closers = (fence, details) => [...(fence ? [fence] : []), ...Array(details).fill('\n</details>')].join('\n');
  const kept = [];
  let used = 0;
  let fence = null; // the fence of the block the kept lines leave open
  let details = 0; // the <details> they leave open
  for (const line of markdown.split('\n')) {
    let [f, d] = [fence, details];
    if (f) f = line.trim() === f ? null : f;
    else if (/^(`{3,}|~{3,})/.test(line)) f = /^(`{3,}|~{3,})/.exec(line)[1];
    else if (/^<details\b/.test(line)) d += 1;
    else if (/^<\/details>/.test(line) && d > 0) d -= 1;
    const size = bytes(line) + 1;
    if (used + size + bytes(closers(f, d)) + 1 > budget) break;
    kept.push(line);
    used += size;
    [fence, details] = [f, d];
  }
  return [...kept, closers(fence, details)].join('\n').trimEnd();
}

/** The job summary: what happened, what to do, and the report, the report cut at a line to fit `limit` bytes. */
export function summaryOf(facts, markdown, limit = SUMMARY_LIMIT) {
  const { verdict, cause } = facts;
  const todo = ['### What to do', '', ...whatToDo(facts), ''];
  // A report of the run: its own verdict, failures and tables first, then what to do.
  const first = markdown && verdict !== 'error' && verdict !== 'interrupted';
  const head =
    {
      error: facts.code === 3 ? `## 💥 ${TOOL}: internal error` : `## ❌ ${TOOL} could not run`,
      interrupted: `## ⏹️ ${TOOL}: interrupted`,
    }[verdict] ?? `## ❌ ${TOOL}: ${verdict}`;
  const compose = (report) =>
    (first ? [report, '', ...todo] : [head, '', '```', cause, '```', '', ...todo, ...(report ? ['---', '', report, ''] : [])]).join('\n');
  const whole = compose(markdown.trimEnd());
  // The newline run.mjs ends it with counts too.
  if (bytes(whole) + 1 <= limit) return whole;
  const where = facts.upload ? `in the artifact \`${facts.artifact}\`` : `in \`${facts.reportDir}\``;
  const note = `**This summary was cut here** to fit GitHub's limit of 1 MiB for a step's summary: the whole report is \`conformance.md\` (and \`conformance.html\`) ${where}.`;
  const cut = (report) => `${report}\n\n${note}`;
  const budget = limit - bytes(compose(cut(''))) - 1;
  return compose(cut(cutMarkdown(markdown.trimEnd(), budget)));
}

function artifactName() {
  if (env.TCC_ARTIFACT_NAME) return env.TCC_ARTIFACT_NAME;
  const shard = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(env.CONFORMANCE_SHARD ?? '');
  return shard ? `conformance-reports-shard-${shard[1]}-of-${shard[2]}` : 'conformance-reports';
}

async function main() {
  const reportDir = resolve(env.CONFORMANCE_REPORT_DIR || 'reports');
  const artifact = artifactName();
  const upload = env.TCC_UPLOAD !== 'false';
  const installFailed = !env.TCC_BIN;
  const started = Date.now();
  let code = 2;
  let signal = null;
  let said = '';
  let argsError = null;
  let setupFailed = false;
  let annotations = [];
  if (!installFailed) {
    let envFile = env.TCC_ENV_FILE;
    if (env.TCC_SETUP === 'true') {
      const setup = setupCommandLine(env.TCC_BIN);
      argsError = setup.error;
      if (!argsError) ({ code, signal, said, annotations } = await runCli(setup.argv));
      setupFailed = code !== 0 || signal !== null;
      envFile = setup.envOut;
    } else if (env.TCC_EXTRA_ACCOUNTS?.trim()) {
      argsError = 'input extra-accounts: setup makes the extra accounts: set the input setup: true too (or list them in the env file)';
    }
    const line = commandLine(env.TCC_BIN, envFile);
    argsError ??= line.error;
    if (!argsError && !setupFailed) ({ code, signal, said, annotations } = await runCli(line.argv));
  }
  const ran = !installFailed && !argsError && !setupFailed;
  const file = resolve(reportDir, 'conformance.json');
  const report = ran ? readReport(file, started) : null;
  const verdict = ran ? verdictOf(code, signal, report) : signal ? 'interrupted' : 'error';
  const exitCode = signal ? 128 + (SIGNALS[signal] ?? 0) : (code ?? 2);
  const facts = { verdict, code: exitCode, signal, said, report, installFailed, argsError, setupFailed, artifact, upload, reportDir };
  const cause = causeOf(facts);
  const mdFile = resolve(reportDir, 'conformance.md');
  const markdown = report && existsSync(mdFile) ? readFileSync(mdFile, 'utf8') : '';

  const outputs = { verdict, 'exit-code': String(exitCode), 'report-dir': reportDir, report: report ? file : '', 'artifact-name': artifact, cause };
  appendFileSync(
    env.GITHUB_OUTPUT,
    Object.entries(outputs)
      .map(([k, v]) => `${k}=${v.replace(/[\r\n]+/g, ' ')}\n`)
      .join(''),
  );
  // Whatever this step's summary already holds counts against the limit.
  const written = existsSync(env.GITHUB_STEP_SUMMARY) ? statSync(env.GITHUB_STEP_SUMMARY).size : 0;
  appendFileSync(env.GITHUB_STEP_SUMMARY, `${summaryOf({ ...facts, cause }, markdown, SUMMARY_LIMIT - written)}\n`);
  // A run that passed is a notice; one that passed but did not test everything, a warning. The
  // cause first, then the run's own annotations: GitHub keeps the first 10 of each kind of a step,
  // and the run leaves one place for it (src/report/writers/github-annotations.ts).
  const level = exitCode !== 0 ? 'error' : verdict === 'pass' ? 'notice' : 'warning';
  process.stdout.write(`::${level} title=${TOOL} ${verdict}::${escapeData(cause)}\n`);
  for (const line of annotations) process.stdout.write(`${line}\n`);
}

// Run as the step; importing the file runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
