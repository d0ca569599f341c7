// Credentials never reach an output: console, reports, HAR, ledger, in a passing and in a
// failing run alike (failures carry the request and answer, where a leak would show first).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { envFileText } from '../../src/commands/shared/env-format.js';
import { runCli } from '../support/cli.js';
import { readReportFile } from '../support/report-format.js';

describe.concurrent('no credential in any output', () => {
  it.each([
    ['a passing run', []],
    ['a failing run', ['status-no-length-limit', 'streams-missing-field', 'auth-200-on-bad-key', 'settings-accepts-bad-enum']],
  ])('%s', async (_, quirks) => {
    const server = await startReferenceServer({ quirks });
    const dir = mkdtempSync(join(tmpdir(), 'tcc-secrets-'));
    try {
      writeFileSync(join(dir, 'target.env'), envFileText(server.url, server.accounts));
      const ran = await runCli([
        'run',
        '--env-file',
        join(dir, 'target.env'),
        '--profile',
        'zulip',
        '--report-dir',
        join(dir, 'reports'),
        '--har',
        join(dir, 'run.har'),
      ]);
      const output = ran.stdout + ran.stderr;
      const files = [...readdirSync(join(dir, 'reports')).map((f) => join(dir, 'reports', f)), join(dir, 'run.har')];
      const texts = [output, ...files.map((f) => readFileSync(f, 'utf8'))];
      expect(files.length).toBeGreaterThanOrEqual(6); // json, html, md, junit, ledger, har
      readReportFile(join(dir, 'reports'));
      if (quirks.length) expect(output).toMatch(/[1-9]\d* failed/);
      for (const account of Object.values(server.accounts)) {
        const secrets = [account.apiKey, Buffer.from(`${account.email}:${account.apiKey}`).toString('base64'), encodeURIComponent(account.apiKey)];
        for (const [i, text] of texts.entries()) {
          for (const secret of secrets) expect(text.includes(secret), `${account.role}'s key in ${i ? files[i - 1] : 'the console output'}`).toBe(false);
        }
      }
      // The bots the run makes: their keys, learnt from the answers, are redacted wherever they appear.
      for (const [i, text] of texts.entries()) {
        expect(text, `an api_key in ${i ? files[i - 1] : 'the console output'}`).not.toMatch(/api_key\\*"\s*:\s*\\*"(?!\[redacted)/);
      }
      const har = readFileSync(join(dir, 'run.har'), 'utf8');
      expect(har).toMatch(/\[redacted: (owner|admin|member)\]/);
      expect(har).toContain('"api_key\\":\\"[redacted: made account]\\"');
      expect(har).toMatch(/"value": ?"Basic \[redacted: made account\]"/);
    } finally {
      await server.close();
    }
  });
});
