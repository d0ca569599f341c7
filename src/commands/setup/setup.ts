// `setup`: from an owner's account to the accounts a run needs. Through the target's API it makes
// a user per role (admin, moderator, member, member2, guest) and a generic bot, or reuses those an
// earlier setup made (found by their addresses), fetches their API keys, writes the env file
// (env-out.ts), then runs the preflight on it. Everything that could stop it is checked before
// the first account is made (the owner's key and role, password sign-in); a stop names the cause
// and what an administrator must grant, and writes nothing. Keys are never printed.
import { isLoopback } from '../shared/write-consent.js';
import { loadConfig, parseExtraAccounts, type Config } from '../../config/config.js';
import { extraMembersValue } from '../shared/env-format.js';
import { ConfigError, EXTRA_ENV, POOL_NOUN, POOLS, ROLE_CODES, ROLE_NAMES, type Account, type Pool } from '../../common/vocabulary.js';
import { extrasFor } from '../../runner/spread.js';
import type { RateLimit } from '../../http/rate-limit-headers.js';
import { viaAction } from '../../common/audience.js';
import { Redactor } from '../../http/redact.js';
import { preflight, preflightTimeoutMs } from '../run/preflight.js';
import type { Output } from '../shared/output.js';
import {
  BOT_SHORT_NAME,
  emailFor,
  fullNameFor,
  passwordFor,
  plannedAccounts,
  RUN_EXTRAS,
  templateProblem,
  type ExtraAccountsPlan,
  type PlannedAccount,
} from './accounts.js';
import { refusalText, SetupTarget, type Answer, type TargetUser } from './target.js';
import { valuesIn, writeEnvValues } from './env-out.js';

export interface SetupOptions {
  /** The env file to write (absolute). */
  envOut: string;
  /** The made accounts' addresses: accounts.ts emailFor. */
  emailTemplate: string;
  /** More accounts of a pool than the roles need (accounts.ts plannedAccounts; the run's: RUN_EXTRAS). */
  extras?: Partial<Record<Pool, ExtraAccountsPlan>>;
  /**
   * Pools whose number setup chooses from the limit per account the target states (`--extra-members
   * auto`...): enough that no account of the pool sends more than one window's worth in a run
   * (runner/spread.ts extrasFor); none where the target states no limit.
   */
  extrasFromLimit?: Pool[];
}

const roleWord = (code: number) => ROLE_NAMES[code] ?? `role ${code}`;

/** An account setup ends with: where it came from, for the summary. */
interface Settled {
  account: PlannedAccount;
  email: string;
  apiKey: string;
  how: string;
}

