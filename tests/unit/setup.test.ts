// `setup` against reference servers started in this process: the accounts it makes and reuses,
// the env file it writes, and each way it stops (the owner may not create users, password
// sign-in is off, the account given is not the owner, an address it cannot sign in as), each
// before anything half-made is written and with no key in what it prints.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/common/vocabulary.js';
import { startReferenceServer, type ReferenceServerOptions } from '../../src/reference/index.js';
import { setup } from '../../src/commands/setup/setup.js';
import { DEFAULT_EMAIL_TEMPLATE, emailFor, plannedAccounts, RUN_EXTRAS } from '../../src/commands/setup/accounts.js';
import { withValues } from '../../src/commands/setup/env-out.js';

const servers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** An owner-only reference server, and its owner's env file. */
async function ownerOnly(options: ReferenceServerOptions & { ownerCanCreateUsers?: boolean; passwordLogin?: boolean } = {}) {
  const server = await startReferenceServer({ ...options, seedAccounts: false });
  servers.push(server);
  const dir = mkdtempSync(join(tmpdir(), 'tcc-setup-'));
  const ownerFile = join(dir, 'owner.env');
  const { owner } = server.accounts;
  writeFileSync(ownerFile, `CONFORMANCE_TARGET_URL=${server.url}\nCONFORMANCE_OWNER_EMAIL=${owner.email}\nCONFORMANCE_OWNER_API_KEY=${owner.apiKey}\n`);
  return { server, dir, ownerFile, envOut: join(dir, 'run.env') };
}

/** `setup --env-file <file> --env-out <envOut>`, its lines and its error. */
async function runSetup(envFile: string, envOut: string, extra: Partial<Parameters<typeof setup>[1]> = {}) {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const config = loadConfig({ envFile, env: {}, roles: ['owner'] });
  try {
    return { status: await setup(config, { envOut, emailTemplate: DEFAULT_EMAIL_TEMPLATE, ...extra }, io), lines, error: null };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { status: 2, lines, error: error.message };
  }
}

/** Every secret a setup could print: the keys in the env file it wrote (or the owner's). */
const secretsIn = (file: string) => [...readFileSync(file, 'utf8').matchAll(/_API_KEY=(.+)/g)].map((m) => m[1]);

