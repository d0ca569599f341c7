// One run's live state in a worker: the client, the redactor, the variables every case sees,
// the fixtures of each spec file (provisioned once, on first use) and the scheduling locks.
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient } from '../http/client.js';
import { RequestMeter } from '../http/request-cost.js';
import { Redactor } from '../http/redact.js';
import { accountsByLabel, extrasByPool, POOLS, type Account, type Role } from '../common/vocabulary.js';
import type { Vars } from '../engine/run/interpolate.js';
import { NamedLocks, ReadWriteLock, Semaphore, type LockClaim } from './locks.js';
import { lockClaims } from './lock-claims.js';
import { deleteQueues, MADE_ACCOUNT_LABEL, runSteps, type OpenedQueue, type StepRecord, type TargetContext } from '../engine/run/run-steps.js';
import type { Case, SpecFile } from '../engine/load/types.js';
import { planInputOf, type PlanInput } from '../engine/run/plan.js';
import type { RunSettings } from './hand-over.js';
import { harRecorder } from '../report/writers/har.js';
import { ledgerRecorder } from './ledger.js';
import { operationMatcher } from '../engine/judge/operation-of.js';
import type { Exchange } from '../http/client.js';
import { StopListener } from './stop-signal.js';
import { madeByRun } from './made-by-run.js';
import { ChangeLedger } from './change-ledger.js';
import { kindContext } from '../engine/run/kind-context.js';
import type { PropertyCase } from '../property/define.js';
import { castUnits, expectedRequests, partsOf, POOL_PARTS, poolsOf, type Cast, type CastUnit, type Part } from './spread.js';
import { OrganisationSettings } from './organisation-settings.js';
import { accountsHeld } from '../engine/run/not-affected.js';

export class FixtureError extends Error {}

/** Every `api_key` string in an answer, at any depth (POST /bots, GET /bots). */
export function apiKeysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(apiKeysIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, v]) => (name === 'api_key' && typeof v === 'string' ? [v] : apiKeysIn(v)));
}

/** Waits for a promise (outside the caller's slot, when the Session hands it out). */
export type Waiter = <V>(waited: Promise<V>) => Promise<V>;

export class Session {
  readonly ctx: TargetContext;
  readonly redactor = new Redactor();
  readonly globals: Vars;
  private readonly fixtures = new Map<string, Promise<Vars>>();
  /** Event queues a file's fixtures opened, deleted with the file's cleanup. */
  private readonly fixtureQueues = new Map<string, OpenedQueue[]>();
  /** Files whose fixture steps have finished (made, or failed). */
  private readonly fixturesMade = new Set<string>();
  /** The ids of the messages each file's fixture steps sent (the ones its fixturesAge ages). */
  private readonly fixtureMessages = new Map<string, number[]>();
  /** Files with fixturesAge: their fixtures made and aged; why they could not be aged, or null. */
  private readonly ripening = new Map<string, Promise<string | null>>();
  private readonly slots: Semaphore;
  /**
   * The exclusive groups take it while no other case runs. Where the target's rate limit bounds
   * the run (settings.groupsFirst) they go as soon as the cases already running are done, not
   * after every other case: the administrator's and owner's requests of the groups then leave
   * while their windows are fresh, beside nothing, and the rest of the run spreads over every
   * account after them. Elsewhere latency bounds the run: the groups go once every other case is
   * done, so the long chains of the other cases start with the run instead of waiting behind the
   * groups' few cases at a time.
   */
  private readonly realm: ReadWriteLock;
  private readonly fileLocks = new NamedLocks();
  private readonly stop: StopListener | null;
  /** What the run's requests cost, per account, operation and purpose (written at close). */
  readonly meter: RequestMeter;
  private readonly client: ApiClient;
  /** Which accounts play member and member2, by spec file or property, for those spread over the plain members. */
  private casts = new Map<string, Cast>();
  /** The run's accounts by label (member, admin, extra1, extra-admin1...): the ledger's changers, and whom a cast names. */
  private readonly byLabel: Partial<Record<string, Account & { userId: number }>>;
  private readonly scopes = new Map<string, { ctx: TargetContext; globals: Vars }>();
  /** The organisation settings the cases need, made to hold for them and put back after. */
  readonly organisation: OrganisationSettings;

