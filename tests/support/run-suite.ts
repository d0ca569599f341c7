// Runs spec cases against the reference server (optionally with quirks, optionally behind a
// rewriting proxy) exactly as a conformance run does, without spawning vitest.
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { loadSuite, type Suite } from '../../src/engine/load/load.js';
import { documentedParameters } from '../../src/engine/run/plan.js';
import { kindChecksOf } from '../../src/engine/load/statement-kinds.js';
import { Session } from '../../src/runner/session.js';
import { executeProperty, executeSpecs, skippedResult } from '../../src/runner/execute.js';
import { planProperty, planPropertyShape } from '../../src/runner/plan-property.js';
import { propertyFiles } from '../../src/property/files.js';
import type { PropertyCase } from '../../src/property/define.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import type { Profile, Role } from '../../src/common/vocabulary.js';
import { startProxy, type Rewrite } from './rewriting-proxy.js';
import { startLimitingProxy, type LimitingProxy } from './limiting-proxy.js';
import { ApiClient } from '../../src/http/client.js';
import { fetchRegister } from '../../src/commands/run/preflight.js';
import { startColleagues, type ColleaguesOptions, type ColleaguesReport } from './colleagues.js';
import { scaled } from './time-limits.js';

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
  /**
   * A limiter that does not say its limit (tests/support/limiting-proxy.ts): this many requests
   * per account per window, 429 with Retry-After, no X-RateLimit-* headers; `zulip`, the
   * reference server's own (sliding windows), or `fixed`, the proxy's (fixed windows).
   */
  limit?: { requests: number; seconds: number; kind: 'zulip' | 'fixed' };
  /** Hears of the limiter, to read what it refused. */
  onLimiter?: (limiter: LimitingProxy) => void;
  /**
   * Busy colleagues (tests/support/colleagues.ts) at work on the server from before the run starts
   * until it ends, made by the owner (the one seeded account that may create users) and writing
   * to the run's accounts; `onColleagues` hears what they did.
   */
  colleagues?: Pick<ColleaguesOptions, 'rate' | 'count' | 'mix'>;
  onColleagues?: (report: ColleaguesReport) => void;
  /** Organisation settings the server's owner sets through PATCH /realm before the run (form values). */
  realm?: Record<string, string>;
  /** Only these accounts configured (default: every one the server has). */
  roles?: Role[];
  /** Also these properties (by id), planned and scheduled as in a run. */
  properties?: string[];
  /** Called once the run has ended (its session closed), before the server stops: to read what it left. */
  afterRun?: (server: ReferenceServer) => Promise<void>;
}

/**
 * The time limit of a test that runs the whole suite: it catches a hang, not slowness. A run takes
 * seconds on an idle machine and several times longer on a busy one (time-limits.ts scales it).
 */
export const WHOLE_RUN_TIMEOUT_MS = scaled(300_000);

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
    Object.entries({ ...server.accounts, bot: server.bot })
      .filter(([role]) => !options.roles || options.roles.includes(role as Role))
      .map(([role, a]) => [role, { email: a.email, apiKey: a.apiKey, userId: a.userId }]),
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
    timeoutMs: scaled(30_000),
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
    ...(options.limit?.kind === 'zulip' ? { rateLimit: options.limit } : {}),
  });
  if (options.realm) await configureRealm(server, options.realm);
  const limiter = options.limit ? await startLimitingProxy(server.url, options.limit.kind === 'fixed' ? options.limit : null) : null;
  if (limiter) options.onLimiter?.(limiter);
  const proxy = options.rewrite ? await startProxy(limiter?.url ?? server.url, options.rewrite) : null;
  const session = sessionFor(server, options, proxy?.url ?? limiter?.url, await registerOf(server));
  const colleagues = options.colleagues
    ? await startColleagues({
        ...options.colleagues,
        url: server.url,
        creator: server.accounts.owner,
        recipients: Object.values(server.accounts).map((a) => a.userId),
      })
    : null;
  try {
    const result = await fn(session);
    await session.close();
    await options.afterRun?.(server);
    return result;
  } finally {
    const done = await colleagues?.stop();
    if (done) options.onColleagues?.(done);
    await session.close();
    await proxy?.close();
    await limiter?.close();
    await server.close();
  }
}

/** The limits and display names the cases read (${register.*}), as the CLI's preflight fetches them. */
export async function registerOf(server: ReferenceServer): Promise<Record<string, unknown>> {
  const client = new ApiClient(server.url, { timeoutMs: scaled(30_000) });
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
    const [results, properties] = await Promise.all([executeSpecs(session, chosen), runProperties(session, options.properties ?? [])]);
    return new Map([...results, ...properties].map((r) => [r.id, r]));
  });
}

/** The properties named, as a run plans and schedules them (seed 42, default runs). */
async function runProperties(session: Session, ids: string[]): Promise<CaseResult[]> {
  if (!ids.length) return [];
  const modules = await Promise.all(propertyFiles().map((file) => import(file) as Promise<{ PROPERTY: PropertyCase<unknown, unknown> }>));
  const defs = modules.map((m) => m.PROPERTY).filter((def) => ids.includes(def.id));
  const operations = loadSuite().specs.map((s) => s.operation);
  const planned = defs.map((def) => ({ def, decision: planProperty(session, def) }));
  const results = await Promise.all(
    planned.map(({ def, decision }) => {
      if (decision.run) return executeProperty(session, def, { seed: 42, runsFactor: 1, vars: session.globals, operations });
      const { spec, c } = planPropertyShape(def);
      return Promise.resolve('skip' in decision ? skippedResult(spec, c, decision.skip, decision.onTarget) : null);
    }),
  );
  return results.filter((r): r is CaseResult => r !== null);
}

/** The organisation as its owner configured it: PATCH /realm before the run. */
async function configureRealm(server: ReferenceServer, form: Record<string, string>): Promise<void> {
  const client = new ApiClient(server.url, { timeoutMs: 30_000 });
  try {
    const answer = await client.send({ method: 'PATCH', path: '/realm', params: form, auth: { ...server.accounts.owner, role: 'owner' } });
    const body = answer.response?.json as { result?: string; msg?: string } | undefined;
    if (body?.result !== 'success') throw new Error(`PATCH /realm ${JSON.stringify(form)}: ${body?.msg ?? answer.error?.message}`);
  } finally {
    await client.close();
  }
}
