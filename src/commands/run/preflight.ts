// Before any case: is the target there, does every configured account authenticate with the
// role it is configured as, and which feature level do we judge? A problem stops the run with
// one line naming the cause (exit status 2).
import { ApiClient, type Exchange } from '../../http/client.js';
import { RequestMeter, type RequestCost } from '../../http/request-cost.js';
import type { Config } from '../../config/config.js';
import { givenSettingName, viaAction } from '../../common/audience.js';
import {
  accountEnv,
  EXTRA_ENV,
  extraLabel,
  levelToJudge,
  POOL_NOUN,
  POOL_ROLE_CODE,
  POOLS,
  ROLE_CODES,
  ROLE_NAMES,
  type Account,
  type ExtraAccount,
  type Pool,
  type Role,
} from '../../common/vocabulary.js';
import { rateLimitOf, type RateLimit } from '../../http/rate-limit-headers.js';

const PREFLIGHT_TIMEOUT_MS = 10_000;

/** The preflight's limit per request: the run's, at most 10 s. */
export const preflightTimeoutMs = (config: Pick<Config, 'timeoutMs'>) => Math.min(config.timeoutMs, PREFLIGHT_TIMEOUT_MS);

export class PreflightError extends Error {}

export interface PreflightResult {
  featureLevel: number;
  claimedFeatureLevel: number | null;
  /** zulip_version from GET /server_settings ("reference" for the embedded reference server). */
  serverVersion: string | null;
  accounts: Partial<Record<Role, Account & { userId: number }>>;
  /** The extra accounts (CONFORMANCE_EXTRA_MEMBERS, _ADMINS, _OWNERS), each with its pool and label (extra1, extra-admin1...). */
  extras: ExtraAccount[];
  /** The limit the target's X-RateLimit-* headers state per account, null when it states none. */
  rateLimit: RateLimit | null;
  register: Record<string, unknown>;
  /**
   * The accounts are the reference server's seeded ones (it says which, among its shortcuts), so
   * the run may use its seeded data: not so for accounts `setup` made there.
   */
  seededAccounts: boolean;
  /** What the preflight's requests cost (the run's report adds them to the cases'). */
  cost: RequestCost;
}

function body(exchange: Exchange): Record<string, unknown> | null {
  const json = exchange.response?.json;
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
}

/**
 * `onStep` hears what the preflight sends next, so a slow target's wait can be explained;
 * `onReachable` is called once the target has answered its first request (the run then loads what it needs).
 */
export async function preflight(
  config: Config,
  targetUrl: string,
  onStep: (what: string) => void = () => {},
  onReachable?: () => void,
): Promise<PreflightResult> {
  const meter = new RequestMeter();
  const client = new ApiClient(targetUrl, { timeoutMs: preflightTimeoutMs(config), connections: 8, meter });
  try {
    onStep('GET /server_settings');
    const settings = await client.send({ method: 'GET', path: '/server_settings', auth: null, purpose: 'preflight' });
    if (settings.error) throw new PreflightError(unreachable(targetUrl, settings.error, preflightTimeoutMs(config)));
    onReachable?.();
    const level = body(settings)?.zulip_feature_level;
    const claimed = Number.isInteger(level) ? (level as number) : null;

    const roles = Object.keys(config.accounts) as Role[];
    if (!roles.length) {
      throw new PreflightError(
        viaAction()
          ? 'no accounts configured: set the inputs <role>-email and <role>-api-key (or the input env-file)'
          : 'no accounts configured: set CONFORMANCE_<ROLE>_EMAIL and CONFORMANCE_<ROLE>_API_KEY (see .env.example)',
      );
    }
    onStep(`GET /users/me for the ${roles.join(', ')} account${roles.length > 1 ? 's' : ''}`);
    const settingsAnswer = { status: settings.response!.status, json: body(settings) !== null };
    const answers: Exchange[] = [];
    const checked = await Promise.all(roles.map((role) => checkAccount(client, role, config.accounts, settingsAnswer, targetUrl, answers)));
    const accounts = Object.fromEntries(checked.map((a) => [a.role, a.account])) as PreflightResult['accounts'];
    const ids = new Map<number, string>();
    for (const { role, account } of checked) {
      const other = ids.get(account.userId);
      if (other) throw new PreflightError(`${role} account: same user (id ${account.userId}) as the ${other} account; each role needs its own user`);
      ids.set(account.userId, role);
    }
    const listed = POOLS.flatMap((pool) => config.extras[pool].map((account, i) => ({ pool, account, i })));
    if (listed.length) onStep(`GET /users/me for the ${listed.length} extra accounts`);
    const extras = await Promise.all(listed.map(({ pool, account, i }) => checkExtraAccount(client, pool, account, i, answers)));
    for (const extra of extras) {
      const other = ids.get(extra.userId);
      if (other) {
        const otherName = other.startsWith('extra') ? extraName(other) : `${other} account`;
        throw new PreflightError(
          `${extraName(extra.label)}: same user (id ${extra.userId}) as the ${otherName}; each ${POOL_NOUN[extra.pool]} is its own user`,
        );
      }
      ids.set(extra.userId, extra.label);
    }
    onStep('POST /register');
    const register = await fetchRegister(client, checked[0].role, checked[0].account);
    const version = body(settings)?.zulip_version;
    const seededAccounts = version === 'reference' && (await areSeeded(client, checked));
    return {
      featureLevel: levelToJudge(config.featureLevel, claimed),
      claimedFeatureLevel: claimed,
      accounts,
      extras,
      rateLimit: rateLimitOf(answers),
      register,
      serverVersion: typeof version === 'string' ? version : null,
      seededAccounts,
      cost: meter.snapshot(),
    };
  } finally {
    await client.close();
  }
}

