// Runs one case (its steps, then its cleanup) and turns what happened into the case's outcome:
// passed | failed (the target broke the document) | errored (could not judge) | skipped.
import type { Exchange } from '../../http/client.js';
import type { Redactor } from '../../http/redact.js';
import type { Vars } from './interpolate.js';
import { deleteQueues, runSteps, type StepOwner, type StepRecord, type StepsOutcome, type TargetContext } from './run-steps.js';
import { brokenRulesOf, type Failure } from '../judge/failure.js';
import type { Case, SpecFile } from '../load/types.js';
import type { DefaultCheck } from '../load/statement-kinds.js';
import { freshSuffix } from './default-twin.js';
import { withDefaultTwin } from './case-twin.js';

export type CaseStatus = 'passed' | 'failed' | 'skipped' | 'errored';

export interface RecordedExchange {
  request: { method: string; url: string; role: string | null; body: string | null; headers?: Record<string, string> };
  response?: { status: number; body: string };
  error?: string;
}

/** A step as sent, for the reproduction of a multi-step case. */
export interface RecordedStep {
  /** 1-based. */
  step: number;
  exchange: RecordedExchange;
  /** What a later step takes from this answer: variable name -> body path. */
  capture?: Record<string, string>;
  /** The values those captures got (a later request carries them). */
  captured?: Record<string, unknown>;
  /** How many times the request was sent, when its answer asked for a repeat. */
  sent?: number;
}

export interface CaseResult {
  id: string;
  endpoint: string;
  title: string;
  file: string;
  clauses: string[];
  /** Zulip facts the case's zulip-profile checks rest on. */
  facts?: string[];
  since?: number;
  status: CaseStatus;
  message?: string;
  /** Skipped for what the target is or lacks (a permission, something to assume), not for the run's configuration. */
  onTarget?: true;
  /** Every broken check, each naming the clause (or fact) it breaks. */
  failures?: Failure[];
  /** The rules the failures break, in order: a subset of the cited clauses (or the facts). */
  broken?: string[];
  /** Checks of disputed clauses answered the Zulip way: warnings under spec, not failures. */
  disputes?: Failure[];
  warnings?: string[];
  /** The request and answer of the step that failed (credentials redacted). */
  exchange?: RecordedExchange;
  /** Every step sent up to the one that failed, for a reproduction that replays them all. */
  steps?: RecordedStep[];
  /** A property: the seed it ran with and how many runs it was given (--seed replays them). */
  property?: { seed: number; runs: number };
  /** A property's failure: how to replay its shrunk counterexample (--seed, --grep, --replay-path). */
  replay?: { seed: number; path: string; grep: string };
  durationMs: number;
  /** 429 answers waited out during the case (never judged as the server's failure). */
  rateLimitRetries?: number;
  /** Steps whose request was sent again because the answer asked for it (delete_topic's complete: false): step number and sends in all. */
  repeats?: { step: number; sent: number }[];
}

export function baseResult(spec: SpecFile, c: Case): Pick<CaseResult, 'id' | 'endpoint' | 'title' | 'file' | 'clauses' | 'facts' | 'since'> {
  return {
    id: c.id,
    endpoint: spec.operation,
    title: c.title,
    file: spec.file,
    clauses: c.clauses,
    ...(c.facts?.length ? { facts: c.facts } : {}),
    ...(c.since ? { since: c.since } : {}),
  };
}

const BODY_LIMIT = 4000;

