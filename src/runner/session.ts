// One run's live state in a worker: the client, the redactor, the variables every case sees,
// the fixtures of each spec file (provisioned once, on first use) and the scheduling locks.
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient } from '../http/client.js';
import { RequestMeter } from '../http/request-cost.js';
import { Redactor } from '../http/redact.js';
import type { Role } from '../common/vocabulary.js';
import type { Vars } from '../engine/run/interpolate.js';
import { NamedLocks, ReadWriteLock, Semaphore, type LockClaim } from './locks.js';
import { lockClaims } from './lock-claims.js';
import { deleteQueues, MADE_ACCOUNT_LABEL, runSteps, type OpenedQueue, type TargetContext } from '../engine/run/run-steps.js';
import type { Case, SpecFile } from '../engine/load/types.js';
import { planInputOf, type PlanInput } from '../engine/run/plan.js';
import type { RunSettings } from './hand-over.js';
import { harRecorder } from '../report/writers/har.js';
import { ledgerRecorder } from './ledger.js';
import { operationMatcher } from '../engine/judge/operation-of.js';
import type { Exchange } from '../http/client.js';
import { StopListener } from './stop-signal.js';
import { madeByRun } from './made-by-run.js';
import { kindContext } from '../engine/run/kind-context.js';
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
  /** Files with fixturesAge: their fixtures made and aged; why they could not be aged, or null. */
  private readonly ripening = new Map<string, Promise<string | null>>();
  private readonly slots: Semaphore;
  private readonly realm = new ReadWriteLock();
  private readonly fileLocks = new NamedLocks();
  private readonly stop: StopListener | null;
  /** What the run's requests cost, per account, operation and purpose (written at close). */
  readonly meter: RequestMeter;
  /** The waiter of the case whose code is running: a request paced by the rate limit waits without its slot. */
  private readonly currentWaiter = new AsyncLocalStorage<Waiter>();

  constructor(readonly settings: RunSettings) {
    // --har: every exchange, redacted, appended to this worker's file (assembled by the CLI).
    // The ledger: what the run creates, for cleanup after a crash.
    const ledger = settings.ledger ? ledgerRecorder(settings.ledger.file, settings.runId, settings.ledger.resources) : null;
    // What the run creates, for the generic checks (the timestamps a run causes).
    const made = settings.kinds ? madeByRun(settings.resources ?? settings.ledger?.resources ?? [], settings.runId) : null;
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
      meter: this.meter,
      waitOutside: (waited) => (this.currentWaiter.getStore() ?? ((p) => p))(waited),
    });
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
    this.slots = new Semaphore(settings.concurrency);
    this.stop = settings.stopChannel ? new StopListener(settings.stopChannel) : null;
    const accounts: Record<string, { email: string; user_id: number }> = {};
    for (const [role, account] of Object.entries(settings.accounts)) {
      this.redactor.addAccount(role, account.email, account.apiKey);
      accounts[role] = { email: account.email, user_id: account.userId };
    }
    this.globals = { run: { id: settings.runId }, accounts, register: settings.register, featureLevel: settings.featureLevel };
  }

  get planInput(): PlanInput {
    const s = this.settings;
    return planInputOf(s, s.featureLevel, Object.keys(s.accounts) as Role[], s.referenceSeed, s.ownerCanChangeUserEmails ?? false);
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
    const making = runSteps(spec.fixtures ?? [], this.ctx, this.globals, { clauses: [], purpose: 'fixture' })
      .then((outcome) => {
        this.fixtureQueues.set(spec.file, outcome.queues);
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
      ).then((made) => (made ? this.age(seconds) : null));
      this.ripening.set(spec.file, ripe);
    }
    return ripe;
  }

  /** Runs fn as a case of no exclusive file would: beside the others, in a slot. */
  private async besideOthers<T>(fn: () => Promise<T>): Promise<T> {
    const releaseRealm = await this.realm.read();
    const releaseSlot = await this.slots.acquire();
    try {
      return await fn();
    } finally {
      releaseSlot();
      releaseRealm();
    }
  }

  /** Lets `seconds` pass for what the run made so far (see ripen); why not, or null. */
  private async age(seconds: number): Promise<string | null> {
    if (!this.settings.referenceSeed) {
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
      params: { seconds },
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
    return this.scheduled(spec, () => this.undoFixtures(spec));
  }

  private async undoFixtures(spec: SpecFile): Promise<string | null> {
    await deleteQueues(this.ctx, this.fixtureQueues.get(spec.file) ?? []);
    const made = this.fixtures.get(spec.file);
    if (!made || !spec.cleanup?.length) return null;
    const vars = await made.catch(() => null);
    if (!vars) return null;
    const outcome = await runSteps(spec.cleanup, this.ctx, vars, { clauses: [], purpose: 'cleanup' });
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
   * (another case's work) it waits for without holding a slot.
   */
  async scheduled<T>(spec: SpecFile, fn: (outsideSlot: Waiter) => Promise<T>, c?: Case): Promise<T> {
    const group = spec.exclusive === true ? spec.file : spec.exclusive || null;
    const releaseRealm = group ? await this.realm.write(group) : await this.realm.read();
    const claims = [...lockClaims(spec, c), ...this.readBackClaims(c)];
    const releaseFile = await this.fileLocks.acquire(claims);
    const oneAtATime = claims.some((claim) => claim.exclusive);
    // A one-at-a-time file's next case waits for its predecessor, then would queue behind every
    // case that arrived meanwhile: it goes first instead, so a long chain is not the run's tail.
    let releaseSlot = await this.slots.acquire(oneAtATime);
    // The slot is given back while waiting, and taken again ahead of the queue.
    const outsideSlot: Waiter = async (waited) => {
      releaseSlot();
      try {
        return await waited;
      } finally {
        releaseSlot = await this.slots.acquire(true);
      }
    };
    try {
      return await this.currentWaiter.run(outsideSlot, () => fn(outsideSlot));
    } finally {
      releaseSlot();
      releaseFile();
      releaseRealm();
    }
  }

  /**
   * The accounts a case's not-affected checks read, held alone for the length of the case: no
   * other case of the run changes them between the reads before and after its change.
   */
  private readBackClaims(c: Case | undefined): LockClaim[] {
    const kinds = this.ctx.kinds;
    if (!c || !kinds) return [];
    return accountsHeld(c, kinds, Object.keys(this.settings.accounts) as Role[]).map((role) => ({ key: `account ${role}`, exclusive: true, tier: 1 }));
  }

  /** The run was interrupted (Ctrl-C): cases not yet started are skipped. */
  get stopped(): boolean {
    return this.stop?.stopped ?? false;
  }

  async close(): Promise<void> {
    this.stop?.close();
    await this.ctx.client.close();
    if (this.settings.costFile) writeFileSync(this.settings.costFile, JSON.stringify(this.meter.snapshot()));
  }
}
