// Runs spec cases against the reference server (optionally with quirks, optionally behind a
// rewriting proxy) exactly as a conformance run does, without spawning vitest.
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { loadSuite, type Suite } from '../../src/engine/load/load.js';
import { documentedParameters } from '../../src/engine/run/plan.js';
import { kindChecksOf } from '../../src/engine/load/statement-kinds.js';
import { Session } from '../../src/runner/session.js';
import { executeSpecs } from '../../src/runner/execute.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import type { Profile } from '../../src/common/vocabulary.js';
import { startProxy, type Rewrite } from './rewriting-proxy.js';
import { ApiClient } from '../../src/http/client.js';
import { fetchRegister } from '../../src/commands/preflight.js';

export interface SuiteRun {
  quirks?: string[];
  rewrite?: Rewrite;
  profile?: Profile;
  /** Only these spec files' operations, e.g. ["GET /streams"]. */
  operations?: string[];
  /** Only these cases (by id), with their files' fixtures and cleanup. */
  cases?: string[];
  featureLevel?: number;
  /** Cases in flight at once (8, the CLI's default, unless given). */
  concurrency?: number;
  /** The variant realm (src/reference/realm/flavor.ts) instead of Zulip's choices. */
  variant?: boolean;
  /** The feature level the reference server answers as (default 420); the run judges as `featureLevel`. */
  serverFeatureLevel?: number;
  /**
   * false: the reference server without its shortcuts, judged as any other server (real waits
   * for aging fixtures; the seeded push devices' cases skipped).
   */
  shortcuts?: boolean;
}

/**
 * The time limit of a test that runs the whole suite: it catches a hang, not slowness. A run takes
 * seconds on an idle machine and several times longer on a busy one (vitest's 60 s is too tight).
 */
export const WHOLE_RUN_TIMEOUT_MS = 300_000;

let runCounter = 0;

/**
 * The suite and what a session takes from it, made once per process and feature level: the spec
 * files do not change while the tests run, and a thousand mutants each starting a session would
 * otherwise load and derive them again (a tenth of a second each).
 */
let suite: Suite | null = null;
const theSuite = () => (suite ??= loadSuite());
const derived = new Map<number, Pick<ConstructorParameters<typeof Session>[0], 'disputedClauses' | 'documentedParameters' | 'kinds' | 'resources'>>();
function fromSuite(featureLevel: number) {
  if (!derived.has(featureLevel)) {
    const suite = theSuite();
    const documented = documentedParameters(suite.specs, featureLevel);
    derived.set(featureLevel, {
      disputedClauses: suite.clauses.filter((c) => c.disputed).map((c) => c.id),
      documentedParameters: documented,
      kinds: kindChecksOf(suite.clauses, documented),
      resources: suite.resources,
    });
  }
  return derived.get(featureLevel)!;
}

/** A Session on a running reference server (every account, the bot too), reached at `url`. */
export function sessionFor(server: ReferenceServer, options: SuiteRun = {}, url = server.url, register: Record<string, unknown> = {}): Session {
  const accounts = Object.fromEntries(
    Object.entries({ ...server.accounts, bot: server.bot }).map(([role, a]) => [role, { email: a.email, apiKey: a.apiKey, userId: a.userId }]),
  );
  return new Session({
    targetUrl: url,
    profile: options.profile ?? 'zulip',
    featureLevel: options.featureLevel ?? 420,
    claimedFeatureLevel: server.featureLevel,
    serverVersion: options.shortcuts === false ? 'reference (no shortcuts)' : 'reference',
    referenceSeed: options.shortcuts !== false,
    // The reference server's owner holds it, as `serve --env-out` declares.
    ownerCanChangeUserEmails: true,
    // Only a hang would take this long: a test that runs whole suites side by side on two cores
    // can keep an answer waiting several seconds (timeouts are tested with their own limits).
    timeoutMs: 30_000,
    concurrency: options.concurrency ?? 8,
    runId: `t${(runCounter += 1)}`,
    accounts,
    register,
    ...fromSuite(options.featureLevel ?? 420),
    grep: null,
    operations: options.operations ?? [],
    clauses: [],
    seed: null,
    propertyFactor: 1,
  });
}

/** A Session against a fresh reference server (quirks, proxy) for the duration of fn. */
export async function withSession<T>(options: SuiteRun, fn: (session: Session) => Promise<T>): Promise<T> {
  const server = await startReferenceServer({
    quirks: options.quirks ?? [],
    flavor: options.variant ? 'variant' : 'zulip',
    featureLevel: options.serverFeatureLevel,
    ...(options.shortcuts === false ? { shortcuts: false } : {}),
  });
  const proxy = options.rewrite ? await startProxy(server.url, options.rewrite) : null;
  const session = sessionFor(server, options, proxy?.url, await registerOf(server));
  try {
    return await fn(session);
  } finally {
    await session.close();
    await proxy?.close();
    await server.close();
  }
}

/** The limits and display names the cases read (${register.*}), as the CLI's preflight fetches them. */
export async function registerOf(server: ReferenceServer): Promise<Record<string, unknown>> {
  const client = new ApiClient(server.url, { timeoutMs: 30_000 });
  return fetchRegister(client, 'owner', server.accounts.owner).finally(() => client.close());
}

export function runSuite(options: SuiteRun = {}): Promise<Map<string, CaseResult>> {
  return withSession(options, async (session) => {
    const { specs } = theSuite();
    const only = options.cases ? new Set(options.cases) : null;
    const chosen = specs
      .filter((s) => !options.operations?.length || options.operations.includes(s.operation))
      .map((s) => (only ? { ...s, cases: s.cases.filter((c) => only.has(c.id)) } : s))
      .filter((s) => s.cases.length);
    const results = await executeSpecs(session, chosen);
    return new Map(results.map((r) => [r.id, r]));
  });
}