export function recordExchange(exchange: Exchange, redactor: Redactor): RecordedExchange {
  const text = exchange.response?.text ?? '';
  return redactor.value({
    request: exchange.request,
    ...(exchange.response ? { response: { status: exchange.response.status, body: text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}...` : text } } : {}),
    ...(exchange.error ? { error: `${exchange.error.kind}: ${exchange.error.message}` } : {}),
  });
}

function recordSteps(records: StepRecord[], redactor: Redactor): RecordedStep[] {
  return records.map((r) => ({
    step: r.index + 1,
    exchange: recordExchange(r.exchange, redactor),
    ...(r.capture ? { capture: r.capture, captured: r.captured } : {}),
    ...(r.sent ? { sent: r.sent } : {}),
  }));
}

/** "[op13.status-text]: status_text: expected ..., got ... (+1 more)" */
export function failureLine(operation: string, failures: Failure[], summary: string): string {
  const more = failures.length > 1 ? ` (+${failures.length - 1} more)` : '';
  const rules = brokenRulesOf(failures.slice(0, 1));
  return `${operation} [${rules.length ? rules.join(', ') : 'refused by the target'}]: ${failures[0].message}${more} (${summary})`;
}

/**
 * The case's assumptions about the target, read first: the variables they captured, or the case's
 * result when one does not hold (skipped: the target lacks what the case needs) or could not be read.
 */
async function checkAssumptions(spec: SpecFile, c: Case, ctx: TargetContext, vars: Vars, redactor: Redactor): Promise<{ vars: Vars } | { result: CaseResult }> {
  if (!c.assume?.length) return { vars };
  const started = performance.now();
  // Stryker disable next-line ArrayDeclaration: equivalent: a condition that does not hold skips the case with its message, which names no clause
  const held = await runSteps(c.assume, ctx, vars, { clauses: [], caseId: c.id });
  await deleteQueues(ctx, held.queues);
  if (held.status === 'passed') return { vars: held.vars };
  const durationMs = performance.now() - started;
  if (held.status === 'errored') {
    return {
      result: redactor.value({
        ...baseResult(spec, c),
        status: 'errored',
        message: `${spec.operation}: could not read what the case assumes: ${held.cause}`,
        durationMs,
      }),
    };
  }
  const step = held.records.at(-1)!;
  const what = c.assume[step.index].note ?? `assumption ${step.index + 1}`;
  return {
    result: redactor.value({
      ...baseResult(spec, c),
      status: 'skipped',
      message: `does not hold on this target: ${what} (${held.failures[0].message})`,
      onTarget: true,
      durationMs,
    }),
  };
}

/** The case's steps, then its cleanup (whatever happened), then the event queues they opened deleted. */
async function runWithCleanup(c: Case, ctx: TargetContext, vars: Vars, owner: StepOwner, warnings: string[]): Promise<StepsOutcome> {
  const outcome = await runSteps(c.steps, ctx, vars, owner);
  if (c.cleanup?.length) {
    // Stryker disable next-line ArrayDeclaration: equivalent: a cleanup's failure only warns, with its message, which names no clause
    const cleaned = await runSteps(c.cleanup, ctx, outcome.vars, { clauses: [], purpose: 'cleanup' });
    if (cleaned.status !== 'passed') warnings.push(`cleanup did not complete: ${cleaned.status === 'errored' ? cleaned.cause : cleaned.failures[0].message}`);
    outcome.queues.push(...cleaned.queues);
  }
  await deleteQueues(ctx, outcome.queues);
  return outcome;
}

export async function runCase(spec: SpecFile, c: Case, ctx: TargetContext, initial: Vars, redactor: Redactor): Promise<CaseResult> {
  const assumed = await checkAssumptions(spec, c, ctx, initial, redactor);
  if ('result' in assumed) return assumed.result;
  const { vars } = assumed;
  const started = performance.now();
  const base = baseResult(spec, c);
  const warnings: string[] = [];
  const owner = { clauses: c.clauses, facts: c.facts, zulipCase: c.profile === 'zulip', caseId: c.id, unobservable: c.unobservable };
  const leftOut = new Map<string, DefaultCheck>();
  // `${fresh}`: what the case's names carry so a run of it again meets nothing an earlier one left.
  let runs = 0;
  const runOnce = (more: Partial<StepOwner>) => runWithCleanup(c, ctx, { ...vars, fresh: freshSuffix(runs++) }, { ...owner, ...more }, warnings);
  const original = await runOnce({ defaultsLeftOut: leftOut });
  // The default kind's twin: the case again, with the defaults it left out given explicitly.
  const defaults = [...leftOut.values()];
  // A case reading an event queue is not run again: the queue would hear the first run's changes too.
  const rerunnable = !c.steps.some((s) => s.events || s.queue);
  const outcome =
    defaults.length && rerunnable
      ? await withDefaultTwin(
          original,
          (given) => runOnce(given ? { explicitDefaults: defaults } : {}),
          defaults,
          (w) => warnings.push(w),
        )
      : original;
  const disputes = outcome.disputes;
  if (disputes.length) {
    // The document and the Zulip server disagree here: under the spec profile this check warns.
    const step = outcome.records.find((r) => r.index === disputes[0].step - 1)!;
    warnings.unshift(
      `disputed clause, not a failure: ${failureLine(spec.operation, disputes, step.summary)}${c.disputed ? `; the Zulip server ${c.disputed}` : ''}`,
    );
  }
  const durationMs = performance.now() - started;
  const last: StepRecord | undefined = outcome.records.at(-1);
  const exchange = last ? recordExchange(last.exchange, redactor) : undefined;
  const retries = outcome.records.reduce((sum, r) => sum + (r.exchange.rateLimitRetries ?? 0), 0);
  const repeats = outcome.records.flatMap((r) => (r.sent ? [{ step: r.index + 1, sent: r.sent }] : []));
  const done = (result: Pick<CaseResult, 'status'> & Partial<CaseResult>): CaseResult =>
    redactor.value({
      ...base,
      ...result,
      ...(disputes.length ? { disputes } : {}),
      ...(warnings.length ? { warnings } : {}),
      durationMs,
      ...(retries ? { rateLimitRetries: retries } : {}),
      ...(repeats.length ? { repeats } : {}),
    });
  // A failing multi-step case is reproduced by replaying every step that led to it.
  const steps = outcome.records.length > 1 ? { steps: recordSteps(outcome.records, redactor) } : {};

  if (outcome.status === 'passed') return done({ status: 'passed', ...(disputes.length ? { exchange } : {}) });
  if (outcome.status === 'errored') return done({ status: 'errored', message: `${spec.operation}: could not judge: ${outcome.cause}`, exchange, ...steps });
  return done({
    status: 'failed',
    message: failureLine(spec.operation, outcome.failures, outcome.summary),
    failures: outcome.failures,
    broken: brokenRulesOf(outcome.failures),
    exchange,
    ...steps,
  });
}
