// Usage mistakes: each ends with exit 2 and one line on stderr naming the mistake, never vitest's
// internals or a stack trace.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, NODE_ARGS, runCli, type Ran } from '../support/cli.js';
import { TOOL } from '../../src/common/tool.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-use-'));
const cli = (args: string[]) => runCli(args, { cwd: tmp() });

/** The one line on stderr, and exit 2. */
function stopsWith(ran: Ran, line: string) {
  expect(ran.stderr).toBe(`teamchat-conformance: ${line}\n`);
  expect(ran.code).toBe(2);
}

describe.concurrent('a filter that matches no case stops before vitest starts', () => {
  it('--operation: suggests the closest operation', async () => {
    stopsWith(
      await cli(['run', '--operation', 'GET /stream']),
      'no case matched --operation "GET /stream": no operation is "GET /stream" (did you mean GET /streams?)',
    );
  });

  it('--grep: says nothing contains the text', async () => {
    stopsWith(await cli(['run', '--grep', 'nomatch']), 'no case matched --grep "nomatch": no case id or title contains "nomatch"');
  });

  it('--clause: suggests the closest clause id, and says prefixes match whole dot-separated parts', async () => {
    // Three commands at once: each loads the suite first.
    const [typo, none, partial] = await Promise.all([
      cli(['run', '--clause', 'op20.ordr']),
      cli(['run', '--clause', 'nomatch']),
      cli(['run', '--clause', 'op20.include']),
    ]);
    stopsWith(
      typo,
      'no case matched --clause "op20.ordr": no clause id is "op20.ordr" or starts with "op20.ordr." (a prefix matches whole dot-separated parts) (did you mean op20.order?)',
    );
    stopsWith(none, 'no case matched --clause "nomatch": no clause id is "nomatch" or starts with "nomatch." (a prefix matches whole dot-separated parts)');
    // Before: 'no clause id is or starts with "op20.include"', while op20.include-all does start with it.
    stopsWith(
      partial,
      'no case matched --clause "op20.include": no clause id is "op20.include" or starts with "op20.include." (a prefix matches whole dot-separated parts); ' +
        'the 19 clauses whose id begins with the text: op20.include-public.default, op20.include-public, op20.include-public.guests, ... (give the whole id)',
    );
  });

  it('a case of the other profile: names the profile', async () => {
    stopsWith(
      await cli(['run', '--grep', 'op20.zulip.sorted-by-name']),
      'no case matched --grep "op20.zulip.sorted-by-name": the matching cases belong to the zulip profile (add --profile zulip)',
    );
  });
});

describe.concurrent('one line and exit 2, never a stack trace', () => {
  it('a --report-dir that is a file, or under one, before anything is sent', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'taken'), '');
    const [file, under] = await Promise.all([
      runCli(['run', '--report-dir', 'taken'], { cwd: dir }),
      runCli(['run', '--report-dir', 'taken/reports'], { cwd: dir }),
    ]);
    stopsWith(file, `--report-dir ${join(dir, 'taken')}: cannot write reports there (is a file, not a directory)`);
    stopsWith(under, `--report-dir ${join(dir, 'taken/reports')}: cannot write reports there (a part of the path is a file, not a directory)`);
    expect(file.stdout).toBe('');
  });

  it('an unknown quirk for run and serve, with the closest name; serve --list-quirks lists the names, run --help does not', async () => {
    const [run, serve, list, runHelp, serveHelp] = await Promise.all([
      cli(['run', '--reference-quirk', 'status-no-length-limt']),
      cli(['serve', '--port', '0', '--quirk', 'nosuch']),
      cli(['serve', '--list-quirks']),
      cli(['run', '--help']),
      cli(['serve', '--help']),
    ]);
    const names = list.stdout.trim().split('\n');
    expect(list.code).toBe(0);
    expect(names.find((line) => line.startsWith('status-no-length-limit '))).toMatch(/^status-no-length-limit +\S.{10,}/);
    stopsWith(
      run,
      `--reference-quirk: unknown quirk "status-no-length-limt" (did you mean status-no-length-limit?); \`serve --list-quirks\` lists the ${names.length} known names`,
    );
    stopsWith(serve, `--quirk: unknown quirk "nosuch"; \`serve --list-quirks\` lists the ${names.length} known names`);
    expect(runHelp.code).toBe(0);
    expect(runHelp.stdout).not.toMatch(/\bstatus-no-length-limit\b/);
    expect(serveHelp.stdout).toMatch(/--list-quirks/);
    // run --help shows each option's default, as serve --help does (commander's "(default: ...)").
    const help = runHelp.stdout.replace(/\s+/g, ' ');
    for (const shown of [
      '[CONFORMANCE_TIMEOUT_MS] (default: 30000)',
      '[CONFORMANCE_CONCURRENCY] (default: 12)',
      '[CONFORMANCE_PROFILE] (default: "spec")',
      '[CONFORMANCE_REPORT_DIR] (default: "reports")',
      '[CONFORMANCE_TARGET_URL] (default: the embedded reference server)',
      '[CONFORMANCE_FAIL_ON_SKIP] (default: off)',
    ])
      expect(help).toContain(shown);
    // Every option but --help, each from its line to the next option's.
    const options = runHelp.stdout.split(/\n {2}(?=--)/).slice(1);
    expect(options.length).toBeGreaterThan(20);
    expect(options.filter((o) => !o.replace(/\s+/g, ' ').includes('(default: '))).toEqual([]);
    expect(serveHelp.stdout).toContain('(default: "9991")');
  });

  it('an unknown command: names it, suggests the closest, lists the commands', async () => {
    const [unknown, typo] = await Promise.all([cli(['frobnicate']), cli(['serv'])]);
    const commands = 'the commands are run, serve, setup, cleanup, validate-response, compare, merge (run is the default; --help for each)';
    stopsWith(unknown, `unknown command 'frobnicate'; ${commands}`);
    stopsWith(typo, `unknown command 'serv' (did you mean serve?); ${commands}`);
  });

  it('--list | head: the closed pipe ends the output quietly, exit 0', async () => {
    const ran = await new Promise<Ran>((resolve) => {
      const child = spawn(process.execPath, [...NODE_ARGS, 'run', '--list'], { cwd: tmp(), env: cleanEnv() });
      let stderr = '';
      // The plan is over 64 KiB, more than a pipe holds: the child is still writing when the reader goes.
      child.stdout.once('data', () => child.stdout.destroy());
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => resolve({ code, stdout: '', stderr, ms: 0 }));
    });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
  });

  it('--version prints the version', async () => {
    const ran = await cli(['--version']);
    expect(ran.stdout).toBe(`${TOOL.version}\n`);
    expect(ran.code).toBe(0);
  });
});

describe('an internal error', () => {
  it('exits 3, not 1 or 2, with a line asking to report it', async () => {
    // A report with no target section is a convenient way to reach code that does not expect it.
    const dir = tmp();
    writeFileSync(join(dir, 'odd.json'), JSON.stringify({ formatVersion: 1, cases: [] }));
    const ran = await runCli(['merge', 'odd.json', '--out', 'merged'], { cwd: dir });
    expect(ran.code).toBe(3);
    const [line] = ran.stderr.split('\n');
    expect(line).toMatch(
      /^teamchat-conformance: internal error: .+ \(a bug in the suite, not in your server: please report it with the command line and the details below\)$/,
    );
  });
});
