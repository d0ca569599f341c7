// Runs one case (its steps, then its cleanup) and turns what happened into the case's outcome:
// passed | failed (the target broke the document) | errored (could not judge) | skipped.
import type { Exchange } from '../http/client.js';
import type { Redactor } from '../http/redact.js';
import type { Vars } from '../engine/interpolate.js';
import { runSteps, type StepRecord, type TargetContext } from './run-steps.js';
import type { Case, SpecFile } from './types.js';

export type CaseStatus = 'passed' | 'failed' | 'skipped' | 'errored';

export interface RecordedExchange {
  request: { method: string; url: string; role: string | null; body: string | null; headers?: Record<string, string> };
  response?: { status: number; body: string };
  error?: string;
}

export interface CaseResult {
  id: string;
  endpoint: string;
  title: string;
  file: string;
  clauses: string[];
  since?: number;
  status: CaseStatus;
  message?: string;
  /** Every broken expectation, each with the clause it breaks. */
  failures?: { clause: string; message: string }[];
  warnings?: string[];
  /** The request and answer of the step that failed (credentials redacted). */
  exchange?: RecordedExchange;
  durationMs: number;
  /** 429 answers waited out during the case (never judged as the server's failure). */
  rateLimitRetries?: number;
}

export function baseResult(spec: SpecFile, c: Case): Pick<CaseResult, 'id' | 'endpoint' | 'title' | 'file' | 'clauses' | 'since'> {
  return { id: c.id, endpoint: spec.operation, title: c.title, file: spec.file, clauses: c.clauses, ...(c.since ? { since: c.since } : {}) };
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

export async function runCase(spec: SpecFile, c: Case, ctx: TargetContext, vars: Vars, redactor: Redactor): Promise<CaseResult> {
  const started = performance.now();
  const base = baseResult(spec, c);
  const outcome = await runSteps(c.steps, ctx, vars, c.id);
  const warnings: string[] = [];
  if (c.cleanup?.length) {
    const cleaned = await runSteps(c.cleanup, ctx, outcome.vars);
    if (cleaned.status !== 'passed') warnings.push(`cleanup did not complete: ${cleaned.status === 'errored' ? cleaned.cause : cleaned.failures[0].message}`);
  }
  const durationMs = performance.now() - started;
  const last: StepRecord | undefined = outcome.records.at(-1);
  const exchange = last ? recordExchange(last.exchange, redactor) : undefined;
  const retries = outcome.records.reduce((sum, r) => sum + (r.exchange.rateLimitRetries ?? 0), 0);
  const done = (result: Pick<CaseResult, 'status'> & Partial<Pick<CaseResult, 'message' | 'failures' | 'exchange'>>): CaseResult =>
    redactor.value({ ...base, ...result, ...(warnings.length ? { warnings } : {}), durationMs, ...(retries ? { rateLimitRetries: retries } : {}) });

  if (outcome.status === 'passed') return done({ status: 'passed' });
  if (outcome.status === 'errored') return done({ status: 'errored', message: `${spec.operation}: could not judge: ${outcome.cause}`, exchange });
  const failures = outcome.failures.map((f) => ({ clause: f.clause, message: f.message }));
  const first = failures[0];
  const cited = first.clause || c.clauses.join(', ');
  const more = failures.length > 1 ? ` (+${failures.length - 1} more)` : '';
  const message = `${spec.operation} [${cited}]: ${first.message}${more} (${outcome.summary})`;
  if (c.disputed) {
    // The document and the Zulip server disagree here: under the spec profile this is a warning.
    warnings.unshift(`disputed clause, not a failure: ${message}; the Zulip server ${c.disputed}`);
    return done({ status: 'passed', exchange });
  }
  return done({ status: 'failed', message, failures, exchange });
}
