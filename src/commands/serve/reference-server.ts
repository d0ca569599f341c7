// The commands' way into the reference server: start it (`serve`, and `run` with no target) and
// check the quirk names a user gave before it starts (its own check throws a plain Error, which
// would read as an internal error). Loaded on demand: a run against another server never loads it.
import { ConfigError } from '../../common/vocabulary.js';
import { didYouMean } from '../../common/suggest.js';
import type { OwnerOnlyReferenceServer, ReferenceServer, ReferenceServerOptions, SeedAccountsOption } from '../../reference/index.js';

const reference = () => import('../../reference/index.js');

/** Throws a usage error naming the first unknown quirk name and the closest known one. */
export async function checkQuirkNames(names: readonly string[], flag: string): Promise<void> {
  const { QUIRKS } = await reference();
  const known = Object.keys(QUIRKS).sort();
  const unknown = names.find((name) => !Object.hasOwn(QUIRKS, name));
  if (unknown !== undefined) {
    throw new ConfigError(`${flag}: unknown quirk "${unknown}"${didYouMean(unknown, known)}; \`serve --list-quirks\` lists the ${known.length} known names`);
  }
}

/** Every quirk, one line each: its name and what it breaks (`serve --list-quirks`). */
export async function quirkListing(): Promise<string[]> {
  const { QUIRKS } = await reference();
  const entries = Object.entries(QUIRKS as Record<string, string>).sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...entries.map(([name]) => name.length));
  return entries.map(([name, description]) => `${name.padEnd(width)}  ${description}`);
}

/** Throws a usage error for a feature level older than the reference server's level tables reach. */
export async function checkFeatureLevel(level: number | undefined): Promise<void> {
  const { OLDEST_FEATURE_LEVEL } = await reference();
  if (level !== undefined && level < OLDEST_FEATURE_LEVEL) {
    throw new ConfigError(`--feature-level: the reference server answers as a feature level from ${OLDEST_FEATURE_LEVEL} on, got ${level}`);
  }
}

/** `--rate-limit 200/60` as the reference server's rule; a usage error for text of another shape. */
export async function rateLimitOption(text: string, flag: string) {
  const { parseRateLimit } = await reference();
  const rule = parseRateLimit(text);
  if (!rule) throw new ConfigError(`${flag}: expected N/SECONDS (requests per account per window, e.g. 200/60 as Zulip's default), got "${text}"`);
  return rule;
}

type Options = ReferenceServerOptions & { quirks: string[] };

/** Starts a reference server after checking its quirk names and its feature level. */
export async function startReference(options: Options, flag: string): Promise<ReferenceServer>;
export async function startReference(options: Options & SeedAccountsOption, flag: string): Promise<ReferenceServer | OwnerOnlyReferenceServer>;
export async function startReference(options: Options & SeedAccountsOption, flag: string) {
  await checkQuirkNames(options.quirks, flag);
  await checkFeatureLevel(options.featureLevel);
  const { startReferenceServer } = await reference();
  return startReferenceServer(options);
}