  constructor(readonly settings: RunSettings) {
    // --har: every exchange, redacted, appended to this worker's file (assembled by the CLI).
    // The ledger: what the run creates, for cleanup after a crash.
    const ledger = settings.ledger ? ledgerRecorder(settings.ledger.file, settings.runId, settings.ledger.resources) : null;
    // What the run creates, for the generic checks (the timestamps a run causes) and the ledger
    // of changes (a change to what the run made is none to what existed before it).
    const made = settings.kinds || settings.ledger?.changes ? madeByRun(settings.resources ?? settings.ledger?.resources ?? [], settings.runId) : null;
    // The ledger of changes: what a request is about to change is noted, with its value, before it goes out.
    let changes: ChangeLedger | null = null;
    // The keys of accounts the run makes are learnt from the answers first, so no record keeps them.
    const listeners = [
      (exchange: Exchange) => this.learnKeys(exchange),
      ...(settings.harDir ? [harRecorder(settings.harDir, this.redactor)] : []),
      ...(ledger ? [ledger.onExchange] : []),
      ...(made ? [made.onExchange] : []),
    ];
    const onExchange = (exchange: Exchange, at: Date) => listeners.forEach((listen) => listen(exchange, at));
    const documented = settings.documentedParameters ?? {};
    const operationOf = operationMatcher(Object.keys(documented));
    this.meter = new RequestMeter(operationOf);
    const onRequests = [...(ledger ? [ledger.onRequest] : []), ...(made ? [made.onRequest] : [])];
    const client = new ApiClient(settings.targetUrl, {
      timeoutMs: settings.timeoutMs,
      connections: settings.concurrency * 2,
      onExchange,
      onRequest: onRequests.length ? (request: Exchange['request']) => onRequests.forEach((note) => note(request)) : undefined,
      beforeSend: settings.ledger?.changes?.length ? (req) => changes!.beforeSend(req) : undefined,
      meter: this.meter,
    });
    this.client = client;
    // The extra accounts' own settings are noted too, by their labels (extra1...), as they send them.
    this.byLabel = accountsByLabel(settings.accounts, extrasByPool(settings.extras ?? []));
    if (settings.ledger?.changes?.length) changes = new ChangeLedger(settings.ledger.file, settings.ledger.changes, this.byLabel, client, made!.made);
    this.ctx = {
      client,
      accounts: settings.accounts,
      profile: settings.profile,
      disputedClauses: new Set(settings.disputedClauses ?? []),
      documentedParameters: (method, path) => documented[operationOf(method, path) ?? ''] ?? null,
      featureLevel: settings.featureLevel,
      madeAccount: (email, apiKey) => this.redactor.addAccount(MADE_ACCOUNT_LABEL, email, apiKey),
      ...(settings.kinds && made ? { kinds: kindContext(settings.kinds, Date.now(), made.made) } : {}),
    };
    this.organisation = new OrganisationSettings(this.ctx, settings.featureLevel, settings.claimedFeatureLevel);
    this.slots = new Semaphore(settings.concurrency);
    this.realm = new ReadWriteLock({ preferWriters: settings.groupsFirst ?? false });
    this.stop = settings.stopChannel ? new StopListener(settings.stopChannel) : null;
    const accounts: Record<string, { email: string; user_id: number }> = {};
    for (const [role, account] of Object.entries(settings.accounts)) {
      this.redactor.addAccount(role, account.email, account.apiKey);
      accounts[role] = { email: account.email, user_id: account.userId };
    }
    for (const extra of settings.extras ?? []) this.redactor.addAccount(extra.label, extra.email, extra.apiKey);
    this.globals = { run: { id: settings.runId }, accounts, register: settings.register, featureLevel: settings.featureLevel };
  }

  get planInput(): PlanInput {
    const s = this.settings;
    return planInputOf(s, s.featureLevel, Object.keys(s.accounts) as Role[], s.referenceSeed, s.ownerCanChangeUserEmails ?? false);
  }

