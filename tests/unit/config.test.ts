import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagsTakenByNpm, invocationDir, loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/common/vocabulary.js';
import { projectPath } from '../../src/common/paths.js';

const dir = () => mkdtempSync(join(tmpdir(), 'cfg-'));

describe('loadConfig precedence: flag > environment > env file > default', () => {
  it('uses defaults when nothing is set', () => {
    const cwd = dir();
    const config = loadConfig({ flags: {}, env: {}, cwd });
    expect(config).toMatchObject({ targetUrl: null, featureLevel: null, profile: 'spec', timeoutMs: 30000, reportDir: join(cwd, 'reports'), accounts: {} });
  });

  it('reads .env from the working directory, below the environment, below flags', () => {
    const cwd = dir();
    writeFileSync(join(cwd, '.env'), 'CONFORMANCE_TIMEOUT_MS=1000\nCONFORMANCE_FEATURE_LEVEL=300\nCONFORMANCE_PROFILE=zulip\n');
    const config = loadConfig({ flags: { 'timeout-ms': '3000' }, env: { CONFORMANCE_TIMEOUT_MS: '2000', CONFORMANCE_FEATURE_LEVEL: '350' }, cwd });
    expect(config.timeoutMs).toBe(3000);
    expect(config.featureLevel).toBe(350);
    expect(config.profile).toBe('zulip');
  });

  it('reads an explicit env file instead of .env, and accounts from it', () => {
    const cwd = dir();
    writeFileSync(join(cwd, '.env'), 'CONFORMANCE_TARGET_URL=http://ignored.test\n');
    const file = join(cwd, 'target.env');
    writeFileSync(file, 'CONFORMANCE_TARGET_URL=http://127.0.0.1:9991/\nCONFORMANCE_MEMBER_EMAIL=m@x.test\nCONFORMANCE_MEMBER_API_KEY=abcd1234\n');
    const config = loadConfig({ env: {}, envFile: file, cwd });
    expect(config.targetUrl).toBe('http://127.0.0.1:9991');
    expect(config.accounts).toEqual({ member: { email: 'm@x.test', apiKey: 'abcd1234' } });
  });

  it('names the key of a bad value', () => {
    expect(() => loadConfig({ env: { CONFORMANCE_TIMEOUT_MS: 'soon' }, cwd: dir() })).toThrow(
      /CONFORMANCE_TIMEOUT_MS: expected a positive integer, got "soon"/,
    );
    expect(() => loadConfig({ flags: { 'target-url': 'ftp://x' }, env: {}, cwd: dir() })).toThrow(/--target-url: expected an http\(s\) URL/);
    expect(() => loadConfig({ flags: { profile: 'strict' }, env: {}, cwd: dir() })).toThrow(ConfigError);
  });

  it('takes a replay path only as printed: with a seed and a property to grep for', () => {
    const replay = { 'replay-path': '4:2:0', seed: '42', grep: 'prop.op13.status-text-limit' };
    expect(loadConfig({ flags: replay, env: {}, cwd: dir() }).replayPath).toBe('4:2:0');
    expect(() => loadConfig({ flags: { ...replay, seed: undefined }, env: {}, cwd: dir() })).toThrow(/--replay-path: needs --seed and --grep/);
    expect(() => loadConfig({ flags: { ...replay, 'replay-path': '4,2' }, env: {}, cwd: dir() })).toThrow(
      /--replay-path: expected a fast-check path like "4:2:0", got "4,2"/,
    );
  });

  it('refuses half an account and a missing env file', () => {
    expect(() => loadConfig({ env: { CONFORMANCE_GUEST_EMAIL: 'g@x.test' }, cwd: dir() })).toThrow(/guest account: CONFORMANCE_GUEST_API_KEY is not set/);
    expect(() => loadConfig({ env: {}, envFile: '/nonexistent/x.env' })).toThrow(/env file \/nonexistent\/x.env: not found/);
  });

  it('splits list keys', () => {
    const config = loadConfig({
      flags: { operation: 'GET /streams,POST /users/me/status', 'reference-quirk': 'envelope-no-msg, error-without-code' },
      env: {},
      cwd: dir(),
    });
    expect(config.operations).toEqual(['GET /streams', 'POST /users/me/status']);
    expect(config.referenceQuirks).toEqual(['envelope-no-msg', 'error-without-code']);
  });
});

