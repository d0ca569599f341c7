// Executes a list of steps against the target: interpolate, send, judge, capture.
// Stops at the first step that breaks an expectation, since later steps build on it.
import type { Account, Profile, Role } from '../../common/vocabulary.js';
import type { ApiClient, Exchange } from '../../http/client.js';
import { rateLimitCause } from '../../http/limit-learner.js';
import type { RequestPurpose } from '../../http/request-cost.js';
import { encodeParam, type Params } from '../../http/encode.js';
import { resolvePath } from '../judge/body-path.js';
import { interpolate, InterpolationError, type Vars } from './interpolate.js';
import { holds, judge, type Attribution } from '../judge/judge.js';
import { captureFailure, checkFailure, type Failure, type Judged } from '../judge/failure.js';
import { eventsComplete, judgeEvents, type QueuedEvent } from '../judge/events-judge.js';
import { ASSERTION_KEYS, show } from '../judge/matchers.js';
import { roleOf, type Assertion, type EventsSpec, type MadeAccount, type RepeatSpec, type Step } from '../load/types.js';
import type { KindContext } from './kind-context.js';
import { kindChecksOfStep, type KindOwner } from './kind-checks.js';
import { eventKindFindings } from './kind-events.js';

export interface TargetContext {
  /** Sends the requests (a case's sends wait for a rate limit outside its slot: runner/session.ts). */
  client: Pick<ApiClient, 'send'>;
  /**
   * The account each role calls as. A file the run spreads over its plain members has other
   * accounts here as member and member2, each with its own label (extra1...), which the
   * requests carry instead of the role's name.
   */
  accounts: Partial<Record<Role, Account & { userId: number; label?: string }>>;
  profile: Profile;
  /** Clauses where the document and the Zulip server disagree: under spec, their checks only warn. */
  disputedClauses?: ReadonlySet<string>;
  /** The parameters the document lists for the operation a request is (null: not one of its operations). */
  documentedParameters?: (method: string, path: string) => string[] | null;
  /** The feature level the target is judged as (default: any field of a schema may be required). */
  featureLevel?: number;
  /** Hears of an account the run made before a step calls as it, so its credentials are redacted. */
  madeAccount?: (email: string, apiKey: string) => void;
  /** The statement kinds' generic checks (units, optional parameters, defaults, not-affected), applied to every case step. */
  kinds?: KindContext;
}

export interface StepRecord {
  /** 0-based position in the list. */
  index: number;
  exchange: Exchange;
  failures: Failure[];
  summary: string;
  /** The step's captures: name -> body path, as sent (for the reproduction script). */
  capture?: Record<string, string>;
  /** The values the captures got. */
  captured?: Record<string, unknown>;
  /** How many times the request was sent, when its answer asked for a repeat (the step's `repeat`). */
  sent?: number;
}

interface Common {
  records: StepRecord[];
  vars: Vars;
  /** Checks of disputed clauses the target answered the other way: warnings, not failures. */
  disputes: Failure[];
  /** Event queues the steps opened: the case deletes them when it ends. */
  queues: OpenedQueue[];
}

export interface OpenedQueue {
  id: string;
  /** Who opened it: a configured role, or an account the run made (given with it). */
  role: string;
  account?: Account;
}

export type StepsOutcome =
  (Common & { status: 'passed' }) | (Common & { status: 'failed'; failures: Failure[]; summary: string }) | (Common & { status: 'errored'; cause: string });

/** Whose checks these steps are: a case's (clauses, facts), or none (fixtures, cleanups). */
export interface StepOwner extends KindOwner {
  clauses: string[];
  facts?: string[];
  /** The clauses cited that the document shows no way to observe (a zulip check reads them through Zulip's means). */
  unobservable?: string[];
  zulipCase?: boolean;
  /** The case the requests belong to: the HAR labels each with it and the step's number. */
  caseId?: string;
  /** Why the steps are sent, for the run's cost: a case's own steps check (its setup steps are fixtures). */
  purpose?: RequestPurpose;
}