  /**
   * Casts the spec files marked `anyMembers`, `anyAdmins` or `anyOwners` (and the properties
   * marked `anyMembers`) over the run's accounts of that role (runner/spread.ts), for each pool the
   * run holds extra accounts of: without them each runs as written.
   */
  spread(specs: readonly SpecFile[], properties: readonly PropertyCase<unknown, unknown>[]): ReadonlyMap<string, Cast> {
    const { accounts, extras = [], profile } = this.settings;
    const casts = new Map<string, Cast>();
    // The files of an exclusive group are one unit: they take turns over the same state, so one
    // account plays a part for all of them (what they change of it, and cannot put back, stays on one).
    const counted = specs.map((spec) => ({
      key: spec.file,
      unit: typeof spec.exclusive === 'string' ? `exclusive:${spec.exclusive}` : spec.file,
      pools: poolsOf(spec),
      counts: expectedRequests(spec, profile),
    }));
    for (const def of properties) {
      if (def.profile && def.profile !== profile) continue;
      const perRole = (def.runs * this.settings.propertyFactor * (def.requestsPerRun ?? 2)) / def.roles.length;
      counted.push({ key: def.id, unit: def.id, pools: poolsOf(def), counts: Object.fromEntries(def.roles.map((role) => [role, perRole])) });
    }
    for (const pool of POOLS) {
      const parts = POOL_PARTS[pool];
      const more = extras.filter((e) => e.pool === pool);
      if (!more.length || parts.some((part) => !accounts[part])) continue;
      const expected: Record<string, number> = {};
      const units = new Map<string, CastUnit>();
      for (const { unit, pools, counts } of counted) {
        if (!pools.includes(pool)) {
          for (const part of parts) expected[part] = (expected[part] ?? 0) + (counts[part] ?? 0);
          continue;
        }
        const load = units.get(unit)?.load ?? {};
        for (const [part, n] of Object.entries(partsOf(counts, pool)) as [Part, number][]) load[part] = (load[part] ?? 0) + n;
        units.set(unit, { key: unit, load });
      }
      const cast = castUnits([...units.values()], [...parts, ...more.map((e) => e.label)], expected, parts);
      for (const { key, unit, pools } of counted) if (pools.includes(pool)) casts.set(key, { ...casts.get(key), ...cast.get(unit) });
    }
    this.casts = casts;
    return this.casts;
  }

  /** The cast of a spec file or property: the label of the account playing each part it recasts. */
  castOf(key: string): Cast {
    return this.casts.get(key) ?? {};
  }

  /**
   * The context and variables of a spec file or property: the run's own, or for one cast over
   * the plain members, with the accounts its cast chose as member and member2.
   */
  scope(key: string, outsideSlot?: Waiter): { ctx: TargetContext; globals: Vars } {
    const scope = this.castScope(key);
    // A request of a case paced by a rate limit waits without the case's slot: given along with
    // each request, not found in an async context (whose promise hooks cost every promise).
    if (!outsideSlot) return scope;
    const client = this.client;
    return { ...scope, ctx: { ...scope.ctx, client: { send: (req) => client.send({ waitOutside: outsideSlot, ...req }) } } };
  }

  private castScope(key: string): { ctx: TargetContext; globals: Vars } {
    const cast = this.casts.get(key);
    if (!cast) return { ctx: this.ctx, globals: this.globals };
    let scope = this.scopes.get(key);
    if (!scope) {
      const accounts = { ...this.ctx.accounts };
      for (const [part, label] of Object.entries(cast)) accounts[part as Role] = { ...this.byLabel[label]!, label };
      const named = Object.fromEntries(Object.entries(accounts).map(([role, a]) => [role, { email: a.email, user_id: a.userId }]));
      scope = { ctx: { ...this.ctx, accounts }, globals: { ...this.globals, accounts: named } };
      this.scopes.set(key, scope);
    }
    return scope;
  }

  /** An answer carrying API keys (of bots the run made): each becomes a secret the redactor knows. */
  private learnKeys(exchange: Exchange): void {
    if (!exchange.response?.text.includes('"api_key"')) return;
    for (const key of apiKeysIn(exchange.response?.json)) this.redactor.add(key, `[redacted: ${MADE_ACCOUNT_LABEL}]`);
  }

  /**
   * The spec file's fixture variables; its fixture steps run once, on first use, by the case that
   * asks first. A case that finds them still being made waits through `wait` (outside its slot,
   * see scheduled), so the file's other cases do not hold slots meanwhile.
   */
  fixtureVars(spec: SpecFile, wait: Waiter = (p) => p): Promise<Vars> {
    const pending = this.fixtures.get(spec.file);
    if (pending) return this.fixturesMade.has(spec.file) ? pending : wait(pending);
    const { ctx, globals } = this.scope(spec.file, wait);
    const making = runSteps(spec.fixtures ?? [], ctx, globals, { clauses: [], purpose: 'fixture' })
      .then((outcome) => {
        this.fixtureQueues.set(spec.file, outcome.queues);
        this.fixtureMessages.set(spec.file, sentMessageIds(outcome.records));
        if (outcome.status === 'passed') return outcome.vars;
        const why = outcome.status === 'errored' ? outcome.cause : `${outcome.failures[0].message} (${outcome.summary})`;
        throw new FixtureError(this.redactor.text(`fixture of ${spec.file} could not be made: ${why}`));
      })
      .finally(() => this.fixturesMade.add(spec.file));
    this.fixtures.set(spec.file, making);
    return making;
  }

