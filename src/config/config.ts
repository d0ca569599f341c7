// One typed configuration, resolved as: CLI flag > environment > env file (.env) > default.
// Every key is documented once, in CONFIG_KEYS; the README and .env.example follow this table.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkEnvironment, EnvFileError, readEnvFile } from './env-file.js';
import { envSettingName, viaAction } from '../common/audience.js';
import {
  accountEnv,
  ConfigError,
  EXTRA_ENV,
  POOL_NOUN,
  POOLS,
  PROFILES,
  ROLES,
  type Account,
  type ExtraAccounts,
  type Profile,
  type Role,
  type Shard,
} from '../common/vocabulary.js';

export interface Config {
  /** null: start the embedded reference server and test it. */
  targetUrl: string | null;
  /** null: probe the target, else the newest level the suite knows. */
  featureLevel: number | null;
  profile: Profile;
  timeoutMs: number;
  concurrency: number;
  reportDir: string;
  accounts: Partial<Record<Role, Account>>;
  /**
   * Extra accounts per pool (CONFORMANCE_EXTRA_MEMBERS, _ADMINS, _OWNERS): the run spreads the work
   * of plain members, administrators and owners over them.
   */
  extras: ExtraAccounts;
  /** Named faults for the embedded reference server (self-tests only). */
  referenceQuirks: string[];
  grep: string | null;
  operations: string[];
  clauses: string[];
  /** fast-check seed for the property cases; null: a new one each run (printed on failure). */
  seed: number | null;
  /** fast-check path of a shrunk counterexample, for the property --grep names (with --seed). */
  replayPath: string | null;
  /** Property cases run ten times their default number of runs. */
  thorough: boolean;
  /** Multiplies every property's default number of runs (--thorough: 10 more); null: chosen from the target's rate limit (property/budget.ts). */
  propertyFactor: number | null;
  /** Consent to write to a target that is not on this machine. */
  allowWrites: boolean;
  /** Run only this part of the spec files (1-based index of count). */
  shard: Shard | null;
  /** Also write every request and answer, redacted, as HTTP Archive 1.2 to this file. */
  har: string | null;
  /** A previous conformance.json: only failures it did not have fail the run. */
  baseline: string | null;
  /** The implementer's list of known gaps (schemas/expectations.schema.json). */
  expectations: string | null;
  /** Rewrite the expectations file from this run's outcomes (only the cases that ran). */
  updateExpectations: boolean;
  /** Print the plan and every write request, send nothing. */
  list: boolean;
  /** A run with cases skipped for missing configuration (accounts) fails (exit 1). */
  failOnSkip: boolean;
  /** The owner account holds can_change_user_emails, which no read shows (a server administrator grants it). */
  ownerCanChangeUserEmails: boolean;
}

type Source = 'flag' | 'env' | 'file';
interface KeySpec {
  key: keyof Config;
  env: string;
  flag: string;
  help: string;
  parse: (raw: string, name: string) => unknown;
  default: () => unknown;
  /** The default as `--help` says it, where the value itself (null, []) would not tell. */
  defaultHelp?: string;
  /** A flag without a value (--thorough). */
  boolean?: true;
}