/** How a request by an account the run made is labelled (HAR, redaction, the ledger). */
export const MADE_ACCOUNT_LABEL = 'made account';

/** The step's account: a configured role's, or one the run made (its address and key interpolated). */
function accountOf(step: Step, ctx: TargetContext, vars: Vars): { label: string; account?: Account } {
  const role = roleOf(step);
  if (role) return { label: ctx.accounts[role]?.label ?? role, account: ctx.accounts[role] };
  const made = interpolate(step.as as MadeAccount, vars);
  ctx.madeAccount?.(made.email, made.apiKey);
  return { label: MADE_ACCOUNT_LABEL, account: made };
}

export async function runSteps(steps: Step[], ctx: TargetContext, initial: Vars, owner: StepOwner = { clauses: [] }): Promise<StepsOutcome> {
  const vars: Vars = { ...initial };
  const records: StepRecord[] = [];
  const disputes: Failure[] = [];
  const queues: OpenedQueue[] = [];
  for (const [index, step] of steps.entries()) {
    if (ctx.profile === 'spec' && readsOnlyForZulip(step)) continue;
    let params: Params;
    let path: string;
    let expect: Step['expect'];
    let eventsSpec: EventsSpec | undefined;
    let role: string;
    let account: Account | undefined;
    let repeat: RepeatSpec | undefined;
    try {
      params = interpolate(step.request.params ?? {}, vars);
      path = interpolate(step.request.path, vars);
      expect = withoutRetired(interpolate(step.expect, vars), vars.featureLevel);
      repeat = interpolate(step.repeat, vars);
      eventsSpec = step.events ? interpolate(step.events, vars) : undefined;
      ({ label: role, account } = accountOf(step, ctx, vars));
    } catch (error) {
      if (!(error instanceof InterpolationError)) throw error;
      // An optional step needing what an earlier optional step did not capture is passed over too.
      if (step.optional) continue;
      return { status: 'errored', records, vars, disputes, queues, cause: `step ${index + 1}: ${error.message}` };
    }
    if (!account) return { status: 'errored', records, vars, disputes, queues, cause: `step ${index + 1}: no ${role} account configured` };
    // A made account is named by its address (a bot's is no secret), a configured one by its role.
    const caller = roleOf(step) ? role : account.email;
    const auth =
      step.request.auth === 'none'
        ? null
        : step.request.auth === 'bad'
          ? { email: account.email, apiKey: `wrong-${account.apiKey.length}-key`, role }
          : { ...account, role };
    const trace = owner.caseId ? { caseId: owner.caseId, step: index + 1 } : undefined;
    const purpose: RequestPurpose = step.setup ? 'fixture' : (owner.purpose ?? 'check');
    // A case's steps get the statement kinds' generic checks; fixtures and cleanups do not, nor
    // the steps of an account the run made (the checks read the configured accounts).
    const configured = roleOf(step);
    const generic =
      owner.caseId && ctx.kinds && configured ? await kindChecksOfStep(ctx, ctx.kinds, owner, step, configured, path, params, vars, auth, trace) : null;
    if (typeof generic === 'string') return { status: 'errored', records, vars, disputes, queues, cause: `step ${index + 1}: ${generic}` };
    if (generic) params = generic.params;
    const summary = step.events
      ? `as ${caller}, events of queue ${step.events.queue}`
      : describeRequest(caller, step.request.method, path, params, step.request.auth);
    const polled = eventsSpec ? await pollEvents(ctx, eventsSpec, params, auth, purpose, trace) : null;
    const send = () =>
      ctx.client.send({
        method: step.request.method,
        path,
        params,
        auth,
        encoding: step.request.encoding,
        files: step.request.files,
        purpose,
        ...(trace ? { trace } : {}),
      });
    const repeated = polled ? { exchange: polled.exchange, sent: 1 } : await sendRepeating(send, repeat);
    const exchange = repeated.exchange;
    const record: StepRecord = {
      index,
      exchange,
      failures: [],
      summary: repeated.sent > 1 ? `${summary}, sent ${repeated.sent} times (repeated while ${condition(repeat!.while)})` : summary,
      ...(repeated.sent > 1 ? { sent: repeated.sent } : {}),
    };
    records.push(record);
    noteQueue(queues, step.request.method, path, params, exchange, role, account);
    if (exchange.error) {
      if (step.optional) continue;
      return { status: 'errored', records, vars, disputes, queues, cause: `${exchange.error.kind}: ${exchange.error.message} (${summary})` };
    }
    const limited = rateLimitCause(exchange);
    // Still rate limited after the client waited as long as it does: the server is not judged for it.
    if (limited) return { status: 'errored', records, vars, disputes, queues, cause: `${limited} (${summary})` };
    const who: Attribution = { clauses: owner.clauses, facts: owner.facts ?? [], zulipCase: owner.zulipCase ?? false, unobservable: owner.unobservable };
    const own = [
      ...judge(exchange.response!, polled ? undefined : expect, ctx.profile, who, ctx.featureLevel),
      ...(polled
        ? [...judgedEvents(polled, eventsSpec!, expect, who, ctx.featureLevel), ...eventKindFindings(polled.events, eventsSpec!, ctx.kinds, who.facts)]
        : supportedListedAsIgnored(ctx, step.request.method, path, exchange.response!.json)),
    ];
    const withGeneric = generic ? await generic.after(exchange, own, (response) => judge(response, expect, ctx.profile, who, ctx.featureLevel)) : own;
    if (typeof withGeneric === 'string') return { status: 'errored', records, vars, disputes, queues, cause: `step ${index + 1}: ${withGeneric}` };
    const judged = withGeneric.map((f) => ({ ...f, step: index + 1 }));
    if (!judged.length && step.capture) {
      for (const [name, from] of Object.entries(step.capture)) {
        const at = interpolate(from, vars);
        record.capture = { ...record.capture, [name]: at };
        const got = resolvePath(exchange.response!.json, at);
        if (got.found) {
          vars[name] = got.value;
          record.captured = { ...record.captured, [name]: got.value };
        } else {
          const clauses = expect?.clauses ?? (expect?.clause ? [expect.clause] : owner.clauses);
          judged.push({ ...captureFailure(clauses, at, name), step: index + 1 });
        }
      }
    }
    // Under spec, a check of a disputed clause is a warning; every other broken check stays a failure.
    const disputed = (f: Failure) => ctx.profile === 'spec' && f.profile !== 'zulip' && f.clauses.some((c) => ctx.disputedClauses?.has(c));
    const failures = judged.filter((f) => !disputed(f));
    disputes.push(...judged.filter(disputed));
    record.failures = failures;
    if (step.optional && judged.length) continue;
    if (failures.length) {
      if (step.setup)
        return { status: 'errored', records, vars, disputes, queues, cause: `could not set up: step ${index + 1}: ${failures[0].message} (${summary})` };
      return { status: 'failed', records, vars, disputes, queues, failures, summary };
    }
    // The steps after a disputed answer build on the other outcome: they would judge nothing.
    if (judged.length) break;
  }
  return { status: 'passed', records, vars, disputes, queues };
}

