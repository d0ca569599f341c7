// Usage mistakes: each ends with exit 2 and one line on stderr naming the mistake, never vitest's
// internals or a stack trace (issue 13).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type Ran } from '../support/cli.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-use-'));
const cli = (args: string[]) => runCli(args, { cwd: tmp() });

/** The one line on stderr, and exit 2. */
function stopsWith(ran: Ran, line: string) {
  expect(ran.stderr).toBe(`teamchat-conformance: ${line}\n`);
  expect(ran.code).toBe(2);
}

describe.concurrent('a filter that matches no case stops before vitest starts', () => {
  it('--operation: suggests the closest operation', async () => {
    stopsWith(await cli(['run', '--operation', 'GET /stream']), 'no case matched --operation "GET /stream": no operation is "GET /stream" (did you mean GET /streams?)');
  });

  it('--grep: says nothing contains the text', async () => {
    stopsWith(await cli(['run', '--grep', 'nomatch']), 'no case matched --grep "nomatch": no case id or title contains "nomatch"');
  });

  it('--clause: suggests the closest clause id', async () => {
    stopsWith(await cli(['run', '--clause', 'op20.ordr']), 'no case matched --clause "op20.ordr": no clause id is or starts with "op20.ordr" (did you mean op20.order?)');
    stopsWith(await cli(['run', '--clause', 'nomatch']), 'no case matched --clause "nomatch": no clause id is or starts with "nomatch"');
  });

  it('a case of the other profile: names the profile', async () => {
    stopsWith(await cli(['run', '--grep', 'op20.zulip.sorted-by-name']), 'no case matched --grep "op20.zulip.sorted-by-name": the matching cases belong to the zulip profile (add --profile zulip)');
  });
});
