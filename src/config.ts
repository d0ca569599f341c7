// One typed configuration, resolved as: CLI flag > environment > env file (.env) > default.
// Every key is documented once, in CONFIG_KEYS; the README and .env.example follow this table.
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';

export const ROLES = ['owner', 'admin', 'moderator', 'member', 'member2', 'guest'] as const;
export type Role = (typeof ROLES)[number];
export const PROFILES = ['spec', 'zulip'] as const;
export type Profile = (typeof PROFILES)[number];

export interface Account {
  email: string;
  apiKey: string;
}

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
  /** Named faults for the embedded reference server (self-tests only). */
  referenceQuirks: string[];
  grep: string | null;
  operations: string[];
  clauses: string[];
}

export class ConfigError extends Error {}

type Source = 'flag' | 'env' | 'file';
interface KeySpec {
  key: keyof Config;
  env: string;
  flag: string;
  help: string;
  parse: (raw: string, name: string) => unknown;
  default: () => unknown;
}

const text = (raw: string) => raw;
const list = (raw: string) => raw.split(',').map((s) => s.trim()).filter(Boolean);
const positiveInt = (raw: string, name: string) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name}: expected a positive integer, got "${raw}"`);
  return n;
};
const url = (raw: string, name: string) => {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(`${name}: expected an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
};
const profile = (raw: string, name: string) => {
  if (!(PROFILES as readonly string[]).includes(raw)) throw new ConfigError(`${name}: expected one of ${PROFILES.join(', ')}, got "${raw}"`);
  return raw;
};

/** Every configuration key, its environment variable, its flag and its meaning. */
export const CONFIG_KEYS: KeySpec[] = [
  { key: 'targetUrl', env: 'CONFORMANCE_TARGET_URL', flag: 'target-url', parse: url, default: () => null,
    help: 'base URL of the server under test (paths go under /api/v1); unset: the embedded reference server' },
  { key: 'featureLevel', env: 'CONFORMANCE_FEATURE_LEVEL', flag: 'feature-level', parse: positiveInt, default: () => null,
    help: 'judge the target as this feature level; unset: probed from GET /server_settings, else the newest known' },
  { key: 'profile', env: 'CONFORMANCE_PROFILE', flag: 'profile', parse: profile, default: () => 'spec',
    help: '"spec" asserts only the API document; "zulip" adds the Zulip server behaviour where the document is silent' },
  { key: 'timeoutMs', env: 'CONFORMANCE_TIMEOUT_MS', flag: 'timeout-ms', parse: positiveInt, default: () => 30000,
    help: 'per-request time limit in milliseconds; a request past it fails its case and the run goes on' },
  { key: 'concurrency', env: 'CONFORMANCE_CONCURRENCY', flag: 'concurrency', parse: positiveInt, default: () => 8,
    help: 'cases in flight at once against the target' },
  { key: 'reportDir', env: 'CONFORMANCE_REPORT_DIR', flag: 'report-dir', parse: text, default: () => 'reports',
    help: 'directory the reports are written to' },
  { key: 'referenceQuirks', env: 'CONFORMANCE_REFERENCE_QUIRKS', flag: 'reference-quirk', parse: list, default: () => [],
    help: 'comma-separated named faults for the embedded reference server (the suite\'s self-tests)' },
  { key: 'grep', env: 'CONFORMANCE_GREP', flag: 'grep', parse: text, default: () => null,
    help: 'run only cases whose id or title contains this text' },
  { key: 'operations', env: 'CONFORMANCE_OPERATIONS', flag: 'operation', parse: list, default: () => [],
    help: 'run only these operations, e.g. "GET /streams" (comma-separated)' },
  { key: 'clauses', env: 'CONFORMANCE_CLAUSES', flag: 'clause', parse: list, default: () => [],
    help: 'run only cases citing these clause ids or id prefixes (comma-separated)' },
];

export const accountEnv = (role: Role) => ({
  email: `CONFORMANCE_${role.toUpperCase()}_EMAIL`,
  apiKey: `CONFORMANCE_${role.toUpperCase()}_API_KEY`,
});

export interface ConfigInput {
  flags?: Record<string, string | undefined>;
  env?: Record<string, string | undefined>;
  /** Path of the env file; default ".env" when it exists. An explicitly named file must exist. */
  envFile?: string;
  cwd?: string;
}

export function readEnvFile(path: string): Record<string, string> {
  try {
    return parseDotenv(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`env file ${path}: ${(error as Error).message}`);
  }
}

export function loadConfig(input: ConfigInput = {}): Config {
  const flags = input.flags ?? {};
  const env = input.env ?? process.env;
  const cwd = input.cwd ?? process.cwd();
  let file: Record<string, string> = {};
  if (input.envFile !== undefined) {
    if (!existsSync(input.envFile)) throw new ConfigError(`env file ${input.envFile}: not found`);
    file = readEnvFile(input.envFile);
  } else if (existsSync(`${cwd}/.env`)) {
    file = readEnvFile(`${cwd}/.env`);
  }

  const lookup = (envName: string, flag?: string): [string, Source, string] | null => {
    if (flag && flags[flag] !== undefined) return [flags[flag]!, 'flag', `--${flag}`];
    if (env[envName] !== undefined && env[envName] !== '') return [env[envName]!, 'env', envName];
    if (file[envName] !== undefined && file[envName] !== '') return [file[envName], 'file', envName];
    return null;
  };

  const config = {} as Record<keyof Config, unknown>;
  for (const spec of CONFIG_KEYS) {
    const found = lookup(spec.env, spec.flag);
    config[spec.key] = found ? spec.parse(found[0], found[2]) : spec.default();
  }

  const accounts: Partial<Record<Role, Account>> = {};
  for (const role of ROLES) {
    const names = accountEnv(role);
    const email = lookup(names.email);
    const apiKey = lookup(names.apiKey);
    if (email && apiKey) accounts[role] = { email: email[0], apiKey: apiKey[0] };
    else if (email || apiKey) {
      const missing = email ? names.apiKey : names.email;
      throw new ConfigError(`${role} account: ${missing} is not set (set both or neither)`);
    }
  }
  config.accounts = accounts;
  return config as unknown as Config;
}