/**
 * Sends a request, and again while its success answer matches the step's `repeat.while` (the
 * document tells the client to repeat it), up to `repeat.atMost` sends in all. A repeat is the
 * client doing what the document asks, not a retry of the judgement: the last answer is judged.
 */
async function sendRepeating(send: () => Promise<Exchange>, repeat: RepeatSpec | undefined): Promise<{ exchange: Exchange; sent: number }> {
  let exchange = await send();
  let sent = 1;
  while (repeat && sent < repeat.atMost && asksForRepeat(exchange, repeat)) {
    exchange = await send();
    sent += 1;
  }
  return { exchange, sent };
}

/** "complete equals false" */
function condition(assertion: Assertion): string {
  const matchers = Object.entries(assertion).filter(([name]) => !ASSERTION_KEYS.has(name));
  return matchers.map(([name, value]) => `${assertion.path} ${name} ${show(value)}`).join(' and ');
}

function asksForRepeat(exchange: Exchange, repeat: RepeatSpec): boolean {
  const body = exchange.response?.json as { result?: unknown } | null | undefined;
  return body?.result === 'success' && holds(body, repeat.while);
}

/** A `zulip:` block resting on a fact a later level retired says nothing about a newer target. */
function withoutRetired(expect: Step['expect'], featureLevel: unknown): Step['expect'] {
  const until = expect?.zulip?.until;
  if (until === undefined || typeof featureLevel !== 'number' || featureLevel <= until) return expect;
  const { zulip: _retired, ...rest } = expect!;
  return rest;
}