export async function setup(config: Config, options: SetupOptions, io: Output): Promise<number> {
  const url = config.targetUrl;
  if (url === null) throw new ConfigError('setup: no target: set --target-url, CONFORMANCE_TARGET_URL, or give an --env-file that holds it');
  const owner = config.accounts.owner;
  if (!owner) {
    throw new ConfigError(
      'setup: no owner account: set --owner-email and --owner-api-key (or CONFORMANCE_OWNER_EMAIL and CONFORMANCE_OWNER_API_KEY, or an --env-file that holds them)',
    );
  }
  const problem = templateProblem(options.emailTemplate);
  if (problem) throw new ConfigError(`--email-template "${options.emailTemplate}" ${problem}`);
  if (!config.allowWrites && !isLoopback(url)) {
    throw new ConfigError(
      `${url} is not on this machine and setup makes accounts there (${5 + POOLS.reduce((n, pool) => n + (options.extras?.[pool]?.count ?? 0), 0)} users and a bot${options.extrasFromLimit?.length ? ', and the extra accounts its rate limit calls for' : ''}): ${viaAction() ? "set the action's input i-understand-this-writes: true" : 'pass --i-understand-this-writes'} to go ahead`,
    );
  }
  const redactor = new Redactor();
  redactor.addAccount('owner', owner.email, owner.apiKey);
  const say = (line: string) => io.out(redactor.text(line));
  const target = new SetupTarget(url, owner, preflightTimeoutMs(config));
  let settled: Settled[];
  try {
    await checkTarget(target, owner);
    say(`setup: ${url}, as the owner ${owner.email}`);
    const sized = sizeFromLimit(options, target.rateLimit, say);
    settled = await settleAccounts(target, owner, sized, redactor);
  } finally {
    await target.close();
  }
  // The run's extra accounts go in one line per pool; every other account has keys of its own.
  const gathered = POOLS.map((pool) => [pool, settled.filter((s) => poolGathered(s.account) === pool)] as const).filter(([, some]) => some.length);
  const values: [string, string][] = [
    ['CONFORMANCE_TARGET_URL', url],
    ...(config.ownerCanChangeUserEmails ? [['CONFORMANCE_OWNER_CAN_CHANGE_USER_EMAILS', 'true'] as [string, string]] : []),
    ['CONFORMANCE_OWNER_EMAIL', owner.email],
    ['CONFORMANCE_OWNER_API_KEY', owner.apiKey],
    ...settled
      .filter((s) => !poolGathered(s.account))
      .flatMap(({ account, email, apiKey }): [string, string][] => [
        [account.env.email, email],
        [account.env.apiKey, apiKey],
      ]),
    ...gathered.map(([pool, some]): [string, string] => [EXTRA_ENV[pool], extraMembersValue(some.map(({ email, apiKey }) => ({ email, apiKey })))]),
  ];
  writeEnvValues(options.envOut, values);
  const width = Math.max(...settled.map((s) => s.account.name.length));
  const emailWidth = Math.max(...settled.map((s) => s.email.length));
  for (const s of settled) say(`  ${s.account.name.padEnd(width)}  ${s.email.padEnd(emailWidth)}  ${s.how}`);
  say(`wrote ${options.envOut} (mode 0600: it holds the API keys, which are never printed)`);

  // The file as a run reads it: the environment's CONFORMANCE_* settings still take precedence.
  const written = loadConfig({ envFile: options.envOut });
  const checked = await preflight(written, url);
  const roles = Object.keys(checked.accounts);
  const extras = checked.extras.length ? `, and the ${checked.extras.length} extra accounts with theirs` : '';
  say(`preflight: ${url} answers (feature level ${checked.featureLevel}); the ${roles.join(', ')} accounts authenticate with their roles${extras}`);
  return 0;
}

/** The options with each pool of `extrasFromLimit` sized from the limit the target stated, said in one line. */
function sizeFromLimit(options: SetupOptions, limit: RateLimit | null, say: (line: string) => void): SetupOptions {
  const pools = options.extrasFromLimit ?? [];
  if (!pools.length) return options;
  const counts = pools.map((pool) => [pool, extrasFor(limit, pool)] as const);
  say(
    limit
      ? `the target limits each account to ${limit.requests} requests per ${limit.seconds} s: making ${counts.map(([pool, n]) => `${n} ${POOL_NOUN[pool]}${n === 1 ? '' : 's'}`).join(', ')}`
      : `the target states no rate limit (no X-RateLimit-* headers): no ${pools.map((pool) => `${POOL_NOUN[pool]}s`).join(', ')} needed`,
  );
  return { ...options, extras: { ...options.extras, ...Object.fromEntries(counts.map(([pool, n]) => [pool, RUN_EXTRAS(pool, n)])) } };
}

/** Stops before anything is made when the owner cannot make accounts whose keys setup can fetch. */
async function checkTarget(target: SetupTarget, owner: Account): Promise<void> {
  const settings = await target.serverSettings();
  const methods = settings.authentication_methods as Record<string, unknown> | undefined;
  if (methods?.password === false || settings.email_auth_enabled === false) {
    throw new ConfigError(
      `password sign-in is off on ${target.url} (GET /server_settings: ${methods?.password === false ? 'authentication_methods.password' : 'email_auth_enabled'} false): ` +
        'setup fetches the key of each account it makes by signing in with the password it gave it (POST /fetch_api_key); ' +
        'an administrator must enable email and password authentication (Zulip: Organization settings > Authentication methods > Email), ' +
        'or make the accounts by hand (.env.example)',
    );
  }
  const me = await target.me(owner);
  if ('refused' in me)
    throw new ConfigError(
      `owner account: ${owner.email} was refused (GET /users/me: ${refusalText(me.refused)}); check CONFORMANCE_OWNER_EMAIL and its API key`,
    );
  if (me.ok.role !== 100) {
    throw new ConfigError(
      `owner account: ${owner.email} is ${/^[aeiou]/.test(roleWord(me.ok.role)) ? 'an' : 'a'} ${roleWord(me.ok.role)} (role ${me.ok.role}), not an owner (100): setup makes administrators and moderators, which needs the organisation's owner`,
    );
  }
}