describe('setup', () => {
  it('makes a user per role and a bot on a server with only an owner, writes them (0600), and the preflight passes', async () => {
    const { server, ownerFile, envOut } = await ownerOnly();
    const ran = await runSetup(ownerFile, envOut);
    expect(ran.error).toBeNull();
    expect(ran.status).toBe(0);
    expect(statSync(envOut).mode & 0o777).toBe(0o600);
    const config = loadConfig({ envFile: envOut, env: {} });
    expect(Object.keys(config.accounts).sort()).toEqual(['admin', 'bot', 'guest', 'member', 'member2', 'moderator', 'owner']);
    expect(config.accounts.admin?.email).toBe(emailFor(DEFAULT_EMAIL_TEMPLATE, 'admin', server.accounts.owner.email));
    expect(config.accounts.admin?.email).toBe('owner+conformance-admin@reference.test');
    const output = ran.lines.join('\n');
    expect(output).toMatch(/^ {2}moderator +owner\+conformance-moderator@reference\.test +made, role set to moderator$/m);
    expect(output).toMatch(/^ {2}member +owner\+conformance-member@reference\.test +made$/m);
    expect(output).toMatch(/^ {2}bot +teamchat-conformance-bot@reference\.test +made$/m);
    expect(output).toMatch(/^preflight: .* the owner, admin, moderator, member, member2, guest, bot accounts authenticate with their roles$/m);
    for (const secret of secretsIn(envOut)) expect(output).not.toContain(secret);
  });

  it('reuses the accounts it made before, found by their addresses: with the keys of its env file, or signing in again', async () => {
    const { ownerFile, envOut, dir } = await ownerOnly();
    await runSetup(ownerFile, envOut);
    const first = readFileSync(envOut, 'utf8');
    const again = await runSetup(ownerFile, envOut);
    expect(again.status).toBe(0);
    expect(readFileSync(envOut, 'utf8')).toBe(first);
    expect(again.lines.filter((l) => l.startsWith('  ')).every((l) => l.endsWith('reused (made by an earlier setup)'))).toBe(true);
    // Another file: the keys come from signing in with the password setup gave each account.
    const other = join(dir, 'other.env');
    expect((await runSetup(ownerFile, other)).status).toBe(0);
    expect(secretsIn(other)).toEqual(secretsIn(envOut));
  });

  it('keeps the lines of an existing env file it does not set, and sets its own keys where they stand', async () => {
    const { ownerFile, envOut } = await ownerOnly();
    writeFileSync(envOut, '# my settings\nsource ./other.env\nexport CONFORMANCE_ADMIN_EMAIL=old@example.com\nCONFORMANCE_PROFILE=zulip\nDATABASE_URL=x\n');
    expect((await runSetup(ownerFile, envOut)).status).toBe(0);
    const text = readFileSync(envOut, 'utf8').split('\n');
    expect(text.slice(0, 5)).toEqual([
      '# my settings',
      'source ./other.env',
      'export CONFORMANCE_ADMIN_EMAIL=owner+conformance-admin@reference.test',
      'CONFORMANCE_PROFILE=zulip',
      'DATABASE_URL=x',
    ]);
    expect(text).toContain('# written by `teamchat-conformance setup`');
    expect(loadConfig({ envFile: envOut, env: {} }).profile).toBe('zulip');
  });

  it('stops before making anything where the owner may not create users, naming the permission and who grants it', async () => {
    const { server, ownerFile, envOut } = await ownerOnly({ ownerCanCreateUsers: false });
    const ran = await runSetup(ownerFile, envOut);
    expect(ran.status).toBe(2);
    expect(ran.error).toMatch(
      /^admin account: POST \/users refused to make owner\+conformance-admin@reference\.test \(HTTP 400: "User not authorized to create users" \(BAD_REQUEST\)\): the owner owner@reference\.test may not create users; a server administrator must grant it can_create_users, outside the API \(Zulip: `\.\/manage\.py change_user_role owner@reference\.test can_create_users -r <organisation's subdomain>`\); nothing was written to /,
    );
    expect(existsSync(envOut)).toBe(false);
    await expect(usersOf(server.url, server.accounts.owner)).resolves.toHaveLength(2); // the owner and Notification Bot
  });

  it('stops before making anything where password sign-in is off, saying what an administrator must enable', async () => {
    const { server, ownerFile, envOut } = await ownerOnly({ passwordLogin: false });
    const ran = await runSetup(ownerFile, envOut);
    expect(ran.error).toMatch(
      /^password sign-in is off on http:\/\/127\.0\.0\.1:\d+ \(GET \/server_settings: authentication_methods\.password false\): .*an administrator must enable email and password authentication/,
    );
    expect(existsSync(envOut)).toBe(false);
    await expect(usersOf(server.url, server.accounts.owner)).resolves.toHaveLength(2);
  });

  it('refuses an account that is not the owner', async () => {
    const server = await startReferenceServer();
    servers.push(server);
    const dir = mkdtempSync(join(tmpdir(), 'tcc-setup-'));
    const file = join(dir, 'admin.env');
    writeFileSync(
      file,
      `CONFORMANCE_TARGET_URL=${server.url}\nCONFORMANCE_OWNER_EMAIL=${server.accounts.admin.email}\nCONFORMANCE_OWNER_API_KEY=${server.accounts.admin.apiKey}\n`,
    );
    const ran = await runSetup(file, join(dir, 'run.env'));
    expect(ran.error).toBe(
      "owner account: admin@reference.test is an administrator (role 200), not an owner (100): setup makes administrators and moderators, which needs the organisation's owner",
    );
  });

  it('stops at an address it cannot sign in as, naming what it made before: nothing half-made is written, and the next setup reuses them', async () => {
    const { server, ownerFile, envOut } = await ownerOnly();
    // The guest's address, taken by a user made by hand (another password).
    const { owner } = server.accounts;
    const guest = emailFor(DEFAULT_EMAIL_TEMPLATE, 'guest', owner.email);
    await call(server.url, owner, 'POST', '/users', { email: guest, password: 'made-by-hand-0123456789', full_name: 'By hand' });
    const ran = await runSetup(ownerFile, envOut);
    expect(ran.error).toBe(
      `guest account: ${guest} exists, but setup cannot sign in as it with the password it gives the accounts it makes (made by hand, or by a setup with another owner API key): ` +
        `put its key in the env file by hand, or choose other addresses with --email-template; made before it stopped: admin, moderator, member, member2 (a setup run again reuses them); nothing was written to ${envOut}`,
    );
    expect(existsSync(envOut)).toBe(false);
    const elsewhere = await runSetup(ownerFile, envOut, { emailTemplate: 'ci-{name}@reference.test' });
    expect(elsewhere.status).toBe(0);
  });

  it('takes its accounts from a list: a later change may ask for extra plain members', async () => {
    const extra = { count: 2, env: (n: number) => ({ email: `EXTRA_MEMBER_${n}_EMAIL`, apiKey: `EXTRA_MEMBER_${n}_API_KEY` }) };
    expect(plannedAccounts({ member: extra }).map((a) => [a.name, 'user' in a.kind ? a.kind.user : 'bot'])).toEqual([
      ['admin', 200],
      ['moderator', 300],
      ['member', 400],
      ['member2', 400],
      ['guest', 600],
      ['bot', 'bot'],
      ['member-extra-1', 400],
      ['member-extra-2', 400],
    ]);
    const { ownerFile, envOut } = await ownerOnly();
    expect((await runSetup(ownerFile, envOut, { extras: { member: extra } })).status).toBe(0);
    expect(readFileSync(envOut, 'utf8')).toMatch(/^EXTRA_MEMBER_2_EMAIL=owner\+conformance-member-extra-2@reference\.test$/m);
  });

  it('makes the extra accounts a run spreads over (--extra-members, --extra-admins, --extra-owners), one line per pool, and reuses them', async () => {
    const { ownerFile, envOut } = await ownerOnly();
    const pools = { member: RUN_EXTRAS('member', 2), admin: RUN_EXTRAS('admin', 1), owner: RUN_EXTRAS('owner', 1) };
    const ran = await runSetup(ownerFile, envOut, { extras: pools });
    expect(ran.error).toBeNull();
    expect(ran.lines.join('\n')).toMatch(/^ {2}member-extra-2 +owner\+conformance-member-extra-2@reference\.test +made$/m);
    const written = readFileSync(envOut, 'utf8');
    expect(written).toMatch(
      /^CONFORMANCE_EXTRA_MEMBERS=owner\+conformance-member-extra-1@reference\.test:\S+,owner\+conformance-member-extra-2@reference\.test:\S+$/m,
    );
    expect(written).toMatch(/^CONFORMANCE_EXTRA_ADMINS=owner\+conformance-admin-extra-1@reference\.test:\S+$/m);
    expect(written).toMatch(/^CONFORMANCE_EXTRA_OWNERS=owner\+conformance-owner-extra-1@reference\.test:\S+$/m);
    expect(ran.lines.join('\n')).toMatch(/^ {2}owner-extra-1 +owner\+conformance-owner-extra-1@reference\.test +made, role set to owner$/m);
    expect(written).not.toMatch(/CONFORMANCE_EXTRA_\w+\[/);
    const config = loadConfig({ envFile: envOut, env: {} });
    expect(config.extras.member.map((m) => m.email)).toEqual([
      'owner+conformance-member-extra-1@reference.test',
      'owner+conformance-member-extra-2@reference.test',
    ]);
    const extras = [...config.extras.member, ...config.extras.admin, ...config.extras.owner];
    expect(extras).toHaveLength(4);
    for (const secret of extras.map((m) => m.apiKey)) expect(ran.lines.join('\n')).not.toContain(secret);
    const again = await runSetup(ownerFile, envOut, { extras: pools });
    expect(again.lines.filter((l) => /^ {2}\w+-extra/.test(l)).every((l) => l.endsWith('reused (made by an earlier setup)'))).toBe(true);
    expect(readFileSync(envOut, 'utf8')).toBe(written);
  });

  it('sizes the pools given as auto from the limit the target states: none where it states none', async () => {
    // 400 a minute (runner/spread.ts extrasFor): 3 more members (2000 / 400, less member and member2), 2 more administrators
    // (900 / 400 rounded up, less the admin), 1 more owner (800 / 400, less the owner).
    const limited = await ownerOnly({ rateLimit: { requests: 400, seconds: 60 } });
    const ran = await runSetup(limited.ownerFile, limited.envOut, { extrasFromLimit: ['member', 'admin', 'owner'] });
    expect(ran.error).toBeNull();
    expect(ran.lines).toContain('the target limits each account to 400 requests per 60 s: making 3 extra members, 2 extra administrators, 1 extra owner');
    expect(ran.lines.at(-1)).toMatch(/accounts authenticate with their roles, and the 6 extra accounts with theirs$/);
    const config = loadConfig({ envFile: limited.envOut, env: {} });
    expect([config.extras.member.length, config.extras.admin.length, config.extras.owner.length]).toEqual([3, 2, 1]);
    const open = await ownerOnly();
    const none = await runSetup(open.ownerFile, open.envOut, { extrasFromLimit: ['member'] });
    expect(none.lines).toContain('the target states no rate limit (no X-RateLimit-* headers): no extra members needed');
    expect(readFileSync(open.envOut, 'utf8')).not.toContain('CONFORMANCE_EXTRA_MEMBERS');
  });

  it('writes a new env file with a header, and appends only the keys an existing one lacks', () => {
    expect(withValues(null, [['A', '1']])).toMatch(/^# teamchat-conformance target and accounts .*\nA=1\n$/);
    expect(
      withValues('A=0\n#B=2\n', [
        ['A', '1'],
        ['B', '2'],
      ]),
    ).toBe('A=1\n#B=2\n\n# written by `teamchat-conformance setup`\nB=2\n');
  });
});

async function call(url: string, as: { email: string; apiKey: string }, method: string, path: string, params?: Record<string, string>) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${as.email}:${as.apiKey}`).toString('base64')}` },
    ...(params ? { body: new URLSearchParams(params) } : {}),
  });
  return (await response.json()) as Record<string, unknown>;
}

const usersOf = async (url: string, owner: { email: string; apiKey: string }) => ((await call(url, owner, 'GET', '/users')).members as unknown[]) ?? [];