/**
 * A read (GET, or POST /register) whose every check is the zulip profile's: under spec it would
 * check only the envelope, which the run's other answers of the same operation check too, so it
 * is not sent (read-backs of settings, for instance). A read whose answer a later step uses is.
 */
export function readsOnlyForZulip(step: Step): boolean {
  const e = step.expect;
  if (!e?.zulip || step.capture || step.events || step.queue) return false;
  if (step.request.method !== 'GET' && !(step.request.method === 'POST' && step.request.path === '/register')) return false;
  // A refusal (notServed) is the spec profile's check too, even with Zulip's details beside it.
  return !(e.notServed || e.result || e.code || e.status || e.schema || e.body?.length || e.ignoredParams);
}

const DEFAULT_EVENT_WAIT_MS = 3000;

interface Polled {
  /** The last GET /events exchange (an error or a non-success answer ends the wait). */
  exchange: Exchange;
  events: QueuedEvent[];
  waitedMs: number;
}

/**
 * Reads a queue (GET /events, dont_block, acknowledging what came) until the step's expected
 * events are there or its bounded wait ends: a slow server is waited for, a silent one is not
 * waited on forever.
 */
async function pollEvents(
  ctx: TargetContext,
  spec: EventsSpec,
  params: Params,
  auth: Parameters<ApiClient['send']>[0]['auth'],
  purpose: RequestPurpose,
  trace?: { caseId: string; step: number },
): Promise<Polled> {
  const started = performance.now();
  const within = spec.withinMs ?? DEFAULT_EVENT_WAIT_MS;
  const events: QueuedEvent[] = [];
  let lastEventId = -1;
  for (let attempt = 0; ; attempt += 1) {
    const exchange = await ctx.client.send({
      method: 'GET',
      path: '/events',
      params: { ...params, last_event_id: lastEventId },
      auth,
      purpose,
      ...(trace ? { trace } : {}),
    });
    const body = exchange.response?.json as { result?: unknown; events?: unknown } | undefined;
    // Stryker disable next-line ArithmeticOperator: equivalent: the wait of a read that failed is not shown (the failure is the read)
    if (exchange.error || body?.result !== 'success' || !Array.isArray(body.events))
      return { exchange, events, waitedMs: Math.round(performance.now() - started) };
    for (const event of body.events as QueuedEvent[]) {
      if (typeof event?.id === 'number' && event.id <= lastEventId) continue;
      if (event?.type !== 'heartbeat') events.push(event);
      if (typeof event?.id === 'number') lastEventId = Math.max(lastEventId, event.id);
    }
    const waited = performance.now() - started;
    if (eventsComplete(events, spec) || waited >= within) return { exchange, events, waitedMs: Math.round(waited) };
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, 10 * 2 ** attempt)));
  }
}