/** One line for a target that did not answer: a TLS handshake with a plain-HTTP port says so. */
export function unreachable(targetUrl: string, error: { kind: string; message: string }, limitMs: number): string {
  if (error.kind === 'timeout') return `target unreachable: ${targetUrl} (no answer within ${limitMs} ms)`;
  if (
    targetUrl.startsWith('https:') &&
    /wrong version number|packet length too long|ERR_SSL_WRONG_VERSION_NUMBER|ERR_SSL_PACKET_LENGTH_TOO_LONG/i.test(error.message)
  ) {
    return `target unreachable: ${targetUrl}: the target speaks plain HTTP: use ${targetUrl.replace(/^https:/, 'http:')}`;
  }
  // OpenSSL's messages run over several lines; one is enough.
  return `target unreachable: ${targetUrl} (${error.message.split('\n')[0].trim()})`;
}

const refused = (status: number, me: Record<string, unknown> | null) =>
  status === 401 || status === 403 || me?.code === 'UNAUTHORIZED' || me?.code === 'INVALID_API_KEY';

/**
 * Why an account's key was refused, as far as a client can tell: spaces around the email, or
 * the key of another configured account (emails swapped); else the email and key match no user.
 */
async function refusal(client: ApiClient, role: Role, accounts: Partial<Record<Role, Account>>, status: number): Promise<string> {
  const { email, apiKey } = accounts[role]!;
  // Named as the user set them: the variables, or in the action the inputs they came from.
  const names = accountEnv(role);
  const named = { email: givenSettingName(names.email), apiKey: givenSettingName(names.apiKey) };
  const head = `${role} account: API key rejected (${status}) for ${JSON.stringify(email)}`;
  if (email !== email.trim()) return `${head}: the email has ${/^\s/.test(email) ? 'a leading' : 'a trailing'} space; remove it from ${named.email}`;
  for (const other of Object.keys(accounts) as Role[]) {
    if (other === role) continue;
    const tried = await client.send({ method: 'GET', path: '/users/me', auth: { email: accounts[other]!.email, apiKey, role }, purpose: 'preflight' });
    if (!tried.error && tried.response!.status === 200 && body(tried)?.result === 'success') {
      return `${head}: the key belongs to ${accounts[other]!.email}, the ${other} account's email; are ${named.email} and ${givenSettingName(accountEnv(other).email)} swapped?`;
    }
  }
  return `${head}: the server knows no user with this email and key (${named.email}, ${named.apiKey})`;
}

async function checkAccount(
  client: ApiClient,
  role: Role,
  accounts: Partial<Record<Role, Account>>,
  settings: { status: number; json: boolean },
  targetUrl: string,
  answers: Exchange[],
) {
  const account = accounts[role]!;
  const exchange = await client.send({ method: 'GET', path: '/users/me', auth: { ...account, role }, purpose: 'preflight' });
  answers.push(exchange);
  if (exchange.error) throw new PreflightError(`${role} account: GET /users/me failed (${exchange.error.message})`);
  const status = exchange.response!.status;
  const me = body(exchange);
  // Neither answer is this API's: another server, or a base URL with a wrong path.
  if (!settings.json && !me) {
    throw new PreflightError(
      `not a team-chat API server (GET /server_settings and /users/me: ${settings.status === status ? status : `${settings.status} and ${status}`}); ` +
        `tried ${targetUrl}/api/v1/server_settings: is ${targetUrl} the server's base URL? (the suite adds /api/v1 to it)`,
    );
  }
  if (refused(status, me)) throw new PreflightError(await refusal(client, role, accounts, status));
  // What a run cannot do without: the account's id and role. A broken envelope around them
  // (result "ok", no msg) is the server's failure to judge in every case, not a reason to stop.
  if (!me || !Number.isInteger(me.user_id)) {
    const said = me ? (typeof me.msg === 'string' && me.msg ? `: ${me.msg}` : ' without an integer user_id') : ' with no JSON object';
    throw new PreflightError(`${role} account: GET /users/me answered HTTP ${status}${said}; the run needs the account's user_id`);
  }
  if (role === 'bot') {
    if (me.is_bot !== true) throw new PreflightError(`bot account: ${account.email} is not a bot (is_bot ${String(me.is_bot)})`);
  } else if (me.role !== ROLE_CODES[role]) {
    const got = ROLE_NAMES[me.role as number] ?? String(me.role);
    throw new PreflightError(`${role} account: ${account.email} has role ${String(me.role)} (${got}), configured as ${role} (${ROLE_CODES[role]})`);
  }
  return { role, account: { ...account, userId: me.user_id as number } };
}