const text = (raw: string) => raw;
// Commas, or lines: the action's inputs take one operation or clause per line.
const list = (raw: string) =>
  raw
    .split(/[,\r\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
const positiveInt = (raw: string, name: string) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name}: expected a positive integer, got "${raw}"`);
  return n;
};
const positiveNumber = (raw: string, name: string) => {
  const n = Number(raw);
  if (!raw.trim() || !Number.isFinite(n) || n <= 0) throw new ConfigError(`${name}: expected a positive number, got "${raw}"`);
  return n;
};
const url = (raw: string, name: string) => {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(`${name}: expected an http(s) URL, got "${raw}"`);
  }
  const base = raw.replace(/\/+$/, '');
  // Every request goes to {base}/api/v1/...: a base that already ends there would double it.
  if (/\/api\/v1$/i.test(base)) {
    throw new ConfigError(`${name}: "${raw}" ends in /api/v1, which the suite adds to every path; use "${base.replace(/\/api\/v1$/i, '')}"`);
  }
  return base;
};
const integer = (raw: string, name: string) => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new ConfigError(`${name}: expected an integer, got "${raw}"`);
  return n;
};
const bool = (raw: string, name: string) => {
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no|)$/i.test(raw)) return false;
  throw new ConfigError(`${name}: expected true or false, got "${raw}"`);
};
const profile = (raw: string, name: string) => {
  if (!(PROFILES as readonly string[]).includes(raw)) throw new ConfigError(`${name}: expected one of ${PROFILES.join(', ')}, got "${raw}"`);
  return raw;
};

const replayPath = (raw: string, name: string) => {
  if (!/^\d+(:\d+)*$/.test(raw.trim())) throw new ConfigError(`${name}: expected a fast-check path like "4:2:0", got "${raw}"`);
  return raw.trim();
};

const shard = (raw: string, name: string): Shard => {
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const index = m ? Number(m[1]) : 0;
  const count = m ? Number(m[2]) : 0;
  if (!m || count < 1 || index < 1 || index > count) throw new ConfigError(`${name}: expected i/n with 1 <= i <= n, e.g. "1/3", got "${raw}"`);
  return { index, count };
};

/** Every configuration key, its environment variable, its flag and its meaning. */
export const CONFIG_KEYS: KeySpec[] = [
  {
    key: 'targetUrl',
    env: 'CONFORMANCE_TARGET_URL',
    flag: 'target-url',
    parse: url,
    default: () => null,
    defaultHelp: 'the embedded reference server',
    help: 'base URL of the server under test (paths go under /api/v1)',
  },
  {
    key: 'featureLevel',
    env: 'CONFORMANCE_FEATURE_LEVEL',
    flag: 'feature-level',
    parse: positiveInt,
    default: () => null,
    defaultHelp: 'probed from GET /server_settings, else 420',
    help: 'judge the target as this feature level (at most 420, the newest of the API document)',
  },
  {
    key: 'profile',
    env: 'CONFORMANCE_PROFILE',
    flag: 'profile',
    parse: profile,
    default: () => 'spec',
    help: '"spec" asserts only the API document; "zulip" adds the Zulip server behaviour where the document is silent',
  },
  {
    key: 'timeoutMs',
    env: 'CONFORMANCE_TIMEOUT_MS',
    flag: 'timeout-ms',
    parse: positiveInt,
    default: () => 30000,
    help: 'per-request time limit in milliseconds; a request past it fails its case and the run goes on',
  },
  {
    key: 'concurrency',
    env: 'CONFORMANCE_CONCURRENCY',
    flag: 'concurrency',
    parse: positiveInt,
    // Against a distant server the concurrent cases keep every slot busy: 12 took a `spec` run 10 ms
    // away to 0.26-0.28 of a one-at-a-time replay, 8 to 0.29-0.33 (docs/performance.md).
    default: () => 12,
    help: 'cases in flight at once against the target',
  },
  { key: 'reportDir', env: 'CONFORMANCE_REPORT_DIR', flag: 'report-dir', parse: text, default: () => 'reports', help: 'directory the reports are written to' },
  {
    key: 'referenceQuirks',
    env: 'CONFORMANCE_REFERENCE_QUIRKS',
    flag: 'reference-quirk',
    parse: list,
    default: () => [],
    help: "comma-separated named faults for the embedded reference server (the suite's self-tests)",
  },
  {
    key: 'seed',
    env: 'CONFORMANCE_SEED',
    flag: 'seed',
    parse: integer,
    default: () => null,
    defaultHelp: 'a new one each run',
    help: 'fast-check seed for the property cases, to replay a failure (printed with it)',
  },
  {
    key: 'replayPath',
    env: 'CONFORMANCE_REPLAY_PATH',
    flag: 'replay-path',
    parse: replayPath,
    default: () => null,
    help: 'with --seed and --grep <property id>: go straight to the shrunk counterexample at this path (printed with a failure)',
  },
  {
    key: 'thorough',
    env: 'CONFORMANCE_THOROUGH',
    flag: 'thorough',
    parse: bool,
    default: () => false,
    boolean: true,
    help: 'give the property cases ten times their default number of runs',
  },
  {
    key: 'propertyFactor',
    env: 'CONFORMANCE_PROPERTY_FACTOR',
    flag: 'property-factor',
    parse: positiveNumber,
    default: () => null,
    defaultHelp: '1, or less against a target that states a rate limit under 1000 requests per window (its limit / 1000, at least 0.2)',
    help: "multiply every property case's default number of runs (each at least twice); --thorough is 10 times this",
  },
  {
    key: 'allowWrites',
    env: 'CONFORMANCE_I_UNDERSTAND_THIS_WRITES',
    flag: 'i-understand-this-writes',
    parse: bool,
    default: () => false,
    boolean: true,
    help: 'run against a target that is not on this machine (the run creates and changes data there; see the README)',
  },
  {
    key: 'grep',
    env: 'CONFORMANCE_GREP',
    flag: 'grep',
    parse: text,
    default: () => null,
    defaultHelp: 'every case',
    help: 'run only cases whose id or title contains this text',
  },
  {
    key: 'operations',
    env: 'CONFORMANCE_OPERATIONS',
    flag: 'operation',
    parse: list,
    default: () => [],
    defaultHelp: 'every operation',
    help: 'run only these operations, e.g. "GET /streams" (comma-separated)',
  },
  {
    key: 'clauses',
    env: 'CONFORMANCE_CLAUSES',
    flag: 'clause',
    parse: list,
    default: () => [],
    defaultHelp: 'every clause',
    help: 'run only cases citing these clause ids, or ids starting with these whole dot-separated parts ("op20" keeps op20.order, not op2...) (comma-separated)',
  },
  {
    key: 'shard',
    env: 'CONFORMANCE_SHARD',
    flag: 'shard',
    parse: shard,
    default: () => null,
    defaultHelp: 'every spec file',
    help: 'run only shard i of n ("1/3"): spec files are split deterministically, a file\'s cases stay together; `merge` joins the reports',
  },
  {
    key: 'har',
    env: 'CONFORMANCE_HAR',
    flag: 'har',
    parse: text,
    default: () => null,
    help: 'also write every request and answer as an HTTP Archive 1.2 file, credentials replaced by [redacted: <role>]',
  },
  {
    key: 'baseline',
    env: 'CONFORMANCE_BASELINE',
    flag: 'baseline',
    parse: text,
    default: () => null,
    help: 'a previous conformance.json: its failures are known failures (reported, not fatal); only new failures exit 1',
  },
  {
    key: 'expectations',
    env: 'CONFORMANCE_EXPECTATIONS',
    flag: 'expectations',
    parse: text,
    default: () => null,
    help: 'YAML file of expected failures by case id (reason, issue, expires); a listed case that passes or an expired entry fails the run',
  },
  {
    key: 'updateExpectations',
    env: 'CONFORMANCE_UPDATE_EXPECTATIONS',
    flag: 'update-expectations',
    parse: bool,
    default: () => false,
    boolean: true,
    help: 'rewrite the --expectations file for the cases that ran: add new failures (placeholder reason), remove passing ones; keep the rest and comments',
  },
  {
    key: 'failOnSkip',
    env: 'CONFORMANCE_FAIL_ON_SKIP',
    flag: 'fail-on-skip',
    parse: bool,
    default: () => false,
    boolean: true,
    help: 'exit 1 when cases were skipped for missing configuration (an account not configured), for CI gates that want every case run',
  },
  {
    key: 'ownerCanChangeUserEmails',
    env: 'CONFORMANCE_OWNER_CAN_CHANGE_USER_EMAILS',
    flag: 'owner-can-change-user-emails',
    parse: bool,
    default: () => false,
    boolean: true,
    help: 'the owner account holds can_change_user_emails (a server administrator grants it outside the API, and no read shows it): the cases that need it run',
  },
  {
    key: 'list',
    env: 'CONFORMANCE_LIST',
    flag: 'list',
    parse: bool,
    default: () => false,
    boolean: true,
    help: 'print the plan (each case: run or skip, and why) and every write request the run would make, without sending anything',
  },
];

export interface ConfigInput {
  flags?: Record<string, string | undefined>;
  env?: Record<string, string | undefined>;
  /** Path of the env file; default ".env" when it exists. An explicitly named file must exist. */
  envFile?: string;
  /** What relative paths are relative to; default the directory the command was typed in (invocationDir). */
  cwd?: string;
  /** The roles whose accounts are read (default every one): `setup` reads the owner's and writes the others. */
  roles?: readonly Role[];
}

/**
 * The directory the user typed the command in. `npm run` runs a script in the package's own
 * directory and `npx` in the project's, and both say where the command was typed in INIT_CWD
 * (with npm_lifecycle_event set); a relative path the user gave means a path from there.
 */
export function invocationDir(env: Record<string, string | undefined> = process.env): string {
  return env.npm_lifecycle_event && env.INIT_CWD ? env.INIT_CWD : process.cwd();
}

/** The keys that name a file or directory: a relative one is resolved against invocationDir. */
const PATH_KEYS: (keyof Config)[] = ['reportDir', 'har', 'baseline', 'expectations'];

/**
 * npm takes an option written before `--` (`npm run conformance --fail-on-skip`) for its own, as
 * `npm_config_fail_on_skip`, and the suite never sees it: a gate would pass that should fail.
 * The flags among `flags` that npm so took, by the variables it set.
 */
export function flagsTakenByNpm(flags: readonly string[], env: Record<string, string | undefined> = process.env): string[] {
  return flags.filter((flag) => env[npmConfigName(flag)] !== undefined);
}

/** The variable npm sets for an option it took: `--fail-on-skip` -> npm_config_fail_on_skip, `--no-shortcuts` -> npm_config_shortcuts. */
export const npmConfigName = (flag: string) => `npm_config_${flag.replace(/^no-/, '').replace(/-/g, '_')}`;

/** Every CONFORMANCE_* variable the suite reads; any other is a typo (env-file.ts). */
export const KNOWN_ENV_KEYS: readonly string[] = [
  ...CONFIG_KEYS.map((k) => k.env),
  ...ROLES.flatMap((role) => Object.values(accountEnv(role))),
  ...Object.values(EXTRA_ENV),
];

/**
 * CONFORMANCE_EXTRA_MEMBERS (or _ADMINS, _OWNERS): `email:api_key` entries, one per line or
 * comma-separated (an API key holds no colon, so the last one splits). A mistake names the entry
 * by its number, never its key.
 */
export function parseExtraAccounts(raw: string, name: string, noun = POOL_NOUN.member): Account[] {
  const entries = raw
    .split(/[,\r\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const members = entries.map((entry, i) => {
    const at = entry.lastIndexOf(':');
    const email = entry.slice(0, at).trim();
    const apiKey = entry.slice(at + 1).trim();
    if (at < 0 || !email || !apiKey)
      throw new ConfigError(
        `${name}, entry ${i + 1}: expected email:api_key${at < 0 ? ' (no ":" in it)' : !email ? ' (no email before ":")' : ' (no API key after ":")'}`,
      );
    return { email, apiKey };
  });
  members.forEach((m, i) => {
    const first = members.findIndex((other) => other.email === m.email);
    if (first !== i) throw new ConfigError(`${name}, entry ${i + 1}: ${m.email} is entry ${first + 1} too; each ${noun} is its own user`);
  });
  return members;
}

/**
 * The env file's values: the one named (it must exist), else `.env` in `cwd` if there is one. A
 * problem names the file, and in the action the input that gave it.
 */
function envFileValues(
  envFile: string | undefined,
  cwd: string,
  env: Record<string, string | undefined>,
): { values: Record<string, string>; path: string | null } {
  const path = envFile !== undefined ? resolve(cwd, envFile) : existsSync(join(cwd, '.env')) ? join(cwd, '.env') : null;
  if (path === null) return { values: {}, path };
  try {
    return { values: readEnvFile(path, KNOWN_ENV_KEYS).values, path };
  } catch (error) {
    if (!(error instanceof EnvFileError)) throw error;
    throw new ConfigError(`${envFile !== undefined && viaAction(env) ? 'input env-file: ' : ''}${error.message}`);
  }
}

export function loadConfig(input: ConfigInput = {}): Config {
  const flags = input.flags ?? {};
  const env = input.env ?? process.env;
  const cwd = input.cwd ?? invocationDir(env);
  try {
    checkEnvironment(env, KNOWN_ENV_KEYS);
  } catch (error) {
    throw error instanceof EnvFileError ? new ConfigError(error.message) : error;
  }
  const { values: file, path: filePath } = envFileValues(input.envFile, cwd, env);

  const lookup = (envName: string, flag?: string): [string, Source, string] | null => {
    if (flag && flags[flag] !== undefined) return [flags[flag], 'flag', `--${flag}`];
    if (env[envName] !== undefined && env[envName] !== '') return [env[envName], 'env', envSettingName(envName, env)];
    if (file[envName] !== undefined && file[envName] !== '') return [file[envName], 'file', envName];
    return null;
  };

  const config = {} as Record<keyof Config, unknown>;
  for (const spec of CONFIG_KEYS) {
    const found = lookup(spec.env, spec.flag);
    config[spec.key] = found ? spec.parse(found[0], found[2]) : spec.default();
  }

  for (const key of PATH_KEYS) if (typeof config[key] === 'string') config[key] = resolve(cwd, config[key]);

  const accounts: Partial<Record<Role, Account>> = {};
  for (const role of input.roles ?? ROLES) {
    const names = accountEnv(role);
    const email = lookup(names.email);
    const apiKey = lookup(names.apiKey);
    if (email && apiKey) accounts[role] = { email: email[0], apiKey: apiKey[0] };
    else if (email || apiKey) {
      const missing = email ? names.apiKey : names.email;
      throw new ConfigError(`${role} account: ${envSettingName(missing, env)} is not set (set both or neither)`);
    }
  }
  config.accounts = accounts;
  const pools = POOLS.map((pool) => [pool, lookup(EXTRA_ENV[pool])] as const);
  config.extras = Object.fromEntries(pools.map(([pool, found]) => [pool, found ? parseExtraAccounts(found[0], found[2], POOL_NOUN[pool]) : []]));
  // Accounts without a target are a half-done configuration (a mistyped or forgotten URL): the
  // embedded server is the target only when nothing at all says otherwise.
  const roles = [...Object.keys(accounts), ...pools.filter(([, found]) => found).map(([pool]) => `${POOL_NOUN[pool]}s`)];
  if (config.targetUrl === null && roles.length) {
    const where = filePath && ROLES.some((r) => file[accountEnv(r).email]) ? `, in env file ${filePath}` : '';
    throw new ConfigError(
      `accounts are configured (${roles.join(', ')}${where}) but no target URL: set ${viaAction(env) ? 'the input target-url' : 'CONFORMANCE_TARGET_URL or --target-url'}; ` +
        'the embedded reference server is tested only when neither a target nor an account is configured',
    );
  }
  // A path means something only for one property under one seed.
  if (config.replayPath !== null && (config.seed === null || config.grep === null)) {
    throw new ConfigError('--replay-path: needs --seed and --grep <property id>, as printed with the failure');
  }
  return config as unknown as Config;
}