/** Each planned account, reused or made, with its key and role; stops naming the cause and what was made before it. */
async function settleAccounts(target: SetupTarget, owner: Account, options: SetupOptions, redactor: Redactor): Promise<Settled[]> {
  const listed = need(await target.users(), 'GET /users');
  const made: string[] = [];
  const stop = (cause: string) =>
    new ConfigError(
      `${cause}${made.length ? `; made before it stopped: ${made.join(', ')} (a setup run again reuses them)` : ''}; nothing was written to ${options.envOut}`,
    );
  const byEmail = new Map(listed.map((u) => [u.email, u]));
  const steps: UserSteps = { target, owner, byEmail, earlier: withExtras(valuesIn(options.envOut)), made, stop };
  const settled: Settled[] = [];
  for (const account of plannedAccounts(options.extras)) {
    if ('bot' in account.kind) {
      settled.push(await settleBot(steps, account));
      continue;
    }
    const email = emailFor(options.emailTemplate, account.name, owner.email);
    const password = passwordFor(owner.apiKey, email);
    redactor.add(password, '[redacted: password]');
    const { key, how } = await keyOf(steps, account, email, password);
    redactor.add(key.apiKey, `[redacted: ${account.name}]`);
    let roleSet = '';
    if (key.role !== account.kind.user) {
      const changed = await target.setRole(key.userId, account.kind.user);
      if ('refused' in changed) {
        throw steps.stop(
          `${account.name} account: could not make ${email} ${roleWord(account.kind.user)} (PATCH /users/${key.userId}: ${refusalText(changed.refused)})`,
        );
      }
      roleSet = `, role set to ${roleWord(account.kind.user)}`;
    }
    settled.push({ account, email, apiKey: key.apiKey, how: `${how}${roleSet}` });
  }
  return settled;
}

/** What settling each account shares: the target, what it lists, the env file's earlier keys, what was made so far and how to stop. */
interface UserSteps {
  target: SetupTarget;
  owner: Account;
  byEmail: Map<string, TargetUser>;
  earlier: Map<string, string>;
  made: string[];
  stop: (cause: string) => Error;
}

const REUSED = 'reused (made by an earlier setup)';

/** A user account's key, user id and role: one setup made before, or a new member. */
async function keyOf(steps: UserSteps, account: PlannedAccount, email: string, password: string) {
  const { target, byEmail, earlier, stop } = steps;
  const found = byEmail.get(email);
  if (found && !found.isActive) {
    throw stop(
      `${account.name} account: ${email} (user ${found.userId}) is deactivated; reactivate it (Zulip: Organization settings > Users > Deactivated) or choose other addresses with --email-template`,
    );
  }
  if (found) {
    const key = await existingKey(target, earlier.get(account.env.email) === email ? earlier.get(account.env.apiKey) : undefined, email, password, found);
    if (!key) throw stop(cannotSignIn(account, email));
    return { key, how: REUSED };
  }
  const created = await target.createUser(email, password, fullNameFor(account.name));
  if ('refused' in created) {
    // Hidden from GET /users (an address only its owner may see), but made before all the same.
    if (!/already in use/i.test(created.refused.msg)) throw stop(createRefused(account, email, steps.owner, created.refused));
    const signedIn = await target.fetchKey(email, password);
    if ('refused' in signedIn) throw stop(cannotSignIn(account, email));
    return { key: { ...signedIn.ok, role: await roleOf(target, { email, apiKey: signedIn.ok.apiKey }) }, how: REUSED };
  }
  steps.made.push(account.name);
  const signedIn = await target.fetchKey(email, password);
  if ('refused' in signedIn)
    throw stop(`${account.name} account: made ${email}, but could not sign in as it (POST /fetch_api_key: ${refusalText(signedIn.refused)})`);
  // A user made through the API is a member (fact zulip.setup.create-user).
  return { key: { ...signedIn.ok, role: ROLE_CODES.member }, how: 'made' };
}

