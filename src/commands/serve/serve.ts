// `serve`: the reference server in the foreground until SIGINT/SIGTERM, its URL and accounts
// written to an env file that `run --env-file` reads.
import { writeFileSync } from 'node:fs';
import { rateLimitOption, startReference } from './reference-server.js';
import { envFileText } from '../shared/env-format.js';
import { extrasByPool, NEWEST_FEATURE_LEVEL, POOL_NOUN, POOLS, type Pool } from '../../common/vocabulary.js';

export interface ServeOptions {
  port: number;
  host: string;
  envOut?: string;
  quirks: string[];
  /** The variant realm: obeys the document, differs from Zulip wherever it may. */
  variant?: boolean;
  /** "N/SECONDS": each account may make N requests in any window of SECONDS, as on a Zulip server. */
  rateLimit?: string;
  /** The Zulip feature level to answer as (default 420). */
  featureLevel?: number;
  /** Without the reference server's shortcuts: a run judges it as any other server. */
  noShortcuts?: boolean;
  /** Only the owner has an account (`setup` makes the others). */
  noSeedAccounts?: boolean;
  /** Seed this many more plain members, administrators, owners, written to the env file for a run to spread its work over. */
  extras?: Partial<Record<Pool, number>>;
}

export async function serve(options: ServeOptions, log: (line: string) => void): Promise<number> {
  const rateLimit = options.rateLimit === undefined ? null : await rateLimitOption(options.rateLimit, '--rate-limit');
  const server = await startReference(
    {
      port: options.port,
      host: options.host,
      quirks: options.quirks,
      flavor: options.variant ? 'variant' : 'zulip',
      rateLimit,
      featureLevel: options.featureLevel,
      extras: options.extras,
      ...(options.noShortcuts ? { shortcuts: false } : {}),
      ...(options.noSeedAccounts ? { seedAccounts: false } : {}),
    },
    '--quirk',
  );
  const extras = extrasByPool(server.extras);
  // Its owner holds can_change_user_emails, as a server administrator of another server would declare it.
  const envText = envFileText(
    server.url,
    { ...server.accounts, ...(server.bot ? { bot: server.bot } : {}) },
    undefined,
    { ownerCanChangeUserEmails: true },
    extras,
  );
  if (options.envOut) writeFileSync(options.envOut, envText, { mode: 0o600 });
  const level =
    server.featureLevel === NEWEST_FEATURE_LEVEL
      ? ''
      : ` at feature level ${server.featureLevel}${server.featureLevel > NEWEST_FEATURE_LEVEL ? ` (behaving as ${NEWEST_FEATURE_LEVEL}, the newest level of the API document)` : ''}`;
  const kind = [
    ...(options.variant ? ['variant realm: differs from Zulip wherever the document allows'] : []),
    ...(options.noShortcuts ? ['no shortcuts: a run judges it as any other server'] : []),
    ...(options.noSeedAccounts ? ['no seeded accounts: only the owner; `setup` makes the others'] : []),
  ];
  // What it is started with first: the listening line is the last, the one a script waits for.
  if (options.quirks.length) log(`quirks on: ${options.quirks.join(', ')}`);
  for (const pool of POOLS) if (extras[pool].length) log(`${POOL_NOUN[pool]}s: ${extras[pool].length} (${extras[pool][0].email}...)`);
  if (rateLimit) log(`rate limit: ${rateLimit.requests} requests per account per ${rateLimit.seconds} s (429 with Retry-After past it, X-RateLimit-* headers)`);
  log(
    `reference server${level}${kind.length ? ` (${kind.join('; ')})` : ''} listening on ${server.url}${options.envOut ? `; target and accounts written to ${options.envOut}` : ''}`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  log('reference server stopped');
  return 0;
}