function judgedEvents(polled: Polled, spec: EventsSpec, expect: Step['expect'], who: Attribution, featureLevel?: number): Judged[] {
  const body = polled.exchange.response?.json as { result?: unknown; code?: unknown; msg?: unknown } | undefined;
  const stepClauses = expect?.clauses ?? (expect?.clause ? [expect.clause] : who.clauses);
  const tag = (facts: string[]) => (who.zulipCase ? { profile: 'zulip' as const, facts } : {});
  if (body?.result !== 'success') {
    const actual = body?.result === 'error' ? `error ${show(body.code)} ${show(body.msg)}` : show(body);
    const finding = { check: 'events' as const, path: '', expected: 'the queue read (GET /events answering success)', actual };
    return [checkFailure({ ...finding, message: `reading the event queue: expected success, got ${actual}` }, stepClauses, tag(who.facts))];
  }
  return judgeEvents(polled.events, spec, polled.waitedMs, featureLevel).map(({ expectation, ...f }) =>
    checkFailure({ ...f, clause: f.clause ?? expectation?.clause }, stepClauses, tag(expectation?.facts ?? who.facts)),
  );
}

/**
 * The convention read both ways, on every answer of a documented operation: a parameter the
 * operation supports is never listed as unsupported.
 */
function supportedListedAsIgnored(ctx: TargetContext, method: string, path: string, body: unknown): Judged[] {
  const listed = (body as { ignored_parameters_unsupported?: unknown } | undefined)?.ignored_parameters_unsupported;
  if (!Array.isArray(listed) || !ctx.documentedParameters) return [];
  const supported = ctx.documentedParameters(method, path);
  const wrong = supported ? listed.filter((name) => supported.includes(name as string)) : [];
  if (!wrong.length) return [];
  const finding = {
    check: 'ignored-params' as const,
    clause: 'conv.ignored-params',
    path: 'ignored_parameters_unsupported',
    expected: 'no parameter the operation supports',
    actual: JSON.stringify(wrong),
    message: `ignored_parameters_unsupported: names ${JSON.stringify(wrong)}, which ${method} ${path} supports`,
  };
  return [checkFailure(finding, [])];
}

/**
 * Every POST /register opens an event queue (Zulip's register always does, even for a read of
 * its state): the case deletes each one its steps opened when it ends, so no run leaves queues
 * filling up on the server. A step that deletes a queue itself takes it off the list.
 */
/** `account`: the account that sent it, which deletes it. */
function noteQueue(queues: OpenedQueue[], method: string, path: string, params: Params, exchange: Exchange, role: string, account: Account): void {
  const json = exchange.response?.json as Record<string, unknown> | undefined;
  if (json?.result !== 'success') return;
  if (method === 'POST' && path === '/register' && typeof json.queue_id === 'string') {
    if (!queues.some((q) => q.id === json.queue_id)) queues.push({ id: json.queue_id, role, account });
  } else if (method === 'DELETE' && path === '/events') {
    const at = queues.findIndex((q) => q.id === params.queue_id);
    if (at >= 0) queues.splice(at, 1);
  }
}

/** Deletes the event queues steps opened (DELETE /events as the role that opened each); best effort. */
export async function deleteQueues(ctx: TargetContext, queues: OpenedQueue[]): Promise<void> {
  await Promise.all(
    queues.map(async ({ id, role, account = ctx.accounts[role as Role] }) => {
      if (account) await ctx.client.send({ method: 'DELETE', path: '/events', params: { queue_id: id }, auth: { ...account, role }, purpose: 'cleanup' });
    }),
  );
}

/** "as member, POST /users/me/status status_text="hi"" with long values shortened. */
export function describeRequest(role: string, method: string, path: string, params: Params, auth?: string): string {
  const shown = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const text = encodeParam(v!);
      const chars = [...text];
      return `${k}=${chars.length > 24 ? `${JSON.stringify(chars.slice(0, 12).join(''))}...(${chars.length} chars)` : JSON.stringify(text)}`;
    });
  const who = auth === 'none' ? 'without credentials' : auth === 'bad' ? `as ${role} with a wrong API key` : `as ${role}`;
  return `${who}, ${method} ${path}${shown.length ? ` ${shown.join(' ')}` : ''}`;
}