  /**
   * A file with fixturesAge: its fixtures are made at once, as any case beside the others' (not
   * in the file's exclusive turn, which comes after they aged), then aged: waited for without
   * holding a slot or a lock, or, on the reference server with its shortcuts, made older by it.
   * Resolves to why they could not be aged, or null (fixtures that failed are the cases' to report).
   */
  ripen(spec: SpecFile): Promise<string | null> {
    let ripe = this.ripening.get(spec.file);
    if (!ripe) {
      const seconds = spec.fixturesAge ?? 0;
      ripe = this.besideOthers(() =>
        this.fixtureVars(spec).then(
          () => true,
          () => false,
        ),
      ).then((made) => (made ? this.age(seconds, this.fixtureMessages.get(spec.file) ?? []) : null));
      this.ripening.set(spec.file, ripe);
    }
    return ripe;
  }

  /** Runs fn as a case of no exclusive file would: beside the others, in a slot. */
  private async besideOthers<T>(fn: () => Promise<T>): Promise<T> {
    // Ahead of a waiting group: aging fixtures start their wait at once.
    const releaseRealm = await this.realm.read(true);
    const releaseSlot = await this.slots.acquire();
    try {
      return await fn();
    } finally {
      releaseSlot();
      releaseRealm();
    }
  }

  /** Lets `seconds` pass for the messages a file's fixtures sent (see ripen); why not, or null. */
  private async age(seconds: number, messageIds: readonly number[]): Promise<string | null> {
    if (!(this.settings.referenceClock ?? this.settings.referenceSeed)) {
      // An interrupted run does not wait out the rest.
      const cut = new AbortController();
      void this.stop?.whenStopped.then(() => cut.abort());
      await sleep(seconds * 1000, undefined, { signal: cut.signal }).catch(() => undefined);
      return null;
    }
    const [role, account] = Object.entries(this.settings.accounts)[0] ?? [];
    if (!account) return 'no account configured to ask the reference server to age the messages';
    const exchange = await this.ctx.client.send({
      method: 'POST',
      path: '/reference/age_messages',
      // Only the file's own: the messages other cases send meanwhile keep their times.
      params: { seconds, message_ids: [...messageIds] },
      auth: { ...account, role },
      purpose: 'fixture',
    });
    const status = exchange.response?.status;
    return status === 200 ? null : `the reference server did not age the messages (${exchange.error?.message ?? `HTTP ${status}`})`;
  }

  /**
   * Undoes a spec file's fixtures, if they were made. Returns a problem, or null. Scheduled like
   * the file's cases: an exclusive file's cleanup (restoring organisation settings) must not run
   * beside another exclusive file's case, whose event queue would hear of it.
   */
  cleanup(spec: SpecFile): Promise<string | null> {
    return this.scheduled(spec, (outsideSlot) => this.undoFixtures(spec, outsideSlot));
  }

  private async undoFixtures(spec: SpecFile, outsideSlot: Waiter): Promise<string | null> {
    const { ctx } = this.scope(spec.file, outsideSlot);
    await deleteQueues(ctx, this.fixtureQueues.get(spec.file) ?? []);
    const made = this.fixtures.get(spec.file);
    if (!made || !spec.cleanup?.length) return null;
    const vars = await made.catch(() => null);
    if (!vars) return null;
    const outcome = await runSteps(spec.cleanup, ctx, vars, { clauses: [], purpose: 'cleanup' });
    if (outcome.status === 'passed') return null;
    return this.redactor.text(`cleanup of ${spec.file}: ${outcome.status === 'errored' ? outcome.cause : outcome.failures[0].message}`);
  }