/** The key of an account setup made before: the one its env file holds, if the target still takes it, else by signing in. */
async function existingKey(target: SetupTarget, fromFile: string | undefined, email: string, password: string, found: TargetUser) {
  if (fromFile) {
    const me = await target.me({ email, apiKey: fromFile });
    if ('ok' in me && me.ok.userId === found.userId) return { apiKey: fromFile, userId: found.userId, role: me.ok.role };
  }
  const signedIn = await target.fetchKey(email, password);
  return 'ok' in signedIn ? { ...signedIn.ok, role: found.role } : null;
}

/** The role an account has, as it reads itself (GET /users/me); a member when it cannot tell. */
async function roleOf(target: SetupTarget, account: Account): Promise<number> {
  const me = await target.me(account);
  return 'ok' in me ? me.ok.role : 400;
}

/** The bot: the owner's one from an earlier setup, else a new generic bot. */
async function settleBot(steps: UserSteps, account: PlannedAccount): Promise<Settled> {
  const { target, stop } = steps;
  const own = need(await target.bots(), 'GET /bots').find((b) => b.email.startsWith(`${BOT_SHORT_NAME}-bot@`));
  if (own) return { account, email: own.email, apiKey: own.apiKey, how: REUSED };
  const created = await target.createBot(fullNameFor('bot'), BOT_SHORT_NAME);
  if ('refused' in created) {
    const taken = /already in use/i.test(created.refused.msg)
      ? `: a bot ${BOT_SHORT_NAME}-bot exists that is not the owner's active bot (another owner's, or deactivated); reactivate it, or deactivate it and run setup again`
      : '';
    throw stop(`bot account: POST /bots refused (${refusalText(created.refused)})${taken}`);
  }
  steps.made.push(account.name);
  return { account, email: created.ok.email, apiKey: created.ok.apiKey, how: 'made' };
}

/** The pool of a run's extra account, whose keys setup gathers into one line per pool (accounts.ts RUN_EXTRAS); undefined for any other. */
const poolGathered = (account: PlannedAccount): Pool | undefined => POOLS.find((pool) => account.env.email.startsWith(`${EXTRA_ENV[pool]}[`));

/** An env file's values, with the extra accounts of each pool's line also under each one's own keys, to be reused. */
function withExtras(values: Map<string, string>): Map<string, string> {
  for (const pool of POOLS) {
    const line = values.get(EXTRA_ENV[pool]);
    if (!line) continue;
    let members: Account[];
    try {
      members = parseExtraAccounts(line, EXTRA_ENV[pool]);
    } catch {
      continue; // a line the run would refuse: the accounts are signed in again instead
    }
    const { env } = RUN_EXTRAS(pool, members.length);
    members.forEach((m, i) => {
      values.set(env(i + 1).email, m.email);
      values.set(env(i + 1).apiKey, m.apiKey);
    });
  }
  return values;
}

function need<T>(answer: Answer<T>, what: string): T {
  if ('refused' in answer) throw new ConfigError(`setup: ${what} refused (${refusalText(answer.refused)})`);
  return answer.ok;
}

const cannotSignIn = (account: PlannedAccount, email: string) =>
  `${account.name} account: ${email} exists, but setup cannot sign in as it with the password it gives the accounts it makes ` +
  '(made by hand, or by a setup with another owner API key): put its key in the env file by hand, or choose other addresses with --email-template';

function createRefused(account: PlannedAccount, email: string, owner: Account, refused: { status: number; msg: string; code: string | null }): string {
  const head = `${account.name} account: POST /users refused to make ${email} (${refusalText(refused)})`;
  if (/not authorized to create users/i.test(refused.msg)) {
    return (
      `${head}: the owner ${owner.email} may not create users; a server administrator must grant it can_create_users, outside the API ` +
      `(Zulip: \`./manage.py change_user_role ${owner.email} can_create_users -r <organisation's subdomain>\`)`
    );
  }
  if (/containing \+/i.test(refused.msg))
    return `${head}: the organisation refuses addresses with +; give --email-template, e.g. "conformance-{name}@<your domain>"`;
  if (/not allowed in this organization|does not belong/i.test(refused.msg)) return `${head}: give --email-template with a domain the organisation allows`;
  return head;
}