describe('a configuration mistake stops instead of falling back to the embedded server', () => {
  const envFile = (text: string) => {
    const file = join(dir(), 'target.env');
    writeFileSync(file, text);
    return file;
  };

  it('names file, line and the closest key of an unknown CONFORMANCE_* key', () => {
    const file = envFile('# target\nCONFORMANCE_TARGET_ULR=http://127.0.0.1:9991\n');
    expect(() => loadConfig({ env: {}, envFile: file })).toThrow(
      `env file ${file}, line 2: unknown key CONFORMANCE_TARGET_ULR (did you mean CONFORMANCE_TARGET_URL?)`,
    );
  });

  it('names a line without "=", showing only its first word (the rest may be a key)', () => {
    const file = envFile('CONFORMANCE_TARGET_URL=http://127.0.0.1:9991\n\nCONFORMANCE_MEMBER_API_KEY secret-key\n');
    expect(() => loadConfig({ env: {}, envFile: file })).toThrow(`env file ${file}, line 3: expected KEY=value, got "CONFORMANCE_MEMBER_API_KEY" without "="`);
    expect(() => loadConfig({ env: {}, envFile: file })).not.toThrow(/secret-key/);
  });

  it('reads comments, export, quoted multi-line values and keys of other tools', () => {
    const file = envFile('export CONFORMANCE_TARGET_URL="http://127.0.0.1:9991"  # local\nOTHER_TOOL="a\nb c"\nCONFORMANCE_PROFILE=zulip\n');
    expect(loadConfig({ env: {}, envFile: file })).toMatchObject({ targetUrl: 'http://127.0.0.1:9991', profile: 'zulip' });
  });

  it('stops at a key a typo away from the prefix (CONFORMACE_..., conformance_...), in the file and the environment', () => {
    // Before: a near-miss was another tool's key, and the run went on without it (INCOMPLETE, exit 0).
    const file = envFile('CONFORMANCE_TARGET_URL=http://127.0.0.1:9991\nCONFORMACE_MEMBER_EMAIL=m@x.test\n');
    expect(() => loadConfig({ env: {}, envFile: file })).toThrow(
      `env file ${file}, line 2: unknown key CONFORMACE_MEMBER_EMAIL (did you mean CONFORMANCE_MEMBER_EMAIL?)`,
    );
    expect(() => loadConfig({ env: {}, envFile: envFile('CONFORMANSE_SOMETHING_ELSE=1\n') })).toThrow(
      /line 1: unknown key CONFORMANSE_SOMETHING_ELSE \(the suite's keys start with CONFORMANCE_\)$/,
    );
    expect(() => loadConfig({ env: { conformance_profile: 'zulip' }, cwd: dir() })).toThrow(
      'environment variable conformance_profile: unknown (did you mean CONFORMANCE_PROFILE?)',
    );
    expect(() => loadConfig({ env: { CONFORMANCE_MEMBER_EMAL: 'x', COMFORMANCE_GREP: 'x' }, cwd: dir() })).toThrow(
      /^environment variable COMFORMANCE_GREP: unknown \(did you mean CONFORMANCE_GREP\?\)$/,
    );
  });

  it("leaves alone the lines of other tools that are not KEY=value (a server project's own .env)", () => {
    // Before: `source ./other.env` stopped the run though it holds no key of the suite's.
    const file = envFile('source ./other.env\nset -a\nCONFORMANCE_TARGET_URL=http://127.0.0.1:9991\nDATABASE_URL=postgres://x\n');
    expect(loadConfig({ env: {}, envFile: file }).targetUrl).toBe('http://127.0.0.1:9991');
    const broken = envFile('export CONFORMANCE_PROFILE zulip\n');
    expect(() => loadConfig({ env: {}, envFile: broken })).toThrow(`env file ${broken}, line 1: expected KEY=value, got "CONFORMANCE_PROFILE" without "="`);
  });

  it('runs .env.example as filled in: each API key given, the optional bot left as it is', () => {
    // Before: the bot's email was set and its key empty, so the filled-in file stopped the run ("set both or neither").
    const example = readFileSync(projectPath('.env.example'), 'utf8');
    const filled = envFile(example.replace(/^(CONFORMANCE_\w+_API_KEY)=$/gm, '$1=a-key-0123456789'));
    const config = loadConfig({ env: {}, envFile: filled });
    expect(Object.keys(config.accounts)).toEqual(['owner', 'admin', 'moderator', 'member', 'member2', 'guest']);
    expect(config.targetUrl).toBe('http://127.0.0.1:9991');
  });

  it('names an unknown CONFORMANCE_* variable of the environment and the closest key', () => {
    expect(() => loadConfig({ env: { CONFORMANCE_MEMBR_EMAIL: 'm@x.test' }, cwd: dir() })).toThrow(
      'environment variable CONFORMANCE_MEMBR_EMAIL: unknown (did you mean CONFORMANCE_MEMBER_EMAIL?)',
    );
  });

  it('refuses accounts without a target URL', () => {
    const file = envFile('CONFORMANCE_MEMBER_EMAIL=m@x.test\nCONFORMANCE_MEMBER_API_KEY=abcd\n');
    expect(() => loadConfig({ env: {}, envFile: file })).toThrow(`accounts are configured (member, in env file ${file}) but no target URL`);
    expect(() => loadConfig({ env: { CONFORMANCE_ADMIN_EMAIL: 'a@x.test', CONFORMANCE_ADMIN_API_KEY: 'k' }, cwd: dir() })).toThrow(
      /^accounts are configured \(admin\) but no target URL/,
    );
  });

  it('refuses a base URL ending in /api/v1, naming the one to use', () => {
    expect(() => loadConfig({ flags: { 'target-url': 'http://127.0.0.1:9991/api/v1/' }, env: {}, cwd: dir() })).toThrow(
      '--target-url: "http://127.0.0.1:9991/api/v1/" ends in /api/v1, which the suite adds to every path; use "http://127.0.0.1:9991"',
    );
  });
});

describe('write consent for targets off this machine', async () => {
  const { isLoopback, requireWriteConsent } = await import('../../src/commands/shared/write-consent.js');
  it.each([
    ['http://127.0.0.1:9991', true],
    ['http://127.9.0.3', true],
    ['http://localhost:80', true],
    ['http://[::1]:9991', true],
    ['https://chat.example.com', false],
    ['http://10.0.0.5:9991', false],
    ['http://[2001:db8::1]', false],
  ])('%s is loopback: %s', (url, loopback) => {
    expect(isLoopback(url)).toBe(loopback);
  });
  it('refuses a remote target without --i-understand-this-writes, and names the flag', () => {
    const remote = loadConfig({ flags: { 'target-url': 'https://chat.example.com' }, env: {}, cwd: dir() });
    expect(() => requireWriteConsent(remote)).toThrow(/chat\.example\.com is not on this machine .* --i-understand-this-writes/);
    const consent = loadConfig({ flags: { 'target-url': 'https://chat.example.com', 'i-understand-this-writes': 'true' }, env: {}, cwd: dir() });
    expect(() => requireWriteConsent(consent)).not.toThrow();
    const byEnv = loadConfig({ flags: { 'target-url': 'https://chat.example.com' }, env: { CONFORMANCE_I_UNDERSTAND_THIS_WRITES: '1' }, cwd: dir() });
    expect(() => requireWriteConsent(byEnv)).not.toThrow();
  });
});

describe('where relative paths point', () => {
  it('npm runs a script in the package directory and says in INIT_CWD where the command was typed: paths are from there', () => {
    expect(invocationDir({ npm_lifecycle_event: 'conformance', INIT_CWD: '/home/u/project' })).toBe('/home/u/project');
    // Not started by npm (an INIT_CWD left over from an outer npm says nothing about this command).
    expect(invocationDir({ INIT_CWD: '/home/u/project' })).toBe(process.cwd());
    expect(invocationDir({})).toBe(process.cwd());
  });

  it('--report-dir, --har, --baseline and --expectations are resolved against it; absolute ones are kept', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cfg-'));
    const config = loadConfig({ flags: { 'report-dir': 'out', har: 'x/run.har', baseline: '/abs/b.json', expectations: 'e.yaml' }, env: {}, cwd });
    expect(config).toMatchObject({ reportDir: join(cwd, 'out'), har: join(cwd, 'x/run.har'), baseline: '/abs/b.json', expectations: join(cwd, 'e.yaml') });
  });

  it('the env file is read from there, and one not found is named by the absolute path tried', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cfg-'));
    writeFileSync(join(cwd, 'my.env'), 'CONFORMANCE_PROFILE=zulip\n');
    expect(loadConfig({ env: {}, envFile: 'my.env', cwd }).profile).toBe('zulip');
    expect(() => loadConfig({ env: {}, envFile: 'missing.env', cwd })).toThrow(new ConfigError(`env file ${join(cwd, 'missing.env')}: not found`));
    expect(loadConfig({ env: { npm_lifecycle_event: 'conformance', INIT_CWD: cwd }, envFile: 'my.env' }).profile).toBe('zulip');
  });
});