/** Whether every configured account is the reference server's seeded one of its role (GET /reference/seeded_accounts). */
async function areSeeded(client: ApiClient, checked: { role: Role; account: Account & { userId: number } }[]): Promise<boolean> {
  const [first] = checked;
  const exchange = await client.send({ method: 'GET', path: '/reference/seeded_accounts', auth: { ...first.account, role: first.role }, purpose: 'preflight' });
  const seeded = body(exchange)?.accounts as Record<string, unknown> | undefined;
  return Boolean(seeded) && checked.every(({ role, account }) => seeded![role] === account.userId);
}

/** "extra member 2 (CONFORMANCE_EXTRA_MEMBERS, entry 2)", "extra owner 1 (CONFORMANCE_EXTRA_OWNERS, entry 1)": how a message names one. */
const extraName = (label: string) => {
  const [, kind, n] = /^extra-?(admin|owner)?(\d+)$/.exec(label)!;
  const pool: Pool = (kind as Pool | undefined) ?? 'member';
  return `${POOL_NOUN[pool]} ${n} (${givenSettingName(EXTRA_ENV[pool])}, entry ${n})`;
};

/**
 * An extra account authenticates, is no bot and has its pool's role (a member 400, an
 * administrator 200, an owner 100): the work spread to it needs that role, no more.
 */
async function checkExtraAccount(client: ApiClient, pool: Pool, account: Account, i: number, answers: Exchange[]): Promise<ExtraAccount> {
  const label = extraLabel(pool, i);
  const exchange = await client.send({ method: 'GET', path: '/users/me', auth: { ...account, role: label }, purpose: 'preflight' });
  answers.push(exchange);
  const name = extraName(label);
  const wanted = `${POOL_NOUN[pool]}s are ${pool === 'member' ? 'plain members' : `${ROLE_NAMES[POOL_ROLE_CODE[pool]]}s`} (role ${POOL_ROLE_CODE[pool]})`;
  if (exchange.error) throw new PreflightError(`${name}: GET /users/me failed (${exchange.error.message})`);
  const status = exchange.response!.status;
  const me = body(exchange);
  if (refused(status, me)) throw new PreflightError(`${name}: API key rejected (${status}) for ${JSON.stringify(account.email)}`);
  if (!me || !Number.isInteger(me.user_id)) throw new PreflightError(`${name}: GET /users/me answered HTTP ${status} without an integer user_id`);
  if (me.is_bot === true) throw new PreflightError(`${name}: ${account.email} is a bot; ${wanted}`);
  if (me.role !== POOL_ROLE_CODE[pool]) {
    const got = ROLE_NAMES[me.role as number] ?? String(me.role);
    throw new PreflightError(`${name}: ${account.email} has role ${String(me.role)} (${got}); ${wanted}`);
  }
  return { ...account, userId: me.user_id as number, label, pool };
}

/** Limits and display names the cases read (max_topic_length, realm_empty_topic_display_name...). */
export async function fetchRegister(client: ApiClient, role: Role, account: Account): Promise<Record<string, unknown>> {
  const exchange = await client.send({
    method: 'POST',
    path: '/register',
    auth: { ...account, role },
    params: { fetch_event_types: ['realm'], event_types: ['message'] },
    purpose: 'preflight',
  });
  const data = body(exchange);
  // An error (or no object) gives no limits; a broken envelope around them still gives them.
  if (!data || data.result === 'error') return {};
  if (typeof data.queue_id === 'string') {
    await client.send({ method: 'DELETE', path: '/events', auth: { ...account, role }, params: { queue_id: data.queue_id }, purpose: 'preflight' });
  }
  const { result: _r, msg: _m, queue_id: _q, ...rest } = data;
  return rest;
}