  /**
   * Runs fn when the spec file's scheduling rules allow. Exclusive files run while no
   * non-exclusive case runs: alone (`exclusive: true`) or beside the files of their group, one
   * case at a time (their cases restore organisation-wide settings that other cases rely on).
   * Within that, a case holds the named locks of its file's `serial` and `lock` (lock-claims.ts):
   * the file's, its account's, the settings it changes. Without a case (a file's cleanup, a
   * property) it holds its file's lock alone. fn gets a waiter: what it waits for through it
   * (another case's work) it waits for without holding a slot. `length`, the requests it is
   * expected to send (a case's: its steps), orders the queue for a slot: the longest first.
   */
  async scheduled<T>(spec: SpecFile, fn: (outsideSlot: Waiter) => Promise<T>, c?: Case, ifStopped?: () => T, length?: number): Promise<T> {
    const group = spec.exclusive === true ? spec.file : spec.exclusive || null;
    const cast = this.castOf(spec.file);
    const label = (role: string) => cast[role as keyof Cast] ?? role;
    const claims = [...lockClaims(spec, c, label), ...this.readBackClaims(c, label)];
    const oneAtATime = claims.some((claim) => claim.exclusive);
    const acquire = async () => {
      const releaseRealm = group ? await this.realm.write(group) : await this.realm.read();
      const releaseFile = await this.fileLocks.acquire(claims);
      // A one-at-a-time file's next case waits for its predecessor, then would queue behind every
      // case that arrived meanwhile: it goes first instead, so a long chain is not the run's tail.
      const slot = this.slots.acquire(oneAtATime, length ?? (c ? c.steps.length + (c.cleanup?.length ?? 0) : 0));
      await slot;
      return { releaseRealm, releaseFile, slot };
    };
    const acquiring = acquire();
    // A case still waiting for its turn when the run is stopped never starts: it says so at once,
    // instead of waiting for a long exclusive case to end and being cut short with it.
    const stop = ifStopped && this.stop ? this.stop.whenStopped.then(() => null) : null;
    const turn = stop ? await Promise.race([acquiring, stop]) : await acquiring;
    if (turn === null) {
      void acquiring.then(async ({ releaseRealm, releaseFile, slot }) => {
        (await slot)();
        releaseFile();
        releaseRealm();
      });
      return ifStopped!();
    }
    const { releaseRealm, releaseFile } = turn;
    let { slot } = turn;
    // The slot is given back while waiting, and taken again ahead of the queue. A case may wait
    // on several things at once (reads of every account, its queues deleted side by side): the
    // first to go out gives the slot back, the last to come in takes one again, so a case never
    // holds two slots and never gives back one it does not hold.
    let outside = 0;
    let ended = false;
    const outsideSlot: Waiter = async (waited) => {
      if (outside++ === 0) (await slot)();
      try {
        return await waited;
      } finally {
        if (--outside === 0 && !ended) await (slot = this.slots.acquire(true));
      }
    };
    try {
      return await fn(outsideSlot);
    } finally {
      ended = true;
      (await slot)();
      releaseFile();
      releaseRealm();
    }
  }

  /**
   * The accounts a case's not-affected checks read, held alone for the length of the case: no
   * other case of the run changes them between the reads before and after its change.
   */
  private readBackClaims(c: Case | undefined, label: (role: string) => string): LockClaim[] {
    const kinds = this.ctx.kinds;
    if (!c || !kinds) return [];
    // By the account playing each role in the case's cast, as its other claims.
    return accountsHeld(c, kinds, Object.keys(this.settings.accounts) as Role[]).map((role) => ({ key: `account ${label(role)}`, exclusive: true, tier: 1 }));
  }

  /**
   * Whether a file's cases are of the part of the run that goes first: the exclusive groups'
   * where they go first (settings.groupsFirst), the others' elsewhere.
   */
  goesFirst(spec: Pick<SpecFile, 'exclusive'>): boolean {
    return Boolean(spec.exclusive) === (this.settings.groupsFirst ?? false);
  }

  /** The run was interrupted (Ctrl-C): cases not yet started are skipped. */
  get stopped(): boolean {
    return this.stop?.stopped ?? false;
  }

  private closed: Promise<void> | null = null;

  /** Ends the run's session (once: a second call waits for the first). */
  close(): Promise<void> {
    return (this.closed ??= this.closeOnce());
  }

  private async closeOnce(): Promise<void> {
    this.stop?.close();
    // Settings that cases never started (an interrupted run, a filter) still needed are put back now.
    for (const problem of await this.organisation.restoreAll()) console.warn(this.redactor.text(problem));
    await this.client.close();
    if (this.settings.costFile) writeFileSync(this.settings.costFile, JSON.stringify(this.meter.snapshot()));
  }
}

/** The ids of the messages the steps' POST /messages sent, from their answers. */
function sentMessageIds(records: readonly StepRecord[]): number[] {
  return records.flatMap(({ exchange }) => {
    const id = (exchange.response?.json as { id?: unknown } | undefined)?.id;
    return exchange.request.method === 'POST' && /\/messages$/.test(exchange.request.url.split('?')[0]) && Number.isInteger(id) ? [id as number] : [];
  });
}