describe('options npm took for its own', () => {
  it('a suite option written before `--` reaches npm, which sets npm_config_<option>: those are named', () => {
    const env = { npm_config_fail_on_skip: 'true', npm_config_grep: 'op20', npm_config_cache: '/c' };
    expect(flagsTakenByNpm(['fail-on-skip', 'grep', 'report-dir'], env)).toEqual(['fail-on-skip', 'grep']);
    expect(flagsTakenByNpm(['fail-on-skip'], {})).toEqual([]);
  });
});

describe('in the GitHub Action, messages name its inputs, not flags or variables', async () => {
  const { requireWriteConsent } = await import('../../src/commands/shared/write-consent.js');
  const { ACTION_ENV, flagSettingName } = await import('../../src/common/audience.js');
  const action = { [ACTION_ENV]: 'true' };
  const fails = (env: Record<string, string>) => {
    try {
      loadConfig({ env, cwd: dir() });
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };

  it('a bad value, half an account, accounts without a target', () => {
    expect(fails({ ...action, CONFORMANCE_PROFILE: 'strict' })).toBe('input profile: expected one of spec, zulip, got "strict"');
    expect(fails({ CONFORMANCE_PROFILE: 'strict' })).toBe('CONFORMANCE_PROFILE: expected one of spec, zulip, got "strict"');
    // No input of the action sets it: the variable came from the job's environment.
    expect(fails({ ...action, CONFORMANCE_TIMEOUT_MS: 'soon' })).toBe('CONFORMANCE_TIMEOUT_MS: expected a positive integer, got "soon"');
    expect(fails({ ...action, CONFORMANCE_TARGET_URL: 'http://127.0.0.1:1', CONFORMANCE_MEMBER_EMAIL: 'm@x.test' })).toBe(
      'member account: input member-api-key is not set (set both or neither)',
    );
    expect(fails({ ...action, CONFORMANCE_MEMBER_EMAIL: 'm@x.test', CONFORMANCE_MEMBER_API_KEY: 'k' })).toMatch(/but no target URL: set the input target-url;/);
  });

  it('write consent asks for the input i-understand-this-writes: true; the report directory is the input report-dir', () => {
    const remote = loadConfig({ env: { ...action, CONFORMANCE_TARGET_URL: 'https://chat.example.com' }, cwd: dir() });
    expect(() => requireWriteConsent(remote, action)).toThrow(/: set the action's input i-understand-this-writes: true to go ahead$/);
    expect(() => requireWriteConsent(remote, {})).toThrow(/: pass --i-understand-this-writes \(or CONFORMANCE_I_UNDERSTAND_THIS_WRITES=1\) to go ahead$/);
    expect([flagSettingName('report-dir', 'CONFORMANCE_REPORT_DIR', action), flagSettingName('report-dir', 'CONFORMANCE_REPORT_DIR', {})]).toEqual([
      'input report-dir',
      '--report-dir',
    ]);
  });

  it('operations and clauses come one per line (the inputs) or comma-separated', () => {
    const config = loadConfig({ env: { CONFORMANCE_OPERATIONS: 'GET /streams\nPOST /typing\r\n', CONFORMANCE_CLAUSES: 'op1,op2' }, cwd: dir() });
    expect([config.operations, config.clauses]).toEqual([
      ['GET /streams', 'POST /typing'],
      ['op1', 'op2'],
    ]);
  });
});

describe('extra accounts (CONFORMANCE_EXTRA_MEMBERS, _ADMINS, _OWNERS)', () => {
  const TARGET = 'CONFORMANCE_TARGET_URL=http://127.0.0.1:9991\n';

  it('reads email:api_key entries, comma-separated or one per line of a quoted value in the env file', () => {
    const cwd = dir();
    writeFileSync(join(cwd, '.env'), `${TARGET}CONFORMANCE_EXTRA_MEMBERS="p1@x.test:key1\np2@x.test:key2, p3@x.test:key3\n"\n`);
    expect(loadConfig({ env: { CONFORMANCE_EXTRA_OWNERS: 'o1@x.test:key4' }, cwd }).extras).toEqual({
      member: [
        { email: 'p1@x.test', apiKey: 'key1' },
        { email: 'p2@x.test', apiKey: 'key2' },
        { email: 'p3@x.test', apiKey: 'key3' },
      ],
      admin: [],
      owner: [{ email: 'o1@x.test', apiKey: 'key4' }],
    });
    expect(loadConfig({ env: {}, cwd: dir() }).extras).toEqual({ member: [], admin: [], owner: [] });
  });

  it('names a broken entry by its number, never showing its key; refuses a user listed twice, and extras without a target', () => {
    const env = (value: string) => ({ CONFORMANCE_TARGET_URL: 'http://127.0.0.1:9', CONFORMANCE_EXTRA_MEMBERS: value });
    expect(() => loadConfig({ env: env('p1@x.test:k1,p2@x.test secret'), cwd: dir() })).toThrow(
      /^CONFORMANCE_EXTRA_MEMBERS, entry 2: expected email:api_key \(no ":" in it\)$/,
    );
    expect(() => loadConfig({ env: env('p1@x.test:'), cwd: dir() })).toThrow(/entry 1: expected email:api_key \(no API key after ":"\)$/);
    expect(() => loadConfig({ env: env('p1@x.test:k1\np1@x.test:k2'), cwd: dir() })).toThrow(
      /^CONFORMANCE_EXTRA_MEMBERS, entry 2: p1@x.test is entry 1 too; each extra member is its own user$/,
    );
    expect(() =>
      loadConfig({ env: { CONFORMANCE_TARGET_URL: 'http://127.0.0.1:9', CONFORMANCE_EXTRA_ADMINS: 'a1@x.test:k1,a1@x.test:k2' }, cwd: dir() }),
    ).toThrow(/^CONFORMANCE_EXTRA_ADMINS, entry 2: a1@x.test is entry 1 too; each extra administrator is its own user$/);
    expect(() => loadConfig({ env: { CONFORMANCE_EXTRA_MEMBERS: 'p1@x.test:k1' }, cwd: dir() })).toThrow(
      /accounts are configured \(extra members\) but no target URL/,
    );
  });
});
